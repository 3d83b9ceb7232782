import NIOConcurrencyHelpers

/// Runs at most one operation per key at a time: callers asking for a key whose operation is
/// still running wait for that operation's result instead of starting another.
///
/// The shared operation runs in its own task, so one caller's cancellation does not stop it for
/// the others. With `cancelsAbandoned`, the operation is cancelled when every caller waiting for it
/// has been cancelled (nobody wants the result any more); the callers then get whatever the
/// cancelled operation returns. ``cancelAll()`` stops them all.
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

    private let state = NIOLockedValueBox(State())
    private let cancelsAbandoned: Bool

    /// - Parameter cancelsAbandoned: cancel an operation once all its callers are cancelled.
    public init(cancelsAbandoned: Bool = false) {
        self.cancelsAbandoned = cancelsAbandoned
    }

    /// The result of the running operation for `key`, or of `operation` started now.
    public func run(_ key: Key, _ operation: @escaping @Sendable () async -> Value) async -> Value {
        let (task, token) = state.withLockedValue { state -> (Task<Value, Never>, Int) in
            if var entry = state.entries[key] {
                entry.callers += 1
                state.entries[key] = entry
                return (entry.task, entry.token)
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
            return (task, token)
        }
        guard cancelsAbandoned else { return await task.value }
        return await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            leave(key, token: token)
        }
    }

    /// A cancelled caller stops counting; the last one cancels the operation.
    private func leave(_ key: Key, token: Int) {
        let abandoned = state.withLockedValue { state -> Task<Value, Never>? in
            guard var entry = state.entries[key], entry.token == token else { return nil }
            entry.callers -= 1
            guard entry.callers == 0 else {
                state.entries[key] = entry
                return nil
            }
            // A caller arriving from now on starts a new operation, not this cancelled one.
            state.entries[key] = nil
            return entry.task
        }
        abandoned?.cancel()
    }

    /// The number of operations running.
    public var runningCount: Int { state.withLockedValue { $0.entries.count } }

    /// The number of callers waiting for the operation of `key` (0 when none runs).
    public func callerCount(for key: Key) -> Int { state.withLockedValue { $0.entries[key]?.callers ?? 0 } }

    /// Cancels every running operation.
    public func cancelAll() {
        let tasks = state.withLockedValue { $0.entries.values.map(\.task) }
        for task in tasks { task.cancel() }
    }

    private func finish(_ key: Key, token: Int) {
        state.withLockedValue { state in
            if state.entries[key]?.token == token { state.entries[key] = nil }
        }
    }
}
