import Synchronization

/// Holds a current value and tells any number of observers about it and about every change
/// (Observer pattern).
///
/// Each call to ``values(bufferingPolicy:)`` returns a new observation that first delivers the value
/// current at subscription, then every value sent afterwards, in order. An observation ends by
/// itself when its consumer stops iterating, its task is cancelled, or the stream is dropped; then
/// ``observerCount`` goes down again.
public final class Subject<Value: Sendable>: Sendable {
    private struct State: ~Copyable {
        var value: Value
        var observers: [Int: AsyncStream<Value>.Continuation] = [:]
        var nextID = 0
    }

    private let state: Mutex<State>

    /// Creates a subject holding `initial`.
    public init(_ initial: Value) {
        state = Mutex(State(value: initial))
    }

    deinit {
        let observers = state.withLock { $0.observers }
        for continuation in observers.values { continuation.finish() }
    }

    /// The current value.
    public var value: Value { state.withLock { $0.value } }

    /// The number of live observations (for leak tests and diagnostics).
    public var observerCount: Int { state.withLock { $0.observers.count } }

    /// Replaces the current value and delivers it to every observer.
    public func send(_ newValue: Value) {
        state.withLock { state in
            state.value = newValue
            // Delivered under the lock, so every observer sees concurrent sends in one order.
            for continuation in state.observers.values { continuation.yield(newValue) }
        }
    }

    /// Changes the current value in place, atomically, and delivers the result to every observer.
    /// Returns the new value.
    @discardableResult
    public func update(_ change: (inout Value) -> Void) -> Value {
        state.withLock { state in
            change(&state.value)
            let newValue = state.value
            for continuation in state.observers.values { continuation.yield(newValue) }
            return newValue
        }
    }

    /// Atomically computes a replacement for the current value; a nil replacement leaves the value
    /// alone and notifies nobody. Returns whether the value was replaced.
    @discardableResult
    public func replace(_ replacement: (Value) -> Value?) -> Bool {
        state.withLock { state in
            guard let newValue = replacement(state.value) else { return false }
            state.value = newValue
            for continuation in state.observers.values { continuation.yield(newValue) }
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
        let id = state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            state.observers[id] = continuation
            continuation.yield(state.value)
            return id
        }
        continuation.onTermination = { [weak self] _ in
            self?.removeObserver(id)
        }
        return stream
    }

    private func removeObserver(_ id: Int) {
        _ = state.withLock { $0.observers.removeValue(forKey: id) }
    }
}
