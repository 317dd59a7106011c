import Hummingbird
import KairosCore
import KairosStore

/// `/tasks` and `/comments` in the Todoist API v1 shape, plus Kairos' ranked `/tasks/search`.
struct TaskController {
    let tasks: TaskService
    /// The task lists every client refreshes all the time, as written JSON, per user and URL.
    let lists: VersionedCache<ByteBuffer>

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        group.get("tasks") { request, context -> Response in
            try await cachedList(request, context) {
                let ids = request.query("ids").map {
                    $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }
                }
                let sort = try TaskSort(query: request.query("sort"))
                return try await tasks.tasks(
                    of: context.user, projectID: request.query("project_id"),
                    sectionID: request.query("section_id"), parentID: request.query("parent_id"),
                    label: request.query("label"), ids: ids, sort: sort,
                    page: try sortedPage(request, sort, filtered: false))
            }
        }
        group.get("tasks/filter") { request, context -> Response in
            guard let query = request.query("query") else {
                throw KairosError.invalidField(field: "query", message: "query is required, for example ?query=today.")
            }
            return try await cachedList(request, context) {
                let sort = try TaskSort(query: request.query("sort"))
                return try await tasks.tasks(
                    of: context.user, filterQuery: query, sort: sort,
                    page: try sortedPage(request, sort, filtered: true))
            }
        }
        group.get("tasks/search") { request, context -> Page<TaskItem> in
            guard let query = request.query("query") else {
                throw KairosError.invalidField(field: "query", message: "query is required, for example ?query=milk.")
            }
            return try await tasks.search(query, of: context.user, page: try request.pageRequest(cursorKeys: 1))
        }
        group.get("tasks/completed/by_completion_date") { request, context -> CompletedPage in
            try await completed(.completionDate, request, context)
        }
        group.get("tasks/completed/by_due_date") { request, context -> CompletedPage in
            try await completed(.dueDate, request, context)
        }
        group.post("tasks/completed/delete") { request, context -> Response in
            let body = try await request.decodeJSON(as: CompletedTasksDeleteRequest.self)
            try await tasks.deleteCompleted(body, for: context.user)
            return Response(status: .noContent)
        }
        // Shared labels are names on tasks rather than anyone's personal labels, so tasks answer for them.
        group.get("labels/shared") { request, context -> Page<String> in
            try await tasks.sharedLabels(
                of: context.user, omitPersonal: try request.queryBool("omit_personal") ?? false,
                page: try request.pageRequest(cursorKeys: 1))
        }
        group.post("labels/shared/rename") { request, context -> Response in
            let body = try await request.decodeJSON(as: SharedLabelRenameRequest.self)
            try await tasks.renameSharedLabel(request.query("name"), to: body.newName, for: context.user)
            return Response(status: .noContent)
        }
        group.post("labels/shared/remove") { request, context -> Response in
            let body = try await request.decodeJSON(as: SharedLabelRemoveRequest.self)
            try await tasks.removeSharedLabel(body.name, for: context.user)
            return Response(status: .noContent)
        }
        group.post("tasks") { request, context -> TaskItem in
            try await tasks.create(try await request.decodeJSON(as: TaskCreateRequest.self), for: context.user)
        }
        group.post("tasks/reorder") { request, context -> Response in
            try await tasks.reorder(try await request.decodeJSON(as: TaskReorderRequest.self), for: context.user)
            return Response(status: .noContent)
        }
        group.get("tasks/:id") { _, context -> TaskItem in
            try await tasks.task(try context.parameters.require("id"), of: context.user)
        }
        group.post("tasks/:id") { request, context -> TaskItem in
            let body = try await request.decodeJSON(as: TaskUpdateRequest.self)
            return try await tasks.update(try context.parameters.require("id"), body, for: context.user)
        }
        group.delete("tasks/:id") { _, context -> Response in
            try await tasks.delete(try context.parameters.require("id"), for: context.user)
            return Response(status: .noContent)
        }
        group.post("tasks/:id/close") { _, context -> Response in
            try await tasks.close(try context.parameters.require("id"), for: context.user)
            return Response(status: .noContent)
        }
        group.post("tasks/:id/reopen") { _, context -> Response in
            try await tasks.reopen(try context.parameters.require("id"), for: context.user)
            return Response(status: .noContent)
        }
        group.get("tasks/:id/activity") { request, context -> Page<TaskActivity> in
            try await tasks.activity(
                try context.parameters.require("id"), of: context.user, page: try request.pageRequest(cursorKeys: 1))
        }
        group.post("tasks/:id/move") { request, context -> Response in
            let body = try await request.decodeJSON(as: TaskMoveRequest.self)
            try await tasks.move(try context.parameters.require("id"), body, for: context.user)
            return Response(status: .noContent)
        }

        group.get("comments") { request, context -> Page<Comment> in
            let taskID = request.query("task_id")
            let projectID = request.query("project_id")
            guard taskID != nil || projectID != nil else {
                throw KairosError.invalidField(
                    field: "task_id", message: "Give task_id or project_id to list comments.")
            }
            return try await tasks.comments(
                of: context.user, taskID: taskID, projectID: projectID, page: try request.pageRequest(cursorKeys: 1))
        }
        group.post("comments") { request, context -> Comment in
            try await tasks.addComment(try await request.decodeJSON(as: CommentCreateRequest.self), for: context.user)
        }
        group.get("comments/:id") { _, context -> Comment in
            try await tasks.comment(try context.parameters.require("id"), of: context.user)
        }
        group.post("comments/:id") { request, context -> Comment in
            let body = try await request.decodeJSON(as: CommentUpdateRequest.self)
            return try await tasks.updateComment(try context.parameters.require("id"), body, for: context.user)
        }
        group.delete("comments/:id") { _, context -> Response in
            try await tasks.deleteComment(try context.parameters.require("id"), for: context.user)
            return Response(status: .noContent)
        }
    }

    /// The page a task list asks for in `sort`, whose cursor must be one that sort handed out.
    private func sortedPage(_ request: Request, _ sort: TaskSort, filtered: Bool) throws -> PageRequest {
        PageRequest(
            cursor: try sort.cursor(request.query("cursor"), ownKeys: TaskService.ownKeys(filtered: filtered)),
            limit: try Limits.requireLimit(request.queryInt("limit")))
    }

    /// Answers from `lists` while nothing has changed; errors are never kept.
    private func cachedList(
        _ request: Request, _ context: AuthenticatedContext, read: () async throws -> Page<TaskItem>
    ) async throws -> Response {
        let body = try await lists.value(for: "\(context.user.id) \(request.uri)", now: tasks.clock.now()) {
            ByteBuffer(bytes: JSONWriter.encode(try await read()))
        }
        return Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: body))
    }

    private func completed(
        _ basis: CompletedQuery.Basis, _ request: Request, _ context: AuthenticatedContext
    ) async throws -> CompletedPage {
        try await tasks.completed(
            of: context.user, basis: basis, since: request.query("since"), until: request.query("until"),
            projectID: request.query("project_id"), sectionID: request.query("section_id"),
            parentID: request.query("parent_id"), page: try request.pageRequest(cursorKeys: 2))
    }
}
