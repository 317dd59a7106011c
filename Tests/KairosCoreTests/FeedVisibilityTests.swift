import Testing

@testable import KairosCore

@Suite("Feed visibility: what a reader is shown of their event feed")
struct FeedVisibilityTests {
    @Test("A read receipt shows only between people who both show them; one's own always")
    func receipts() {
        let receipt = FeedVisibility.Entry(kind: .conversationRead, actorID: "2", messageID: "9")
        #expect(FeedVisibility.shows(receipt, to: "1"))
        var hidden = receipt
        hidden.receiptsHidden = true
        #expect(!FeedVisibility.shows(hidden, to: "1"))
        #expect(FeedVisibility.shows(hidden, to: "2"))
        var readerGone = receipt
        readerGone.actorID = nil
        #expect(!FeedVisibility.shows(readerGone, to: "1"))
    }

    @Test("Nothing of a conversation the reader left, nor of a deleted message or task")
    func gone() {
        #expect(!FeedVisibility.shows(.init(kind: .notificationCreated, readerInConversation: false), to: "1"))
        #expect(!FeedVisibility.shows(.init(kind: .messageCreated), to: "1"))
        #expect(FeedVisibility.shows(.init(kind: .messageCreated, messageID: "4"), to: "1"))
        #expect(!FeedVisibility.shows(.init(kind: .taskUpdated), to: "1"))
        #expect(FeedVisibility.shows(.init(kind: .stopwatchChanged), to: "1"))
    }

    @Test("A project's entries follow what the reader sees now; the project's own change always shows")
    func projects() {
        let change = FeedVisibility.Entry(kind: .taskUpdated, taskID: "7", projectID: "3")
        #expect(!FeedVisibility.shows(change, to: "1"))
        var seen = change
        seen.readerSeesTask = true
        #expect(FeedVisibility.shows(seen, to: "1"))
        #expect(!FeedVisibility.shows(.init(kind: .taskDeleted, taskID: "7", projectID: "3"), to: "1"))
        #expect(
            FeedVisibility.shows(
                .init(kind: .taskDeleted, taskID: "7", projectID: "3", readerSeesProject: true), to: "1"))
        #expect(FeedVisibility.shows(.init(kind: .projectUpdated, projectID: "3"), to: "1"))
    }
}
