import Foundation
import KairosCore
import KairosStore

/// Todoist's searches by name: the caller's active projects, sections and personal labels whose names hold a query.
extension ProjectService {
    public func searchProjects(_ query: String?, of user: User, page: PageRequest) async throws -> Page<Project> {
        let search = try NameSearch(query)
        let all = try await everyPage(cursorKeys: 2) {
            try await store.projects(userID: user.id, archived: false, page: $0)
        }
        return search.page(of: all, name: \.name, after: page.cursor, limit: page.limit)
    }

    public func searchSections(
        _ query: String?, projectID: String?, of user: User, page: PageRequest
    ) async throws -> Page<Section> {
        let search = try NameSearch(query)
        if let projectID { _ = try await project(projectID, of: user) }
        let all = try await everyPage(cursorKeys: 2) {
            try await store.sections(userID: user.id, projectID: projectID, page: $0)
        }
        return search.page(of: all, name: \.name, after: page.cursor, limit: page.limit)
    }

    public func searchLabels(_ query: String?, of user: User, page: PageRequest) async throws -> Page<Label> {
        let search = try NameSearch(query)
        let all = try await everyPage(cursorKeys: 2) { try await store.labels(userID: user.id, page: $0) }
        return search.page(of: all, name: \.name, after: page.cursor, limit: page.limit)
    }
}

/// Every item of a list the store hands out in pages, read a full page at a time.
func everyPage<Item>(
    cursorKeys: Int, _ fetch: (PageRequest) async throws -> Page<Item>
) async throws -> [Item] {
    var items: [Item] = []
    var request = PageRequest(limit: PageLimit.range.upperBound)
    while true {
        let page = try await fetch(request)
        items += page.results
        guard let next = page.nextCursor, let cursor = PageCursor(token: next, keyCount: cursorKeys) else {
            return items
        }
        request.cursor = cursor
    }
}
