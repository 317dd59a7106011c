import Foundation
import KairosCore
import Testing

@Suite("Importing a project Todoist exported as CSV")
struct TodoistCSVImportTests {
    private let now = Date(timeIntervalSince1970: 1_790_000_000)

    /// Reads only the texts these tests use, so a test sees which cells reached the reader and in which zone.
    private func readDue(_ text: String, _ timezone: String?) -> Due? {
        switch text {
        case "every monday":
            Due(
                date: LocalDate(iso: "2026-03-02")!, string: text,
                recurrence: RecurrenceRule(frequency: .weekly, byDay: [.monday]))
        case "mar 3 9am":
            Due(date: LocalDate(iso: "2026-03-03")!, time: LocalTime(iso: "09:00:00"), timezone: timezone, string: text)
        case "mar 20":
            Due(date: LocalDate(iso: "2026-03-20")!, string: text)
        default:
            nil
        }
    }

    private let csv = #"""
        \#u{FEFF}TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE,DURATION,DURATION_UNIT,DEADLINE,DEADLINE_LANG\#r
        note,About this project,,,,,,,,,,,,\#r
        task,Clean the oven @errand @home,"Both racks, and the ""door""",1,1,Ada (1),,every monday,en,Europe/Paris,45,minute,2026-03-20,en\#r
        task,Buy oven cleaner @Errand,,3,2,Ada (1),,mar 3 9am,en,Europe/Paris,,,,\#r
        note,"Use the blue sponge,
        not the green one",,,,,,,,,,,,\#r
        task,Ask the shop,,,3,,,,,,,,mar 20,\#r
        ,,,,,,,,,,,,,\#r
        section,Garden,,,,,,,,,,,,\#r
        task,Plant tulips,,4,1,,,,,,1,day,,\#r

        """#

    private func converted() throws -> UserDataExport {
        try TodoistCSVImport(csv: csv, projectName: "Home", now: now, readDue: readDue).document
    }

    @Test("Tasks keep their order, subtasks by INDENT, section, priority, labels, description, due and deadline")
    func tasks() throws {
        let document = try converted()
        #expect(document.projects.map(\.name) == ["Home"])
        #expect(document.sections.map(\.name) == ["Garden"])
        #expect(
            document.tasks.map(\.content) == ["Clean the oven", "Buy oven cleaner", "Ask the shop", "Plant tulips"])
        let (oven, cleaner, shop, tulips) = (document.tasks[0], document.tasks[1], document.tasks[2], document.tasks[3])
        #expect(oven.parentID == nil && cleaner.parentID == oven.id && shop.parentID == cleaner.id)
        #expect(tulips.parentID == nil && tulips.sectionID == document.sections[0].id && oven.sectionID == nil)
        #expect([oven, cleaner, shop, tulips].map(\.priority) == [4, 2, 1, 1])
        #expect(oven.labels == ["errand", "home"] && cleaner.labels == ["Errand"])
        #expect(document.labels.map(\.name) == ["errand", "home"])
        #expect(oven.description == #"Both racks, and the "door""#)
        #expect(oven.due?.recurrence == RecurrenceRule(frequency: .weekly, byDay: [.monday]))
        #expect(oven.duration == TaskDuration(amount: 45, unit: .minute) && tulips.duration?.unit == .day)
        #expect(oven.deadline?.date.iso == "2026-03-20" && shop.deadline?.date.iso == "2026-03-20")
        #expect(cleaner.due?.timezone == "Europe/Paris" && cleaner.due?.time?.iso == "09:00:00")
        #expect(shop.due == nil)
    }

    @Test("A note is a comment on the task above it, or on the project before any task; line breaks survive")
    func notes() throws {
        let document = try converted()
        #expect(document.comments.map(\.content) == ["About this project", "Use the blue sponge,\nnot the green one"])
        #expect(document.comments[0].projectID == document.projects[0].id && document.comments[0].taskID == nil)
        #expect(document.comments[1].taskID == document.tasks[1].id)
        #expect(try UserDataImportPlan(document).tasks.count == 4)
    }

    @Test("A row Kairos cannot read is a 400 naming its line and column")
    func badRows() {
        let header = "TYPE,CONTENT,PRIORITY,INDENT,DATE\n"
        let cases: [(String, String)] = [
            (header + "task,A,1,1,someday maybe\n", "line 2 DATE"),
            (header + "task,A,7,1,\n", "line 2 PRIORITY"),
            (header + "task,A,1,1,\ntask,B,1,3,\n", "line 3 INDENT"),
            (header + "task,A,1,1,\nheading,B,,,\n", "line 3 TYPE"),
            ("CONTENT,DATE\nA,\n", "csv"),
        ]
        for (text, field) in cases {
            let error = #expect(throws: KairosError.self) {
                try TodoistCSVImport(csv: text, projectName: "P", now: now, readDue: readDue)
            }
            guard case .invalidField(let named, let message) = error else {
                Issue.record("Expected a field error for \(field), got \(String(describing: error))")
                continue
            }
            #expect(named == field && message.hasPrefix(field == "csv" ? "The file" : field))
        }
    }
}
