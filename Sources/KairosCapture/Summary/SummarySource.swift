/// What a summary reads: a conversation's messages, or a note's sentences by its one author.
public enum SummarySource: Sendable {
    case thread
    /// In a note, the author may answer their own questions.
    case note
}
