import Foundation
import KairosCore
import Testing

/// Ada's week, seen on Wednesday 2026-03-04 at 09:30 in New York.
private struct Week {
    let payRent: TaskItem  // due today, p1, #Home, @errand
    let buyMilk: TaskItem  // due yesterday (overdue), p2, Inbox, @errand
    let report: TaskItem  // due tomorrow, #Work
    let planTrip: TaskItem  // no date, #Home
    let callMom: TaskItem  // due in 6 days (last day of "7 days"), Inbox
    let dentist: TaskItem  // due in 7 days (just outside "7 days"), p3
    let standup: TaskItem  // due today at 08:00, already past: today and overdue, #Work
    let mine: TaskItem  // no date, assigned to Ada, @waiting
    let done: TaskItem  // due today but completed: never listed

    static func make(_ ada: TestAPI) async throws -> Week {
        let home = try await ada.createProject("Home")
        let work = try await ada.createProject("Work")
        let done = try await ada.createTask("Pay rent early", projectID: home.id, dueString: "today")
        try await ada.close(done.id)
        return Week(
            payRent: try await ada.createTask(
                "Pay rent", projectID: home.id, labels: ["errand"], priority: 4, dueString: "today"),
            buyMilk: try await ada.createTask("Buy milk", labels: ["errand"], priority: 3, dueDate: "2026-03-03"),
            report: try await ada.createTask(
                "Write report", projectID: work.id, dueString: "tomorrow", description: "quarterly numbers"),
            planTrip: try await ada.createTask("Plan trip", projectID: home.id),
            callMom: try await ada.createTask("Call mom", dueDate: "2026-03-10"),
            dentist: try await ada.createTask("Dentist", priority: 2, dueDate: "2026-03-11"),
            standup: try await ada.createTask(
                TaskCreateRequest(content: "Standup", projectID: work.id, dueDatetime: "2026-03-04T08:00:00")),
            mine: try await ada.createTask(
                TaskCreateRequest(content: "Chase invoice", labels: ["waiting"], assigneeID: ada.me.id)),
            done: done)
    }
}

@Suite("Filters: the Todoist filter language on GET /tasks/filter")
struct FilterTests {
    @Test("Each filter term and combination returns exactly the matching active tasks")
    func filterLanguage() async throws {
        try await withAda { ada in
            let w = try await Week.make(ada)
            let all: Set = [
                w.payRent.id, w.buyMilk.id, w.report.id, w.planTrip.id, w.callMom.id, w.dentist.id, w.standup.id,
                w.mine.id,
            ]
            let expectations: [(String, Set<String>)] = [
                ("today", [w.payRent.id, w.standup.id]),
                ("tomorrow", [w.report.id]),
                ("overdue", [w.buyMilk.id, w.standup.id]),
                ("od", [w.buyMilk.id, w.standup.id]),
                ("no date", [w.planTrip.id, w.mine.id]),
                ("7 days", [w.payRent.id, w.report.id, w.callMom.id, w.standup.id]),
                ("next 7 days", [w.payRent.id, w.report.id, w.callMom.id, w.standup.id]),
                ("#Home", [w.payRent.id, w.planTrip.id]),
                ("#home", [w.payRent.id, w.planTrip.id]),
                ("#Inbox", [w.buyMilk.id, w.callMom.id, w.dentist.id, w.mine.id]),
                ("#Nowhere", []),
                ("@errand", [w.payRent.id, w.buyMilk.id]),
                ("@waiting", [w.mine.id]),
                ("no labels", [w.report.id, w.planTrip.id, w.callMom.id, w.dentist.id, w.standup.id]),
                ("p1", [w.payRent.id]),
                ("P2", [w.buyMilk.id]),
                ("p3", [w.dentist.id]),
                ("p4", [w.report.id, w.planTrip.id, w.callMom.id, w.standup.id, w.mine.id]),
                ("search: milk", [w.buyMilk.id]),
                ("search: quarterly", [w.report.id]),
                ("search: rent", [w.payRent.id]),
                ("assigned to: me", [w.mine.id]),
                ("today & @errand", [w.payRent.id]),
                ("today | overdue", [w.payRent.id, w.buyMilk.id, w.standup.id]),
                ("today | tomorrow & #Work", [w.payRent.id, w.standup.id, w.report.id]),
                ("(today | tomorrow) & #Work", [w.report.id, w.standup.id]),
                ("!no date", all.subtracting([w.planTrip.id, w.mine.id])),
                ("!today & !overdue & !no date", [w.report.id, w.callMom.id, w.dentist.id]),
                ("!@errand & #Home", [w.planTrip.id]),
                ("!(#Home | #Work)", [w.buyMilk.id, w.callMom.id, w.dentist.id, w.mine.id]),
                ("!!today", [w.payRent.id, w.standup.id]),
                ("(overdue | p1) & !#Work", [w.payRent.id, w.buyMilk.id]),
                ("  today  &  p1  ", [w.payRent.id]),
                ("no date | !no date", all),
            ]
            for (query, expected) in expectations {
                #expect(try await ada.filter(query) == expected, "filter: \(query)")
            }
        }
    }

