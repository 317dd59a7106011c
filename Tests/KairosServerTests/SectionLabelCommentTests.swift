import Foundation
import KairosCore
import Testing

@Suite("Sections")
struct SectionTests {
    @Test("Sections are created in a project, listed, read, renamed and deleted")
    func sectionLifecycle() async throws {
        try await withAda { ada in
            let home = try await ada.createProject("Home")
            let work = try await ada.createProject("Work")
            let kitchen = try await ada.createSection("Kitchen", in: home.id)
            let garden = try expectOK(
                try await ada.post("sections", SectionCreateRequest(name: " Garden ", projectID: home.id, order: 7)),
                as: Section.self)
            let desk = try await ada.createSection("Desk", in: work.id)
            #expect(kitchen.projectID == home.id)
            #expect(kitchen.sectionOrder == 1)
            #expect(garden.name == "Garden")
            #expect(garden.sectionOrder == 7)
            #expect(!kitchen.isCollapsed)

            let inHome = try expectOK(
                try await ada.get("sections", ["project_id": home.id]), as: Page<Section>.self
            ).results
            #expect(inHome.map(\.id) == [kitchen.id, garden.id])
            let all = try expectOK(try await ada.get("sections"), as: Page<Section>.self).results
            #expect(Set(all.map(\.id)) == [kitchen.id, garden.id, desk.id])
            #expect(try expectOK(try await ada.get("sections/\(kitchen.id)"), as: Section.self) == kitchen)

            let renamed = try expectOK(
                try await ada.post(
                    "sections/\(kitchen.id)", SectionUpdateRequest(name: "Pantry", sectionOrder: 3, isCollapsed: true)),
                as: Section.self)
            #expect(renamed.name == "Pantry")
            #expect(renamed.sectionOrder == 3)
            #expect(renamed.isCollapsed)
            #expect(renamed.projectID == home.id)

            try expectNoContent(try await ada.delete("sections/\(kitchen.id)"))
            expectError(
                try await ada.get("sections/\(kitchen.id)"), .notFound, code: "not_found", mentioning: "Section")
            expectError(try await ada.delete("sections/\(kitchen.id)"), .notFound, code: "not_found")
        }
    }

    @Test("Deleting a section deletes the tasks in it")
    func deleteSectionDeletesTasks() async throws {
        try await withAda { ada in
            let home = try await ada.createProject("Home")
            let kitchen = try await ada.createSection("Kitchen", in: home.id)
            let inside = try await ada.createTask("Descale kettle", sectionID: kitchen.id)
            let outside = try await ada.createTask("Mow lawn", projectID: home.id)
            try expectNoContent(try await ada.delete("sections/\(kitchen.id)"))
            expectError(try await ada.get("tasks/\(inside.id)"), .notFound, code: "not_found")
            #expect(try await ada.taskIDs(["project_id": home.id]) == [outside.id])
        }
    }

