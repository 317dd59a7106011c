/// Runs work for the same key one at a time, in the order it arrived; work for other keys runs alongside.
actor KeyedSerializer<Key: Hashable & Sendable> {
    private var tails: [Key: Task<Void, Never>] = [:]

    func run<T: Sendable>(_ key: Key, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        let previous = tails[key]
        let work = Task {
            await previous?.value
            return try await body()
        }
        let tail = Task { _ = try? await work.value }
        tails[key] = tail
        defer {
            // Later work for the key replaced the tail; it forgets the key when it is done.
            if tails[key] == tail { tails[key] = nil }
        }
        return try await work.value
    }
}
