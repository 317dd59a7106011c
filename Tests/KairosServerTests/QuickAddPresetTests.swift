import Foundation
import Hummingbird
import KairosCore
import Testing

// Ada's moment (`withAda`'s default): Wednesday 2026-03-04 09:30 in New York.

@Suite("Quick add on a screen: the screen presets the project, section and day; what is typed wins")
struct QuickAddPresetTests {
    @Test("Typed in a section, the task lands there with its date and priority read from the text")
    func presetsPlaceTheTask() async throws {
        try await withAda { ada in
            let work = try await ada.createProject("Work")
            let planning = try await ada.createSection("Planning", in: work.id)
            let task = try await ada.quickAdd(
                QuickAddRequest(text: "Draft Q1 plan today p2", projectID: work.id, sectionID: planning.id))
            #expect(task.content == "Draft Q1 plan")
            #expect(task.projectID == work.id)
            #expect(task.sectionID == planning.id)
            #expect(task.due?.date.iso == "2026-03-04")
            #expect(task.priority == 3)
            // A section alone places the task in its project.
            let bare = try await ada.quickAdd(QuickAddRequest(text: "Book room", sectionID: planning.id))
            #expect(bare.projectID == work.id)
            #expect(bare.sectionID == planning.id)
            #expect(bare.due == nil)
        }
    }

    @Test("A list or a date in the text wins over the screen's; the preset day fills in when none is typed")
    func typedWins() async throws {
        try await withAda { ada in
            let work = try await ada.createProject("Work")
            let home = try await ada.createProject("Home")
            let planning = try await ada.createSection("Planning", in: work.id)
            let moved = try await ada.quickAdd(
                QuickAddRequest(
                    text: "Fix the tap tomorrow #Home", projectID: work.id, sectionID: planning.id,
                    dueDate: "2026-03-10"))
            #expect(moved.projectID == home.id)
            #expect(moved.sectionID == nil)
            #expect(moved.due?.date.iso == "2026-03-05")
            let sameList = try await ada.quickAdd(
                QuickAddRequest(text: "Agenda #Work", projectID: work.id, sectionID: planning.id))
            #expect(sameList.sectionID == planning.id)
            let onTheDay = try await ada.quickAdd(QuickAddRequest(text: "Water plants", dueDate: "2026-03-10"))
            #expect(onTheDay.projectID == (try await ada.inbox()).id)
            #expect(onTheDay.due?.date.iso == "2026-03-10")
            #expect(onTheDay.due?.time == nil)
        }
    }

    @Test("A preset that is not the user's, or malformed, is refused and nothing is created")
    func badPresets() async throws {
        try await withAPI { api in
            let ada = try await api.signUp("ada@example.com")
            let bob = try await api.signUp("bob@example.com", name: "Bob")
            let secret = try await bob.createProject("Secret")
            let hidden = try await bob.createSection("Hidden", in: secret.id)
            let work = try await ada.createProject("Work")
            let other = try await ada.createProject("Other")
            let planning = try await ada.createSection("Planning", in: work.id)
            let refused: [(String, HTTPResponse.Status, String, String)] = [
                (#"{"text": "x today", "project_id": "\#(secret.id)"}"#, .notFound, "not_found", "Project"),
                (#"{"text": "x", "section_id": "\#(hidden.id)"}"#, .notFound, "not_found", "Section"),
                (#"{"text": "x", "project_id": "nope"}"#, .notFound, "not_found", "Project"),
                (
                    #"{"text": "x", "project_id": "\#(other.id)", "section_id": "\#(planning.id)"}"#, .badRequest,
                    "invalid_field", "section_id"
                ),
                (#"{"text": "x", "due_date": "friday"}"#, .badRequest, "invalid_field", "due_date"),
                (#"{"text": "x", "project_id": 7}"#, .badRequest, "invalid_field", "project_id"),
            ]
            for (body, status, code, words) in refused {
                expectError(try await ada.post("tasks/quick", json: body), status, code: code, mentioning: words)
            }
            #expect(try await ada.tasks().isEmpty)
            #expect(try await bob.tasks().isEmpty)
        }
    }
}

@Suite("Capture commit: a reviewed task may be due on a day without a time")
struct CaptureAllDayTests {
    @Test("A day alone is an all-day due; with a recurrence it still needs a time")
    func allDay() async throws {
        try await withAda { ada in
            let tasks = try await ada.commit([CaptureCommitTask(title: "Renew passport", due: "2026-03-12")])
            #expect(tasks.first?.due?.date.iso == "2026-03-12")
            #expect(tasks.first?.due?.time == nil)
            expectError(
                try await ada.post(
                    "capture/commit",
                    CaptureCommitRequest(tasks: [
                        CaptureCommitTask(title: "Water ferns", due: "2026-03-12", recurrence: "FREQ=WEEKLY")
                    ])),
                .badRequest, code: "invalid_field", mentioning: "tasks[0].due")
            #expect(try await ada.tasks().map(\.content) == ["Renew passport"])
        }
    }
}
