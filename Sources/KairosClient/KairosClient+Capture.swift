import Foundation

extension KairosClient {
    /// The tasks `text` holds, as proposals to review, read in the user's lists; nothing is written (`POST /capture`).
    ///
    /// `now` and `timeZone` (an IANA name) say when and where it was said; by default now, in the user's zone.
    public func capture(
        _ text: String, now: LocalDateTime? = nil, timeZone: String? = nil
    ) async throws -> CaptureResult {
        try await send(.post, "capture", body: CaptureRequest(text: text, now: now?.iso, tz: timeZone))
    }

    /// The one task a highlighted part of `text` makes, `range` in UTF-16 offsets; nil when it holds none
    /// (`POST /capture/span`).
    public func captureSpan(
        _ text: String, range: Range<Int>, now: LocalDateTime? = nil, timeZone: String? = nil
    ) async throws -> CaptureProposal? {
        let request = CaptureSpanRequest(
            text: text, start: range.lowerBound, end: range.upperBound, now: now?.iso, tz: timeZone)
        let result: CaptureSpanResult = try await send(.post, "capture", "span", body: request)
        return result.task
    }

    /// Creates reviewed tasks, all or none (`POST /capture/commit`). A list the user does not have is an error
    /// unless `createMissingLists`, which creates it. `CaptureCommitTask(proposal)` turns a proposal into a task.
    /// Pass the same `clientID` when retrying a commit whose answer was lost: the first commit's tasks come back
    /// and none is made twice.
    public func commitCapture(
        _ tasks: [CaptureCommitTask], createMissingLists: Bool = false, clientID: String? = UUID().uuidString
    ) async throws -> [TaskItem] {
        let request = CaptureCommitRequest(tasks: tasks, createMissingLists: createMissingLists, clientID: clientID)
        let response: CaptureCommitResponse = try await send(.post, "capture", "commit", body: request)
        return response.tasks
    }

    /// Creates the one task quick-add text describes, as Todoist's quick add does (`POST /tasks/quick`).
    public func quickAddTask(_ request: QuickAddRequest) async throws -> TaskItem {
        try await send(.post, "tasks", "quick", body: request)
    }
}
