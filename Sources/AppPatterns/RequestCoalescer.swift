import Synchronization

/// Runs at most one operation per key at a time: callers asking for a key whose operation is
/// still running wait for that operation's result instead of starting another.
///
/// The shared operation runs in its own task: a caller that is cancelled stops waiting, but the
/// operation continues for the others (``cancelAll()`` stops them all).
public final class RequestCoalescer<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Entry {
        var token: Int
        var task: Task<Value, Never>
        var callers: Int
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var nextToken = 0
    }

    private let state = Mutex(State())

    public init() {}

    /// The result of the running operation for `key`, or of `operation` started now.
    public func run(_ key: Key, _ operation: @escaping @Sendable () async -> Value) async -> Value {
        let task = state.withLock { state -> Task<Value, Never> in
            if var entry = state.entries[key] {
                entry.callers += 1
                state.entries[key] = entry
                return entry.task
            }
            let token = state.nextToken
            state.nextToken += 1
            // The task cannot finish its clean-up before it is registered: both take the lock.
            let task = Task {
                let value = await operation()
                self.finish(key, token: token)
                return value
            }
            state.entries[key] = Entry(token: token, task: task, callers: 1)
            return task
        }
        return await task.value
    }

    /// The number of operations running.
    public var runningCount: Int { state.withLock { $0.entries.count } }

    /// The number of callers waiting for the operation of `key` (0 when none runs).
    public func callerCount(for key: Key) -> Int { state.withLock { $0.entries[key]?.callers ?? 0 } }

    /// Cancels every running operation.
    public func cancelAll() {
        let tasks = state.withLock { $0.entries.values.map(\.task) }
        for task in tasks { task.cancel() }
    }

    private func finish(_ key: Key, token: Int) {
        state.withLock { state in
            if state.entries[key]?.token == token { state.entries[key] = nil }
        }
    }
}