    @Test("Section validation: name required and limited, project must exist")
    func sectionValidation() async throws {
        try await withAda { ada in
            let home = try await ada.createProject("Home")
            expectError(
                try await ada.post("sections", SectionCreateRequest(name: "", projectID: home.id)), .badRequest,
                code: "invalid_field", mentioning: "name")
            expectError(
                try await ada.post(
                    "sections", SectionCreateRequest(name: String(repeating: "s", count: 121), projectID: home.id)),
                .badRequest, code: "invalid_field", mentioning: "name")
            expectError(
                try await ada.post("sections", json: #"{"name": "Kitchen"}"#), .badRequest, code: "invalid_field",
                mentioning: "project_id")
            expectError(
                try await ada.post("sections", SectionCreateRequest(name: "Kitchen", projectID: "999999")), .notFound,
                code: "not_found", mentioning: "Project")
            expectError(try await ada.get("sections", ["project_id": "999999"]), .notFound, code: "not_found")
            #expect(try expectOK(try await ada.get("sections"), as: Page<Section>.self).results.isEmpty)

            let kitchen = try await ada.createSection("Kitchen", in: home.id)
            expectError(
                try await ada.post("sections/\(kitchen.id)", SectionUpdateRequest(name: " ")), .badRequest,
                code: "invalid_field", mentioning: "name")
            expectError(
                try await ada.post("sections/999999", SectionUpdateRequest(name: "x")), .notFound, code: "not_found")
            #expect(try expectOK(try await ada.get("sections/\(kitchen.id)"), as: Section.self) == kitchen)
        }
    }
}

@Suite("Labels")
struct LabelTests {
    @Test("Labels are created, listed, read, updated and deleted")
    func labelLifecycle() async throws {
        try await withAda { ada in
            let errand = try expectOK(
                try await ada.post("labels", LabelRequest(name: "errand", color: "berry_red", isFavorite: true)),
                as: Label.self)
            let waiting = try await ada.createLabel("waiting")
            #expect(errand.name == "errand")
            #expect(errand.color == "berry_red")
            #expect(errand.isFavorite)
            #expect(waiting.color == "charcoal")
            #expect(!waiting.isFavorite)

            let list = try expectOK(try await ada.get("labels"), as: Page<Label>.self)
            #expect(list.results.map(\.name) == ["errand", "waiting"])
            #expect(try expectOK(try await ada.get("labels/\(errand.id)"), as: Label.self) == errand)

            let updated = try expectOK(
                try await ada.post("labels/\(waiting.id)", LabelRequest(color: "blue", order: 0, isFavorite: true)),
                as: Label.self)
            #expect(updated.name == "waiting")
            #expect(updated.color == "blue")
            #expect(updated.order == 0)
            #expect(updated.isFavorite)
            #expect(
                try expectOK(try await ada.get("labels"), as: Page<Label>.self).results.map(\.name) == [
                    "waiting", "errand",
                ])

            try expectNoContent(try await ada.delete("labels/\(errand.id)"))
            expectError(try await ada.get("labels/\(errand.id)"), .notFound, code: "not_found", mentioning: "Label")
            expectError(try await ada.delete("labels/\(errand.id)"), .notFound, code: "not_found")
            expectError(
                try await ada.post("labels/\(errand.id)", LabelRequest(color: "red")), .notFound, code: "not_found")
        }
    }

    @Test("Renaming a label renames it on every task that carries it")
    func renamePropagates() async throws {
        try await withAda { ada in
            let errand = try await ada.createLabel("errand")
            let tagged = try await ada.createTask("Buy stamps", labels: ["errand", "quick"])
            let other = try await ada.createTask("Read", labels: ["quick"])
            _ = try expectOK(try await ada.post("labels/\(errand.id)", LabelRequest(name: "outside")), as: Label.self)
            #expect(try await ada.task(tagged.id).labels == ["outside", "quick"])
            #expect(try await ada.task(other.id).labels == ["quick"])
            #expect(try await ada.taskIDs(["label": "outside"]) == [tagged.id])
            #expect(try await ada.taskIDs(["label": "errand"]).isEmpty)
            #expect(try await ada.filter("@outside") == [tagged.id])
        }
    }

    @Test("Renaming a label to a name a task already carries merges the two instead of failing")
    func renameOntoTaskOnlyName() async throws {
        try await withAda { ada in
            // Tasks may carry label names that were never created as labels ("quick" here), so the uniqueness
            // check on `labels` lets the rename through; the task carrying both names must end up with one,
            // not trip the (task_id, name) primary key of `task_labels`.
            let errand = try await ada.createLabel("errand")
            let tagged = try await ada.createTask("Buy stamps", labels: ["errand", "quick"])
            let reply = try await ada.post("labels/\(errand.id)", LabelRequest(name: "quick"))
            #expect(reply.status == .ok, "\(reply)")
            #expect(try await ada.task(tagged.id).labels == ["quick"])
        }
    }