    @Test("Filter results come as a page and can be paged through")
    func filterPaging() async throws {
        try await withAda { ada in
            var created: Set<String> = []
            for n in 1...5 { created.insert(try await ada.createTask("Chore \(n)", dueString: "today").id) }
            var seen: [String] = []
            var cursor: String?
            repeat {
                var query: [(String, String)] = [("query", "today"), ("limit", "2")]
                if let cursor { query.append(("cursor", cursor)) }
                let page = try expectOK(
                    try await ada.send(.get, "tasks/filter" + queryString(query)), as: Page<TaskItem>.self)
                seen += page.results.map(\.id)
                cursor = page.nextCursor
            } while cursor != nil && seen.count <= 10
            #expect(seen.count == 5)
            #expect(Set(seen) == created)
        }
    }

    @Test("\"today\" and \"overdue\" follow the user's calendar, not UTC's")
    func todayDiffersFromUTC() async throws {
        // 03:00 UTC on Thursday March 5 is still 22:00 on Wednesday March 4 in New York.
        try await withAda(now: "2026-03-05T03:00:00Z") { ada in
            let wednesday = try await ada.createTask("Wednesday thing", dueDate: "2026-03-04")
            let thursday = try await ada.createTask("Thursday thing", dueDate: "2026-03-05")
            let viaString = try await ada.createTask("Said today", dueString: "today")
            #expect(viaString.due?.date.iso == "2026-03-04")
            #expect(try await ada.filter("today") == [wednesday.id, viaString.id])
            #expect(try await ada.filter("tomorrow") == [thursday.id])
            #expect(try await ada.filter("overdue").isEmpty)
            // An evening meeting at 21:00 New York time has passed; one at 23:00 has not.
            let past = try await ada.createTask(TaskCreateRequest(content: "Past", dueDatetime: "2026-03-04T21:00:00"))
            let later = try await ada.createTask(
                TaskCreateRequest(content: "Later", dueDatetime: "2026-03-04T23:00:00"))
            #expect(try await ada.filter("overdue") == [past.id])
            #expect(try await ada.filter("today & !overdue") == [wednesday.id, viaString.id, later.id])
        }
    }

    @Test("A missing query is a 400 naming query")
    func missingQuery() async throws {
        try await withAda { ada in
            expectError(try await ada.get("tasks/filter"), .badRequest, code: "invalid_field", mentioning: "query")
            expectError(
                try await ada.get("tasks/filter", ["query": ""]), .badRequest, code: "invalid_field",
                mentioning: "query")
        }
    }

    @Test(
        "An unparseable query is a 400 whose message points at the problem",
        arguments: [
            ("today &", "position"),
            ("today | | overdue", "position"),
            ("(today | overdue", "never closed"),
            ("today)", "unexpected"),
            ("banana", "banana"),
            ("p5", "p5"),
            ("search:", "search:"),
            ("#", "#"),
            ("   ", "empty"),
        ])
    func unparseableQuery(query: String, words: String) async throws {
        try await withAda { ada in
            let reply = try await ada.get("tasks/filter", ["query": query])
            expectError(reply, .badRequest, code: "invalid_field", mentioning: "query")
            #expect(reply.error?.message.contains(words) == true, "\(query): \(reply.text)")
        }
    }

