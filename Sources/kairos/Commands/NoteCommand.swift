import ArgumentParser
import Foundation
import KairosClient
import KairosCore

/// `kairos note TEXT`: keeps a personal note; `kairos note --extract ID` shows the tasks a note holds, and with
/// `--add` adds them, linked to the note; `kairos note --summary ID` summarises a note.
struct NoteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "note", abstract: "Keep a note, summarise it, or extract the tasks it holds.",
        discussion: """
            kairos note "ideas for the offsite" keeps a note only you see. kairos note --extract ID shows the \
            tasks the note holds, read as kairos add reads text; add --add to add them, each linked to the note \
            (lists they name that you do not have are created). kairos note --summary ID shows what the note \
            comes to, as kairos summary shows a conversation's.
            """)

    @Argument(help: "The note's text.")
    var text: [String] = []
    @Option(help: "The id of a note whose tasks to show (kairos notes lists the ids).")
    var extract: String?
    @Option(help: "The id of a note to summarise: bullets, decisions, blockers, open questions, next steps.")
    var summary: String?
    @Flag(help: "With --extract: add the tasks shown.")
    var add = false
    @Flag(help: "Print the answer as JSON.")
    var json = false

    func validate() throws {
        let asked = [!text.isEmpty, extract != nil, summary != nil].filter { $0 }.count
        if asked == 0 {
            throw ValidationError(
                "Give the note's text, --extract ID to see the tasks a note holds, or --summary ID to summarise it.")
        }
        if asked > 1 {
            throw ValidationError("Give one of the note's text, --extract ID or --summary ID.")
        }
        if add, extract == nil { throw ValidationError("--add goes with --extract ID.") }
    }

    func run() async throws {
        let client = try CLISession().client
        if let noteID = summary {
            let answer = try await client.summarize(note: noteID)
            guard !json else { return printJSON(answer) }
            return Self.lines(of: answer).forEach { print($0) }
        }
        guard let noteID = extract else {
            let note = try await client.createNote(text.joined(separator: " "))
            guard !json else { return printJSON(note) }
            print("Noted \(note.id).")
            return
        }
        let proposals = try await client.extractTasks(fromNote: noteID)
        let tasks = proposals.tasks.map(CaptureCommitTask.init)
        guard !tasks.isEmpty else {
            if json { return printJSON(proposals) }
            print("Note \(noteID) holds no task.")
            return
        }
        guard add else {
            if json { return printJSON(proposals) }
            async let projects = settle { try await client.allProjects() }
            async let user = settle { try await client.currentUser() }
            let (projectResult, userResult) = await (projects, user)
            let zone = try userResult.get().timeZone
            let review = CaptureReview(
                tasks: tasks, projectNames: try projectResult.get().map(\.name),
                today: LocalDate.today(in: zone, now: Date()), timeZone: zone)
            print(review.render())
            print("Add them with: kairos note --extract \(noteID) --add")
            return
        }
        let added = try await client.addTasks(tasks, toNote: noteID, createMissingLists: true)
        guard !json else { return printJSON(added) }
        for task in added.tasks { print("Added \(task.id): \(task.content)") }
    }
}

extension NoteCommand {
    /// The summary as text: a heading per part that has points, as `kairos summary` prints a conversation's.
    static func lines(of summary: NoteSummary) -> [String] {
        func part(_ title: String, _ points: [NoteSummary.Point]) -> [String] {
            points.isEmpty ? [] : [title] + points.map { "  - \($0.text)" }
        }
        var lines =
            part("Summary", summary.summary) + part("Decisions", summary.decisions)
            + part("Blockers", summary.blockers) + part("Open questions", summary.openQuestions)
        if !summary.nextSteps.isEmpty {
            lines.append("Next steps")
            lines += summary.nextSteps.map { step in
                "  - \(step.title)" + (step.assignee.map { " (\($0))" } ?? "")
                    + (step.due.map { " due \($0.iso.replacingOccurrences(of: "T", with: " "))" } ?? "")
            }
        }
        if lines.isEmpty { lines.append("Nothing to summarise in this note.") }
        if let note = SummaryCommand.modelNote(summary.model) { lines.append(note) }
        return lines
    }
}

/// `kairos notes`: your notes, newest first, or those a search finds.
struct NotesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "notes", abstract: "List or search your notes.")
    @Option(help: "Only the notes holding these words.")
    var search: String?
    @Flag(help: "Print the notes as JSON.")
    var json = false

    func run() async throws {
        let notes = try await CLISession().client.notes(query: search, limit: PageLimit.range.upperBound).results
        guard !json else { return printJSON(notes) }
        guard !notes.isEmpty else {
            print(search.map { "No note holds \"\($0)\"." } ?? "No notes yet. Keep one with: kairos note \"...\"")
            return
        }
        for note in notes {
            let tasks =
                note.taskIDs.isEmpty ? "" : "  (\(note.taskIDs.count) task\(note.taskIDs.count == 1 ? "" : "s"))"
            let voice = note.source == .voice ? "[voice] " : ""
            print("\(note.id)  \(voice)\(TaskTable.clip(note.text, 70))\(tasks)")
        }
    }
}
