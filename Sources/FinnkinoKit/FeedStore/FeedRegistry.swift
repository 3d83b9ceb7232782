import AppPatterns
import Synchronization

/// The FeedStore's updaters, one per feed key, made on first use.
final class FeedRegistry: Sendable {
    /// An updater, whatever the type of its value.
    protocol Stoppable: Sendable {
        func stop() async
    }

    private let updaters = Mutex<[FeedKey: any Stoppable]>([:])

    func updater<Value: Sendable>(for key: FeedKey, make: () -> Updater<Value>) -> Updater<Value> {
        updaters.withLock { updaters in
            if let existing = updaters[key] as? Updater<Value> { return existing }
            let made = make()
            updaters[key] = made
            return made
        }
    }

    var count: Int { updaters.withLock { $0.count } }

    /// Forgets every updater and returns them, to be stopped.
    func removeAll() -> [any Stoppable] {
        updaters.withLock { updaters in
            defer { updaters.removeAll() }
            return Array(updaters.values)
        }
    }
}

extension Updater: FeedRegistry.Stoppable {}