    // FilterSQL once nested one pair of parentheses per operator, so a long but ordinary query overflowed
    // SQLite's parser stack ("parser stack overflow") and the server answered 500; about 85 terms joined by
    // `|` or `&`, or about 20 `!`, were enough.
    @Test("A long filter query, such as 100 projects joined by |, is answered rather than a 500")
    func longFilterQuery() async throws {
        try await withAda { ada in
            let work = try await ada.createProject("P7")
            let task = try await ada.createTask("In P7", projectID: work.id)
            let manyProjects = (1...100).map { "#P\($0)" }.joined(separator: " | ")
            let reply = try await ada.get("tasks/filter", ["query": manyProjects])
            #expect(reply.status == .ok, "\(reply)")
            #expect((try? reply.decode(Page<TaskItem>.self).results.map(\.id)) == [task.id])

            let manyAnds = (1...80).map { "!#Q\($0)" }.joined(separator: " & ")
            let andReply = try await ada.get("tasks/filter", ["query": manyAnds])
            #expect(andReply.status == .ok, "\(andReply)")
            #expect((try? andReply.decode(Page<TaskItem>.self).results.map(\.id)) == [task.id])

            let negations = try await ada.get("tasks/filter", ["query": String(repeating: "!", count: 30) + "today"])
            #expect(negations.status != .internalServerError, "30 negations: \(negations)")
        }
    }

    // The recursive-descent parser once had no bound: ~20,000 `!` (a 20 KB URL) overflowed the thread's stack
    // and killed the whole server process (SIGSEGV). Queries are now capped in length and nesting.
    @Test("An absurdly long or nested filter query is refused with 400 instead of crashing the server")
    func absurdNesting() async throws {
        try await withAda { ada in
            for query in [
                String(repeating: "!", count: 20_000) + "today",
                String(repeating: "(", count: 20_000) + "today" + String(repeating: ")", count: 20_000),
                String(repeating: "(", count: 50) + "today" + String(repeating: ")", count: 50),
                Array(repeating: "today", count: 1_000).joined(separator: " | "),
            ] {
                let reply = try await ada.get("tasks/filter", ["query": query])
                expectError(reply, .badRequest, code: "invalid_field", mentioning: "query")
            }
        }
    }

    @Test("Query text arrives intact whether spaces are sent as %20 or +")
    func formEncodedQuery() async throws {
        try await withAda { ada in
            let undated = try await ada.createTask("Someday")
            _ = try await ada.createTask("Dated", dueString: "today")
            let plus = try await ada.send(.get, "tasks/filter?query=no+date")
            #expect(Set(try expectOK(plus, as: Page<TaskItem>.self).results.map(\.id)) == [undated.id])
            let percent = try await ada.send(.get, "tasks/filter?query=no%20date")
            #expect(Set(try expectOK(percent, as: Page<TaskItem>.self).results.map(\.id)) == [undated.id])
        }
    }

    @Test("Shared-work filters: who added, assigned and follows a task, shared projects and subtasks")
    func sharedWorkFilters() async throws {
        try await withSharedLaunch { ada, bob, carol, dave, launch in
            let groceries = try await ada.createTask("Groceries")
            let banners = try await ada.createTask(
                TaskCreateRequest(content: "Order banners", projectID: launch.id, assigneeIDs: [bob.me.id]))
            let venue = try await ada.createTask("Book venue", projectID: launch.id, dueString: "today")
            let copy = try await bob.createTask(
                TaskCreateRequest(content: "Write copy", projectID: launch.id, assigneeIDs: [ada.me.id]))
            let fonts = try await bob.createTask("Pick fonts", parentID: copy.id)
            try expectNoContent(try await ada.post("tasks/\(venue.id)/unfollow"))
            try expectNoContent(try await carol.post("tasks/\(banners.id)/follow"))

            let seen: [(TestAPI, String, Set<String>)] = [
                (ada, "added by: me", [groceries.id, banners.id, venue.id]),
                (ada, "assigned by: me", [banners.id]),
                (ada, "assigned to: me", [copy.id]),
                (ada, "assigned to: others", [banners.id]),
                (ada, "assigned to: Bob", [banners.id]),
                (ada, "assigned to: BOB@example.com", [banners.id]),
                (ada, "assigned to: ada lovelace", [copy.id]),
                (ada, "assigned to: Nobody", []),
                (ada, "shared", [banners.id, venue.id, copy.id, fonts.id]),
                (ada, "!shared", [groceries.id]),
                (ada, "no date", [groceries.id, banners.id, copy.id, fonts.id]),
                (ada, "subtask", [fonts.id]),
                (ada, "followed", [groceries.id, banners.id, copy.id]),
                (ada, "shared & !followed", [venue.id, fonts.id]),
                (ada, "assigned to: me | assigned by: me", [banners.id, copy.id]),
                (bob, "added by: me", [copy.id, fonts.id]),
                (bob, "assigned by: me", [copy.id]),
                (bob, "assigned to: me", [banners.id]),
                (bob, "assigned to: others", [copy.id]),
                (bob, "followed", [banners.id, copy.id, fonts.id]),
                (bob, "shared", [banners.id, venue.id, copy.id, fonts.id]),
                (carol, "followed", [banners.id]),
                (carol, "added by: me", []),
                (dave, "shared", []),
                (dave, "assigned to: bob@example.com", []),
                (dave, "added by: me | followed", []),
            ]
            for (person, query, expected) in seen {
                #expect(try await person.filter(query) == expected, "\(person.me.name): \(query)")
            }
            for query in ["assigned to:", "added by: Bob", "assigned by: others"] {
                expectError(
                    try await ada.get("tasks/filter", ["query": query]), .badRequest, code: "invalid_field",
                    mentioning: "query")
            }
        }
    }
}

