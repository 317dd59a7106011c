import Foundation

/// A project exported from Todoist as CSV (TYPE, CONTENT, DESCRIPTION, PRIORITY, INDENT, DATE, TIMEZONE, DURATION,
/// DURATION_UNIT, DEADLINE, ...) turned into the document `POST /api/v1/user/import` takes: one project named
/// `projectName`, its sections, its tasks with their subtasks (by INDENT), and each note as a comment on the task
/// above it. Labels are the `@name` words of a task's CONTENT, as in Todoist's CSV.
public struct TodoistCSVImport: Sendable {
    /// The document to import.
    public var document: UserDataExport

    /// Converts `csv`; `readDue` reads a DATE cell ("every monday", "tomorrow 9am") in the row's TIMEZONE, or gives
    /// nil when it cannot. A row Kairos cannot read is a 400 naming its line.
    public init(
        csv: String, projectName: String, now: Date, readDue: (_ text: String, _ timezone: String?) -> Due?
    ) throws(KairosError) {
        let rows = Self.rows(of: csv)
        guard let header = rows.first?.cells.map({ $0.trimmingCharacters(in: .whitespaces).uppercased() }),
            header.contains("TYPE"), header.contains("CONTENT")
        else {
            throw .invalidField(
                field: "csv",
                message: "The file is not a Todoist CSV export: its first line must name the columns, "
                    + "TYPE and CONTENT among them.")
        }
        let projectID = "1"
        var sections: [Section] = []
        var tasks: [TaskItem] = []
        var comments: [Comment] = []
        var labelNames: [String] = []
        // The last task at each INDENT level, so a deeper one finds its parent.
        var parents: [Int: String] = [:]
        for row in rows.dropFirst() {
            let cell = { (column: String) -> String in
                guard let index = header.firstIndex(of: column), index < row.cells.count else { return "" }
                return row.cells[index].trimmingCharacters(in: .whitespacesAndNewlines)
            }
            let field = { (column: String) in "line \(row.line) \(column)" }
            switch cell("TYPE").lowercased() {
            case "":
                continue
            case "section":
                sections.append(
                    Section(
                        id: String(sections.count + 1), projectID: projectID, name: cell("CONTENT"),
                        sectionOrder: sections.count + 1, addedAt: now, updatedAt: now))
                parents = [:]
            case "note":
                comments.append(
                    Comment(
                        id: String(comments.count + 1), taskID: tasks.last?.id,
                        projectID: tasks.isEmpty ? projectID : nil, posterID: "", content: cell("CONTENT"),
                        postedAt: now))
            case "task":
                let (content, labels) = Self.labels(in: cell("CONTENT"))
                for label in labels where !labelNames.contains(where: { $0.lowercased() == label.lowercased() }) {
                    labelNames.append(label)
                }
                let indent = cell("INDENT").isEmpty ? 1 : Int(cell("INDENT")) ?? 0
                guard indent >= 1 else {
                    throw .invalidField(field: field("INDENT"), message: "\(field("INDENT")) must be 1, 2, 3 or 4.")
                }
                guard indent == 1 || parents[indent - 1] != nil else {
                    throw .invalidField(
                        field: field("INDENT"),
                        message: "\(field("INDENT")) is \(indent), but no task at level \(indent - 1) comes before it.")
                }
                let id = String(tasks.count + 1)
                parents = parents.filter { $0.key < indent }
                parents[indent] = id
                tasks.append(
                    TaskItem(
                        id: id, userID: "", projectID: projectID, sectionID: sections.last?.id,
                        parentID: indent > 1 ? parents[indent - 1] : nil, content: content,
                        description: cell("DESCRIPTION"), labels: labels,
                        priority: try Self.priority(cell("PRIORITY"), field: field("PRIORITY")),
                        due: try Self.due(
                            cell("DATE"), timezone: cell("TIMEZONE"), lang: cell("DATE_LANG"), field: field("DATE"),
                            readDue: readDue),
                        deadline: try Self.deadline(
                            cell("DEADLINE"), lang: cell("DEADLINE_LANG"), field: field("DEADLINE"), readDue: readDue),
                        duration: try Self.duration(
                            cell("DURATION"), unit: cell("DURATION_UNIT"), field: field("DURATION")),
                        childOrder: tasks.count + 1, addedByUID: "", addedAt: now, updatedAt: now))
            case let other:
                let type = field("TYPE")
                throw .invalidField(field: type, message: "\(type) is \"\(other)\": it must be task, section or note.")
            }
        }
        let project = Project(
            id: projectID, name: projectName, childOrder: 0, ownerID: "", createdAt: now, updatedAt: now)
        document = UserDataExport(
            exportedAt: now, account: nil, projects: [project], sections: sections,
            labels: labelNames.enumerated().map {
                Label(id: String($0.offset + 1), name: $0.element, order: $0.offset + 1)
            },
            tasks: tasks, comments: comments)
    }

