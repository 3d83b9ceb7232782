import AppPatterns
import NIOConcurrencyHelpers

/// The FeedStore's updaters, one per feed key, made on first use.
///
/// Every distinct page a visitor opens (an area, a date) names a feed, so the registry forgets the
/// ones nobody uses: when it holds more than ``idleKept`` updaters, making another drops every one
/// that neither runs its schedule nor has an observer. A dropped feed's data stays in the payload
/// cache, so making it again later costs no request.
final class FeedRegistry: Sendable {
    /// Updaters kept before idle ones are dropped.
    static let idleKept = 64

    /// An updater, whatever the type of its value.
    protocol Registered: Sendable {
        var isRunning: Bool { get }
        var observerCount: Int { get }
        func stop() async
    }

    private let updaters = NIOLockedValueBox<[FeedKey: any Registered]>([:])

    func updater<Value: Sendable>(for key: FeedKey, make: () -> Updater<Value>) -> Updater<Value> {
        updaters.withLockedValue { updaters in
            if let existing = updaters[key] as? Updater<Value> { return existing }
            if updaters.count >= Self.idleKept {
                updaters = updaters.filter { $0.value.isRunning || $0.value.observerCount > 0 }
            }
            let made = make()
            updaters[key] = made
            return made
        }
    }

    var count: Int { updaters.withLockedValue { $0.count } }

    /// How many updaters run their schedule or have observers.
    var activeCount: Int { updaters.withLockedValue { $0.values.count { $0.isRunning || $0.observerCount > 0 } } }

    /// Forgets every updater and returns them, to be stopped.
    func removeAll() -> [any Registered] {
        updaters.withLockedValue { updaters in
            defer { updaters.removeAll() }
            return Array(updaters.values)
        }
    }
}

extension Updater: FeedRegistry.Registered {
    var observerCount: Int { subject.observerCount }
}