@Suite("Search: GET /tasks/search")
struct SearchTests {
    @Test(
        "Odd search text never breaks the full-text engine",
        arguments: [
            "\"", "*", "a*b", "NEAR(milk bread)", "AND", "OR milk", "NOT", "-milk", "content:milk", "^milk",
            "'", "(", ")", "🙂", "café", "milk\"", "\\", "%", "_", "; DROP TABLE tasks",
        ])
    func oddSearchText(text: String) async throws {
        try await withAda { ada in
            let milk = try await ada.createTask("Buy milk and bread at the café")
            let search = try await ada.get("tasks/search", ["query": text])
            #expect(search.status == .ok, "\(search)")
            let ids = try search.decode(Page<TaskItem>.self).results.map(\.id)
            #expect(ids.isEmpty || ids == [milk.id])
            if !text.contains(where: { "&|()".contains($0) }) {
                let filter = try await ada.get("tasks/filter", ["query": "search: \(text)"])
                #expect(filter.status == .ok, "\(filter)")
            }
            #expect(try await ada.task(milk.id) == milk)
        }
    }

    @Test("Search ignores accents and case")
    func searchFolding() async throws {
        try await withAda { ada in
            let cafe = try await ada.createTask("Meet at the Café")
            #expect(try await ada.search("cafe").map(\.id) == [cafe.id])
            #expect(try await ada.search("CAFÉ").map(\.id) == [cafe.id])
        }
    }

    @Test("Search finds words and prefixes in content and description, best matches first")
    func rankedSearch() async throws {
        try await withAda { ada in
            let exact = try await ada.createTask("Milk")
            let wordy = try await ada.createTask(
                "Get groceries for the weekend party", description: "bread, cheese, eggs, maybe some milk, napkins")
            let twice = try await ada.createTask("Milk run: oat milk")
            _ = try await ada.createTask("Call the plumber")

            let results = try await ada.search("milk")
            #expect(Set(results.map(\.id)) == [exact.id, wordy.id, twice.id])
            #expect(results.last?.id == wordy.id, "the long description-only match ranks last")
            #expect(Set(try await ada.search("mil").map(\.id)) == [exact.id, wordy.id, twice.id])
            #expect(try await ada.search("oat milk").map(\.id) == [twice.id])
            #expect(try await ada.search("CHEESE").map(\.id) == [wordy.id])
            #expect(try await ada.search("caviar").isEmpty)
            #expect(try await ada.search("\"\"").isEmpty)
        }
    }

    @Test("Search leaves out completed tasks and sees edits")
    func searchScope() async throws {
        try await withAda { ada in
            let open = try await ada.createTask("Renew passport")
            let done = try await ada.createTask("Passport photos")
            try await ada.close(done.id)
            #expect(try await ada.search("passport").map(\.id) == [open.id])
            _ = try await ada.updateTask(open.id) { $0.content = "Renew visa" }
            #expect(try await ada.search("passport").isEmpty)
            #expect(try await ada.search("visa").map(\.id) == [open.id])
            try expectNoContent(try await ada.delete("tasks/\(open.id)"))
            #expect(try await ada.search("visa").isEmpty)
        }
    }

