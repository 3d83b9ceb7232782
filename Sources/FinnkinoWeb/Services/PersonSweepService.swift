import FinnkinoKit
import Logging
import ServiceLifecycle

/// Runs the sweep of persons nobody uses (``PersonEraser/sweep(now:)``) when the server starts
/// and then every `interval`, until the server stops: a graceful shutdown (SIGTERM) ends the wait
/// at once, so the server does not linger for the next sweep.
struct PersonSweepService: Service {
    let eraser: PersonEraser
    let interval: Duration
    let logger: Logger

    func run() async throws {
        try? await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    try await eraser.sweep()
                } catch {
                    logger.warning("the sweep of unused persons failed: \(error)")
                }
                try await Task.sleep(for: interval)
            }
        }
    }
}
