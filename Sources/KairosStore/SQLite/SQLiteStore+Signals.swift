extension SQLiteStore: SignalStore {
    /// Only this process has sockets on the embedded store: its observers hear the signal at once.
    public func send(_ signal: PassingSignal) async throws {
        await signalObservers.pass(signal)
    }

    public func observeSignals(_ observer: @escaping @Sendable (PassingSignal) async -> Void) {
        signalObservers.add(observer)
    }
}