    @Test("Deleting a label removes it from the tasks that carried it")
    func deleteRemovesFromTasks() async throws {
        try await withAda { ada in
            let errand = try await ada.createLabel("errand")
            let tagged = try await ada.createTask("Buy stamps", labels: ["quick", "errand"])
            try expectNoContent(try await ada.delete("labels/\(errand.id)"))
            #expect(try await ada.task(tagged.id).labels == ["quick"])
        }
    }

    @Test("Label names are unique per user, case-insensitively, on create and on rename")
    func duplicateNames() async throws {
        try await withAda { ada in
            let errand = try await ada.createLabel("errand")
            let home = try await ada.createLabel("home")
            expectError(try await ada.post("labels", LabelRequest(name: "errand")), .conflict, code: "conflict")
            expectError(try await ada.post("labels", LabelRequest(name: "Errand")), .conflict, code: "conflict")
            expectError(
                try await ada.post("labels/\(home.id)", LabelRequest(name: "ERRAND")), .conflict, code: "conflict")
            #expect(try expectOK(try await ada.get("labels"), as: Page<Label>.self).results == [errand, home])
            // Changing only the case of one's own name is fine.
            let recased = try expectOK(
                try await ada.post("labels/\(errand.id)", LabelRequest(name: "Errand")), as: Label.self)
            #expect(recased.name == "Errand")
        }
    }

