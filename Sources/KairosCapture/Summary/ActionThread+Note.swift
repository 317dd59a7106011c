import Foundation

extension ActionThread {
    /// A note read as a thread its author wrote alone: each sentence (split as the summarizer splits a message)
    /// one message, all written when the note was, so the summarizer and the action engine read it by their own
    /// rules.
    public init(note text: String, author: ActionMember, writtenAt: Date, timeZone: TimeZone) {
        self.init(
            members: [author],
            messages: SummarySentence.split(text).map { sentence in
                ActionMessage(senderID: author.id, sentAt: writtenAt, in: timeZone, text: sentence.text)
            },
            timeZone: timeZone)
    }
}
