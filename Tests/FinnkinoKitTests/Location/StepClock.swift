import NIOConcurrencyHelpers

/// A clock for tests whose sleeps end only when the test calls `tick()`: one tick wakes every
/// sleeper. `waitForSleeper()` returns once code under test is asleep on it.
final class StepClock: Clock, Sendable {
    struct Instant: InstantProtocol {
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [CheckedContinuation<Void, any Error>] = []
        var sleeperWaiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = NIOLockedValueBox(State())
    var now: Instant { state.withLockedValue { $0.now } }
    var minimumResolution: Duration { .zero }

    func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                if Task.isCancelled { return continuation.resume(throwing: CancellationError()) }
                let waiters = state.withLockedValue { state in
                    state.sleepers.append(continuation)
                    defer { state.sleeperWaiters = [] }
                    return state.sleeperWaiters
                }
                for waiter in waiters { waiter.resume() }
            }
        } onCancel: {
            let sleepers = state.withLockedValue { state in
                defer { state.sleepers = [] }
                return state.sleepers
            }
            for sleeper in sleepers { sleeper.resume(throwing: CancellationError()) }
        }
    }

    /// Wakes every sleeper.
    func tick() {
        let sleepers = state.withLockedValue { state in
            defer { state.sleepers = [] }
            return state.sleepers
        }
        for sleeper in sleepers { sleeper.resume() }
    }

    /// Returns when something sleeps on this clock.
    func waitForSleeper() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let asleep = state.withLockedValue { state in
                if !state.sleepers.isEmpty { return true }
                state.sleeperWaiters.append(continuation)
                return false
            }
            if asleep { continuation.resume() }
        }
    }
}
