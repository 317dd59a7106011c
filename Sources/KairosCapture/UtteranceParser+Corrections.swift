import KairosCore

// Self-corrections applied to the task said just before (capture rules, section 8).
extension UtteranceParser {
    /// Applies a correction to the task clause just before; false when there is none to correct, or the words
    /// after the marker turn out to be a task of their own, so the clause is read as usual.
    func correct(with effect: CorrectionEffect, _ clause: Clause, in made: inout MadeTasks) -> Bool {
        // A time corrected when no task came before it ("... they emailed it, at two no wait three") is dropped.
        guard let last = made.last else { return effect == .retime }
        switch effect {
        case .cancel:
            made.setAside += made.tasks[last.range].map(\.sourceSpan)
            made.tasks.removeSubrange(last.range)
            made.last = nil
        case .retime:
            let dates = last.dates.corrected(by: timing(of: clause))
            let due = calculator.due(for: dates)
            for index in last.range {
                made.tasks[index].due = due
                made.tasks[index].recurrence = dates.recurrence
            }
            made.last?.dates = dates
        case .replace(let overlapRequired):
            let reading = read(clause)
            guard case .task(var items) = reading.role,
                !overlapRequired || speaksOfTheSame(items, as: made.tasks[last.range], clause: clause)
            else { return false }
            if items.count == 1, refersBack(items[0]) {
                // "book a dentist appointment next week scratch that book it for monday": the same task, retimed.
                items = made.tasks[last.range].map { Item(title: $0.title, span: $0.sourceSpan) }
            }
            var replacement = reading
            replacement.list = reading.list ?? last.reading.list
            replacement.priority = reading.priority ?? last.reading.priority
            if reading.labels.isEmpty { replacement.labels = last.reading.labels }
            let dates = reading.dates.isEmpty ? last.dates : last.dates.corrected(by: reading.dates)
            made.tasks.removeSubrange(last.range)
            made.append(items, reading: replacement, dates: dates, calculator: calculator)
        }
        return true
    }

    /// Whether a task's words are only an action on "it" ("book it", "move that"), naming what was said before.
    func refersBack(_ item: Item) -> Bool {
        let words = item.title.lowercased().split(separator: " ")
        return words.count == 2 && Self.pronouns.contains(String(words[1]))
    }

    /// The date phrases of a correction's words, a bare "six" read as a time.
    func timing(of clause: Clause) -> DatePhrases {
        var dates = DatePhrases()
        var seen = Set<Int>()
        for index in clause.tokens {
            if let mention = mentionAt[index] {
                if seen.insert(mention).inserted, mentions[mention].isDate { dates.add(mentions[mention].kind) }
            } else if dates.isEmpty, let bare = bareTime(from: index) {
                dates.add(.time(bare.clock))
            }
        }
        return dates
    }

    /// Whether a new action after "actually" corrects the task before: it says no "also", and it shares a word
    /// of its object ("email bob about the invoice actually email alice about the invoice").
    func speaksOfTheSame(_ items: [Item], as previous: ArraySlice<CaptureProposal>, clause: Clause) -> Bool {
        if clause.tokens.contains(where: { ["also", "too", "another"].contains(tokens[$0].word) }) { return false }
        func objectWords(_ title: String) -> Set<String> {
            let words = title.lowercased().split(separator: " ").dropFirst().map(String.init)
            return Set(words.filter { !Self.openEndings.contains($0) && !Lexicon.determiners.contains($0) })
        }
        let before = previous.reduce(into: Set<String>()) { $0.formUnion(objectWords($1.title)) }
        return items.contains { !objectWords($0.title).isDisjoint(with: before) }
    }
}
