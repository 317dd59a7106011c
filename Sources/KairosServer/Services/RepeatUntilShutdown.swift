import ServiceLifecycle

/// Runs `pass` now and again after each `interval` until a graceful shutdown. The shutdown cuts the
/// pause short and the loop returns normally, so the service ends without an error.
func repeatUntilShutdown(every interval: Duration, _ pass: @escaping @Sendable () async -> Void) async throws {
    try await cancelWhenGracefulShutdown {
        while !Task.isCancelled {
            await pass()
            try? await Task.sleep(for: interval)
        }
    }
}
