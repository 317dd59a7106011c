import KairosStore

extension PostgresStore: ChangeTracking {
    /// Nil: another process may write at any moment, so nothing read may be kept on the strength of a count.
    public var committedWrites: UInt64? { nil }
    public var committedAccountWrites: UInt64? { nil }
}