    @Test(
        "Label fields are validated with a 400 naming the field",
        arguments: [
            (#"{}"#, "name"),
            (#"{"name": ""}"#, "name"),
            (#"{"name": "a&b"}"#, "name"),
            (#"{"name": "@home"}"#, "name"),
            (#"{"name": "x,y"}"#, "name"),
            (#"{"name": "ok", "color": "plaid"}"#, "color"),
            (#"{"name": "ok", "is_favorite": "yes"}"#, "is_favorite"),
        ])
    func labelValidation(body: String, field: String) async throws {
        try await withAda { ada in
            expectError(try await ada.post("labels", json: body), .badRequest, code: "invalid_field", mentioning: field)
            #expect(try expectOK(try await ada.get("labels"), as: Page<Label>.self).results.isEmpty)
        }
    }
}

@Suite("Comments")
struct CommentTests {
    @Test("Comments on a task are added, listed, read, edited and deleted, and counted on the task")
    func taskComments() async throws {
        try await withAda { ada in
            let task = try await ada.createTask("Plan trip")
            let reply = try await ada.post("comments", CommentCreateRequest(content: "Book the train", taskID: task.id))
            let first = try expectOK(reply, as: Comment.self)
            #expect(first.taskID == task.id)
            #expect(first.projectID == nil)
            #expect(first.posterID == ada.me.id)
            #expect(first.content == "Book the train")
            #expect(first.postedAt == ada.clock.now)
            let wire = try #require(reply.object)
            #expect(wire["item_id"] as? String == task.id)
            #expect(wire.keys.contains("file_attachment"))

            let second = try expectOK(
                try await ada.post("comments", CommentCreateRequest(content: "And the hotel", taskID: task.id)),
                as: Comment.self)
            #expect(try await ada.task(task.id).noteCount == 2)

            let list = try expectOK(try await ada.get("comments", ["task_id": task.id]), as: Page<Comment>.self)
            #expect(list.results.map(\.id) == [first.id, second.id])
            #expect(try expectOK(try await ada.get("comments/\(first.id)"), as: Comment.self) == first)

            let edited = try expectOK(
                try await ada.post("comments/\(first.id)", CommentUpdateRequest(content: "Book the night train")),
                as: Comment.self)
            #expect(edited.content == "Book the night train")
            #expect(edited.taskID == task.id)

            try expectNoContent(try await ada.delete("comments/\(second.id)"))
            expectError(try await ada.get("comments/\(second.id)"), .notFound, code: "not_found", mentioning: "Comment")
            expectError(try await ada.delete("comments/\(second.id)"), .notFound, code: "not_found")
            expectError(
                try await ada.post("comments/\(second.id)", CommentUpdateRequest(content: "x")), .notFound,
                code: "not_found")
            #expect(try await ada.task(task.id).noteCount == 1)
        }
    }

    @Test("Comments on a project are listed by project_id")
    func projectComments() async throws {
        try await withAda { ada in
            let home = try await ada.createProject("Home")
            let note = try expectOK(
                try await ada.post("comments", CommentCreateRequest(content: "Keys under the mat", projectID: home.id)),
                as: Comment.self)
            #expect(note.projectID == home.id)
            #expect(note.taskID == nil)
            let list = try expectOK(try await ada.get("comments", ["project_id": home.id]), as: Page<Comment>.self)
            #expect(list.results == [note])
        }
    }

    @Test("Comments page through with limit and cursor")
    func commentPagination() async throws {
        try await withAda { ada in
            let task = try await ada.createTask("Chatty")
            var posted: [String] = []
            for n in 1...5 {
                posted.append(
                    try expectOK(
                        try await ada.post("comments", CommentCreateRequest(content: "note \(n)", taskID: task.id)),
                        as: Comment.self
                    ).id)
            }
            var seen: [String] = []
            var cursor: String?
            repeat {
                var query: [(String, String)] = [("task_id", task.id), ("limit", "2")]
                if let cursor { query.append(("cursor", cursor)) }
                let page = try expectOK(
                    try await ada.send(.get, "comments" + queryString(query)), as: Page<Comment>.self)
                seen += page.results.map(\.id)
                cursor = page.nextCursor
            } while cursor != nil
            #expect(seen == posted)
        }
    }

    @Test("A comment needs a task or a project, and content of 1 to 15000 characters")
    func commentValidation() async throws {
        try await withAda { ada in
            let task = try await ada.createTask("Plan trip")
            expectError(
                try await ada.post("comments", CommentCreateRequest(content: "Floating")), .badRequest,
                code: "invalid_field", mentioning: "task_id")
            expectError(try await ada.get("comments"), .badRequest, code: "invalid_field", mentioning: "task_id")
            expectError(
                try await ada.post("comments", CommentCreateRequest(content: "", taskID: task.id)), .badRequest,
                code: "invalid_field", mentioning: "content")
            expectError(
                try await ada.post(
                    "comments", CommentCreateRequest(content: String(repeating: "c", count: 15_001), taskID: task.id)),
                .badRequest, code: "invalid_field", mentioning: "content")
            expectError(
                try await ada.post("comments", CommentCreateRequest(content: "Lost", taskID: "999999")), .notFound,
                code: "not_found", mentioning: "Task")
            expectError(
                try await ada.post("comments", CommentCreateRequest(content: "Lost", projectID: "999999")), .notFound,
                code: "not_found", mentioning: "Project")
            expectError(try await ada.get("comments", ["task_id": "999999"]), .notFound, code: "not_found")
            expectError(try await ada.get("comments", ["project_id": "999999"]), .notFound, code: "not_found")
            #expect(
                try expectOK(try await ada.get("comments", ["task_id": task.id]), as: Page<Comment>.self).results
                    .isEmpty)

            let ok = try expectOK(
                try await ada.post("comments", CommentCreateRequest(content: "Fine", taskID: task.id)), as: Comment.self
            )
            expectError(
                try await ada.post("comments/\(ok.id)", CommentUpdateRequest(content: "  ")), .badRequest,
                code: "invalid_field", mentioning: "content")
            #expect(try expectOK(try await ada.get("comments/\(ok.id)"), as: Comment.self).content == "Fine")
        }
    }

    @Test("Deleting a task deletes its comments")
    func deleteTaskDeletesComments() async throws {
        try await withAda { ada in
            let task = try await ada.createTask("Plan trip")
            let note = try expectOK(
                try await ada.post("comments", CommentCreateRequest(content: "Book the train", taskID: task.id)),
                as: Comment.self)
            try expectNoContent(try await ada.delete("tasks/\(task.id)"))
            expectError(try await ada.get("comments/\(note.id)"), .notFound, code: "not_found")
        }
    }
}
