import KairosCore

extension CaptureCommitTask {
    /// The task a proposal describes, as `POST /api/v1/capture/commit` takes it.
    public init(_ proposal: CaptureProposal) {
        self.init(
            title: proposal.title, description: proposal.description, due: proposal.due?.iso, list: proposal.list,
            priority: proposal.priority, labels: proposal.labels.isEmpty ? nil : proposal.labels,
            recurrence: proposal.recurrence?.rrule)
    }
}
