import ServiceLifecycle

/// Closes the editors nobody edits (``EditorSessions/closeIdle()``) every `interval` until the
/// server stops, so that a sent file goes when its editor is left, not at the next start.
struct EditorSweepService: Service {
    let sessions: EditorSessions
    let interval: Duration

    func run() async throws {
        try? await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try await Task.sleep(for: interval)
                sessions.closeIdle()
            }
        }
    }
}