    /// Todoist's CSV counts priority the way its apps show it: 1 is p1, the most urgent (Kairos' 4); an empty cell
    /// is an ordinary task.
    private static func priority(_ text: String, field: String) throws(KairosError) -> Int {
        if text.isEmpty { return 1 }
        guard let shown = Int(text), (1...4).contains(shown) else {
            throw .invalidField(field: field, message: "\(field) must be 1 (p1, the most urgent) to 4.")
        }
        return 5 - shown
    }

    private static func due(
        _ text: String, timezone: String, lang: String, field: String, readDue: (String, String?) -> Due?
    ) throws(KairosError) -> Due? {
        if text.isEmpty { return nil }
        guard var due = readDue(text, timezone.isEmpty ? nil : timezone) else {
            throw .invalidField(
                field: field, message: "\(field) \"\(text)\" is not a due date Kairos can read, such as every monday.")
        }
        if !lang.isEmpty { due.lang = lang }
        return due
    }

    private static func deadline(
        _ text: String, lang: String, field: String, readDue: (String, String?) -> Due?
    ) throws(KairosError) -> Deadline? {
        if text.isEmpty { return nil }
        guard let day = LocalDate(iso: text) ?? readDue(text, nil)?.date else {
            throw .invalidField(field: field, message: "\(field) \"\(text)\" is not a date such as 2026-03-12.")
        }
        return Deadline(date: day, lang: lang.isEmpty ? "en" : lang)
    }

    private static func duration(_ text: String, unit: String, field: String) throws(KairosError) -> TaskDuration? {
        if text.isEmpty { return nil }
        guard let amount = Int(text), amount > 0 else {
            throw .invalidField(field: field, message: "\(field) must be a whole number above 0.")
        }
        guard let unit = TaskDuration.Unit(rawValue: unit.isEmpty ? "minute" : unit.lowercased()) else {
            throw .invalidField(
                field: field.replacingOccurrences(of: "DURATION", with: "DURATION_UNIT"),
                message: "DURATION_UNIT must be minute or day.")
        }
        return TaskDuration(amount: amount, unit: unit)
    }

    /// The content without its `@label` words, and those labels in order.
    static func labels(in content: String) -> (content: String, labels: [String]) {
        var words: [Substring] = []
        var labels: [String] = []
        for word in content.split(separator: " ", omittingEmptySubsequences: true) {
            if word.count > 1, word.hasPrefix("@") {
                labels.append(String(word.dropFirst()))
            } else {
                words.append(word)
            }
        }
        return (words.joined(separator: " "), labels)
    }

    /// The file's records (RFC 4180: quoted cells may hold commas, quotes doubled, and line breaks), each with the
    /// line it starts on.
    static func rows(of text: String) -> [(line: Int, cells: [String])] {
        var rows: [(line: Int, cells: [String])] = []
        var cells: [String] = []
        var cell = ""
        var quoted = false
        var line = 1
        var rowLine = 1
        var characters = text.hasPrefix("\u{FEFF}") ? Substring(text.dropFirst()) : Substring(text)
        while let character = characters.popFirst() {
            if quoted {
                if character == "\"" {
                    if characters.first == "\"" {
                        cell.append("\"")
                        characters.removeFirst()
                    } else {
                        quoted = false
                    }
                } else {
                    if character == "\n" || character == "\r\n" { line += 1 }
                    cell.append(character)
                }
                continue
            }
            switch character {
            case "\"":
                quoted = true
            case ",":
                cells.append(cell)
                cell = ""
            case "\n", "\r\n", "\r":
                cells.append(cell)
                rows.append((rowLine, cells))
                cells = []
                cell = ""
                line += 1
                rowLine = line
            default:
                cell.append(character)
            }
        }
        if !cell.isEmpty || !cells.isEmpty {
            cells.append(cell)
            rows.append((rowLine, cells))
        }
        return rows
    }
}
