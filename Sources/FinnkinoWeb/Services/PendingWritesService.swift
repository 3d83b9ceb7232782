import AppPatterns
import FinnkinoKit
import Logging
import ServiceLifecycle

/// Writes what page views left to be written behind them (the persons' places, their sessions'
/// last uses) when the server stops gracefully. It stops after the HTTP server (Hummingbird stops
/// its services in reverse order, the server first), so no request adds to them afterwards.
struct PendingWritesService: Service {
    let places: WriteBehindSnapshotStorage
    let persons: PersonStore
    let logger: Logger

    func run() async throws {
        try? await gracefulShutdown()
        do { try places.flush() } catch {
            logger.warning("the places left to write at the stop were not written: \(error)")
        }
        do {
            try persons.writeTouches()
        } catch {
            logger.warning("the sessions' last uses left to write at the stop were not written: \(error)")
        }
    }
}