    @Test("Search pages with limit and cursor without gaps or repeats")
    func searchPaging() async throws {
        try await withAda { ada in
            var created: Set<String> = []
            for n in 1...5 { created.insert(try await ada.createTask("Invoice \(n)").id) }
            var seen: [String] = []
            var cursor: String?
            repeat {
                var query: [(String, String)] = [("query", "invoice"), ("limit", "2")]
                if let cursor { query.append(("cursor", cursor)) }
                let page = try expectOK(
                    try await ada.send(.get, "tasks/search" + queryString(query)), as: Page<TaskItem>.self)
                seen += page.results.map(\.id)
                cursor = page.nextCursor
            } while cursor != nil && seen.count <= 10
            #expect(seen.count == 5)
            #expect(Set(seen) == created)
        }
    }

    @Test("Search needs a query of at most 500 characters")
    func searchValidation() async throws {
        try await withAda { ada in
            expectError(try await ada.get("tasks/search"), .badRequest, code: "invalid_field", mentioning: "query")
            expectError(
                try await ada.get("tasks/search", ["query": String(repeating: "q", count: 501)]), .badRequest,
                code: "invalid_field", mentioning: "query")
        }
    }
}

@Suite("Completed tasks: by completion date and by due date")
struct CompletedTests {
    @Test("by_completion_date lists tasks completed between since and until, newest first")
    func byCompletionDate() async throws {
        try await withAda { ada in
            let early = try await ada.createTask("Early")
            let late = try await ada.createTask("Late")
            let open = try await ada.createTask("Still open")
            try await ada.close(early.id)  // 2026-03-04T14:30Z
            ada.clock.set("2026-03-06T10:00:00Z")
            try await ada.close(late.id)

            let reply = try await ada.get(
                "tasks/completed/by_completion_date",
                ["since": "2026-03-01T00:00:00Z", "until": "2026-03-31T00:00:00Z"])
            let page = try expectOK(reply, as: CompletedPage.self)
            #expect(page.items.map(\.id) == [late.id, early.id])
            #expect(page.nextCursor == nil)
            #expect(reply.object.map { Set($0.keys) } == ["items", "next_cursor"])
            #expect(!page.items.contains { $0.id == open.id })

            #expect(
                try await ada.completed(since: "2026-03-04T00:00:00Z", until: "2026-03-05T00:00:00Z").map(\.id)
                    == [early.id])
            #expect(
                try await ada.completed(since: "2026-03-05T00:00:00Z", until: "2026-03-07T00:00:00-05:00").map(\.id)
                    == [late.id])
            #expect(try await ada.completed(since: "2026-03-07T00:00:00Z", until: "2026-03-08T00:00:00Z").isEmpty)
            // since and until are inclusive.
            #expect(
                try await ada.completed(since: "2026-03-04T14:30:00Z", until: "2026-03-04T14:30:00Z").map(\.id)
                    == [early.id])
            // A reopened task is no longer completed.
            try expectNoContent(try await ada.post("tasks/\(early.id)/reopen"))
            #expect(try await ada.completed().map(\.id) == [late.id])
        }
    }

    @Test("by_due_date lists completed tasks whose due date, in the user's zone, falls in the range")
    func byDueDate() async throws {
        try await withAda { ada in
            let dueMonday = try await ada.createTask("Due Monday", dueDate: "2026-03-02")
            let dueFriday = try await ada.createTask("Due Friday", dueDate: "2026-03-06")
            let undated = try await ada.createTask("Undated")
            let openDue = try await ada.createTask("Open, due Monday", dueDate: "2026-03-02")
            for task in [dueMonday, dueFriday, undated] { try await ada.close(task.id) }

            let monday = try await ada.completed(
                "by_due_date", since: "2026-03-02T05:00:00Z", until: "2026-03-03T04:59:59Z")
            #expect(monday.map(\.id) == [dueMonday.id])
            let week = Set(
                try await ada.completed("by_due_date", since: "2026-03-01T12:00:00Z", until: "2026-03-08T12:00:00Z")
                    .map(\.id))
            #expect(week == [dueMonday.id, dueFriday.id])
            #expect(!week.contains(openDue.id))
        }
    }

    @Test("Completed lists page through with limit and cursor")
    func completedPaging() async throws {
        try await withAda { ada in
            var closed: [String] = []
            for n in 1...5 {
                let task = try await ada.createTask("Done \(n)")
                ada.clock.set("2026-03-04T15:0\(n):00Z")
                try await ada.close(task.id)
                closed.append(task.id)
            }
            // Two closed at the very same instant must still page cleanly.
            let twinA = try await ada.createTask("Twin A")
            let twinB = try await ada.createTask("Twin B")
            ada.clock.set("2026-03-04T16:00:00Z")
            try await ada.close(twinA.id)
            try await ada.close(twinB.id)

            var seen: [String] = []
            var cursor: String?
            repeat {
                var query: [(String, String)] = [
                    ("since", "2026-03-01T00:00:00Z"), ("until", "2026-03-31T00:00:00Z"), ("limit", "2"),
                ]
                if let cursor { query.append(("cursor", cursor)) }
                let page = try expectOK(
                    try await ada.send(.get, "tasks/completed/by_completion_date" + queryString(query)),
                    as: CompletedPage.self)
                #expect(page.items.count <= 2)
                seen += page.items.map(\.id)
                cursor = page.nextCursor
            } while cursor != nil && seen.count <= 14
            #expect(seen == [twinB.id, twinA.id] + closed.reversed())
        }
    }

    @Test("Completed lists narrow by project_id and parent_id")
    func completedNarrowing() async throws {
        try await withAda { ada in
            let work = try await ada.createProject("Work")
            let parent = try await ada.createTask("Report", projectID: work.id)
            let child = try await ada.createTask("Chart", parentID: parent.id)
            let other = try await ada.createTask("Elsewhere")
            try await ada.close(parent.id)
            try await ada.close(other.id)
            let inWork = try expectOK(
                try await ada.send(
                    .get,
                    "tasks/completed/by_completion_date"
                        + queryString([
                            ("since", "2026-03-01T00:00:00Z"), ("until", "2026-03-31T00:00:00Z"),
                            ("project_id", work.id),
                        ])),
                as: CompletedPage.self)
            #expect(Set(inWork.items.map(\.id)) == [parent.id, child.id])
            let underParent = try expectOK(
                try await ada.send(
                    .get,
                    "tasks/completed/by_completion_date"
                        + queryString([
                            ("since", "2026-03-01T00:00:00Z"), ("until", "2026-03-31T00:00:00Z"),
                            ("parent_id", parent.id),
                        ])),
                as: CompletedPage.self)
            #expect(underParent.items.map(\.id) == [child.id])
        }
    }

    @Test(
        "since and until are required, must be times, and until may not be before since",
        arguments: ["by_completion_date", "by_due_date"])
    func completedValidation(basis: String) async throws {
        try await withAda { ada in
            let path = "tasks/completed/\(basis)"
            expectError(try await ada.get(path), .badRequest, code: "invalid_field", mentioning: "since")
            expectError(
                try await ada.get(path, ["until": "2026-03-05T00:00:00Z"]), .badRequest, code: "invalid_field",
                mentioning: "since")
            expectError(
                try await ada.get(path, ["since": "2026-03-05T00:00:00Z"]), .badRequest, code: "invalid_field",
                mentioning: "until")
            expectError(
                try await ada.get(path, ["since": "yesterday", "until": "2026-03-05T00:00:00Z"]), .badRequest,
                code: "invalid_field", mentioning: "since")
            expectError(
                try await ada.get(path, ["since": "2026-03-05T00:00:00Z", "until": "2026-13-01T00:00:00Z"]),
                .badRequest, code: "invalid_field", mentioning: "until")
            expectError(
                try await ada.get(path, ["since": "2026-03-05T00:00:00Z", "until": "2026-03-04T00:00:00Z"]),
                .badRequest, code: "invalid_field", mentioning: "until")
            expectError(
                try await ada.get(
                    path, ["since": "2026-03-01T00:00:00Z", "until": "2026-03-04T00:00:00Z", "limit": "0"]),
                .badRequest, code: "invalid_field", mentioning: "limit")
        }
    }
}
