import NIOConcurrencyHelpers

/// At most `width` holders at a time; the others wait in the order they came (an async counting
/// semaphore). Waiting ends early, without a slot, when the waiting task is cancelled.
///
/// Waiters are resumed outside the lock: a continuation is never resumed while `state` is held.
public final class ConcurrencyLimit: Sendable {
    private struct State {
        var held = 0
        var waiters: [(id: Int, continuation: CheckedContinuation<Bool, Never>)] = []
        var nextID = 0
    }

    /// How many may hold a slot at once.
    public let width: Int
    private let state = NIOLockedValueBox(State())

    public init(width: Int) {
        precondition(width > 0, "a limit lets at least one through")
        self.width = width
    }

    /// Slots held now.
    public var held: Int { state.withLockedValue { $0.held } }
    /// Tasks waiting for a slot now.
    public var waiting: Int { state.withLockedValue { $0.waiters.count } }

    /// Runs `body` holding a slot; throws `CancellationError` when the task is cancelled while it
    /// waits for one.
    public func withSlot<Result: Sendable>(
        _ body: () async throws -> Result
    ) async throws -> Result {
        guard await acquire() else { throw CancellationError() }
        defer { release() }
        return try await body()
    }

    /// Takes a slot, waiting for one; false when the task was cancelled first (no slot taken).
    private func acquire() async -> Bool {
        let id: Int? = state.withLockedValue { state in
            if state.held < width {
                state.held += 1
                return nil
            }
            state.nextID += 1
            return state.nextID
        }
        guard let id else { return true }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let cancelledAlready = state.withLockedValue { state in
                    if Task.isCancelled { return true }
                    state.waiters.append((id, continuation))
                    return false
                }
                if cancelledAlready { continuation.resume(returning: false) }
            }
        } onCancel: {
            let waiter = state.withLockedValue { state -> CheckedContinuation<Bool, Never>? in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiters.remove(at: index).continuation
            }
            waiter?.resume(returning: false)
        }
    }

    /// Gives the slot to the first waiter, or frees it.
    private func release() {
        let next = state.withLockedValue { state -> CheckedContinuation<Bool, Never>? in
            if state.waiters.isEmpty {
                state.held -= 1
                return nil
            }
            return state.waiters.removeFirst().continuation
        }
        next?.resume(returning: true)
    }
}
