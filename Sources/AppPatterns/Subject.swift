import NIOConcurrencyHelpers
import Synchronization

/// Holds a current value and tells any number of observers about it and about every change
/// (Observer pattern).
///
/// Each call to ``values(bufferingPolicy:)`` returns a new observation that first delivers the value
/// current at subscription, then every value sent afterwards, in order. An observation ends by
/// itself when its consumer stops iterating, its task is cancelled, or the stream is dropped; then
/// ``observerCount`` goes down again.
///
/// Observers are never called while the subject's state is locked. An observation's end (which the
/// runtime may report while it holds locks of its own, such as a cancelled task's status lock)
/// takes that state lock, so yielding to an observer under it could deadlock against a cancel
/// (a lock-order inversion). Deliveries are put in order by a second lock, `delivery`, which only
/// senders and new observations take: an observation's end never waits for it.
public final class Subject<Value: Sendable>: Sendable {
    private struct State {
        var value: Value
        var observers: [Int: AsyncStream<Value>.Continuation] = [:]
        var nextID = 0
    }

    private let state: NIOLockedValueBox<State>
    /// Held while values are handed to observers, so that concurrent changes reach every observer
    /// in the order they were made; never taken while `state` is held, nor by an observation's end.
    private let delivery = NIOLock()

    /// Creates a subject holding `initial`.
    public init(_ initial: Value) {
        state = NIOLockedValueBox(State(value: initial))
    }

    deinit {
        let observers = state.withLockedValue { $0.observers }
        for continuation in observers.values { continuation.finish() }
    }

    /// The current value.
    public var value: Value { state.withLockedValue { $0.value } }

    /// The number of live observations (for leak tests and diagnostics).
    public var observerCount: Int { state.withLockedValue { $0.observers.count } }

    /// Replaces the current value and delivers it to every observer.
    public func send(_ newValue: Value) {
        delivery.withLock {
            let observers = state.withLockedValue { state in
                state.value = newValue
                return Array(state.observers.values)
            }
            for continuation in observers { continuation.yield(newValue) }
        }
    }

    /// Changes the current value in place, atomically, and delivers the result to every observer.
    /// Returns the new value.
    @discardableResult
    public func update(_ change: (inout Value) -> Void) -> Value {
        delivery.withLock {
            let (newValue, observers) = state.withLockedValue { state in
                change(&state.value)
                return (state.value, Array(state.observers.values))
            }
            for continuation in observers { continuation.yield(newValue) }
            return newValue
        }
    }

    /// Atomically computes a replacement for the current value; a nil replacement leaves the value
    /// alone and notifies nobody. Returns whether the value was replaced.
    @discardableResult
    public func replace(_ replacement: (Value) -> Value?) -> Bool {
        delivery.withLock {
            let delivered: (Value, [AsyncStream<Value>.Continuation])? = state.withLockedValue { state in
                guard let newValue = replacement(state.value) else { return nil }
                state.value = newValue
                return (newValue, Array(state.observers.values))
            }
            guard let (newValue, observers) = delivered else { return false }
            for continuation in observers { continuation.yield(newValue) }
            return true
        }
    }

    /// A new observation: the current value, then every change.
    ///
    /// - Parameter bufferingPolicy: what to keep when the consumer is slower than the changes;
    ///   `.bufferingNewest(1)` suits a view that only needs the latest value.
    public func values(
        bufferingPolicy: AsyncStream<Value>.Continuation.BufferingPolicy = .unbounded
    ) -> AsyncStream<Value> {
        let (stream, continuation) = AsyncStream.makeStream(of: Value.self, bufferingPolicy: bufferingPolicy)
        delivery.withLock {
            let (id, current) = state.withLockedValue { state in
                let id = state.nextID
                state.nextID += 1
                state.observers[id] = continuation
                return (id, state.value)
            }
            continuation.onTermination = { [weak self] _ in
                self?.removeObserver(id)
            }
            continuation.yield(current)
        }
        return stream
    }

    private func removeObserver(_ id: Int) {
        _ = state.withLockedValue { $0.observers.removeValue(forKey: id) }
    }
}
