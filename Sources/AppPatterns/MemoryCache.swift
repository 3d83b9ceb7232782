import NIOConcurrencyHelpers

/// An in-memory least-recently-used cache limited by entry count and by total cost.
///
/// `value(for:)` and `set(_:for:cost:)` are O(1). When a limit is exceeded the least recently
/// used entries are evicted first. An entry costlier than the whole cost limit is not kept.
///
/// A cache made with `keeping` never evicts an entry while `keeping` says it is in use (a
/// person's bookmarks an open page observes): it is made the most recent instead, and the next
/// oldest goes. When every entry is in use, the cache holds more than its limits until some
/// are not.
///
/// Its work is `@inlinable`: a lookup is on every request's path many times over (the sessions,
/// the persons' states, the rendered lists, the decoded answers), and compiled once for any key
/// and value it asked the runtime for their types' metadata at each step (4% of a hosted
/// `/movies` request's CPU, `perf record`, 2026-11-30); inlined, each cache's code is made for its
/// own types.
public final class MemoryCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    @usableFromInline struct Node: Sendable {
        @usableFromInline var key: Key
        @usableFromInline var value: Value
        @usableFromInline var cost: Int
        @usableFromInline var newer: Int?
        @usableFromInline var older: Int?

        @inlinable init(key: Key, value: Value, cost: Int) {
            self.key = key
            self.value = value
            self.cost = cost
        }
    }

    /// A doubly linked list in an array (indices, not references), most recent at `newest`.
    @usableFromInline struct Storage: Sendable {
        @usableFromInline var nodes: [Node?] = []
        @usableFromInline var free: [Int] = []
        @usableFromInline var index: [Key: Int] = [:]
        @usableFromInline var newest: Int?
        @usableFromInline var oldest: Int?
        @usableFromInline var totalCost = 0

        @inlinable init() {}

        @inlinable mutating func unlink(_ slot: Int) {
            guard let node = nodes[slot] else { return }
            if let newer = node.newer { nodes[newer]?.older = node.older } else { newest = node.older }
            if let older = node.older { nodes[older]?.newer = node.newer } else { oldest = node.newer }
            nodes[slot]?.newer = nil
            nodes[slot]?.older = nil
        }

        @inlinable mutating func pushNewest(_ slot: Int) {
            nodes[slot]?.older = newest
            nodes[slot]?.newer = nil
            if let newest { nodes[newest]?.newer = slot }
            newest = slot
            if oldest == nil { oldest = slot }
        }

        @inlinable mutating func remove(_ slot: Int) -> Value? {
            guard let node = nodes[slot] else { return nil }
            unlink(slot)
            nodes[slot] = nil
            free.append(slot)
            index[node.key] = nil
            totalCost -= node.cost
            return node.value
        }
    }

    /// The most entries kept.
    public let countLimit: Int
    /// The largest total cost kept.
    public let costLimit: Int
    @usableFromInline let storage = NIOLockedValueBox(Storage())
    /// Whether an entry is in use, and so not evicted.
    @usableFromInline let keeping: (@Sendable (Value) -> Bool)?

    public init(countLimit: Int = .max, costLimit: Int = .max, keeping: (@Sendable (Value) -> Bool)? = nil) {
        self.countLimit = max(countLimit, 0)
        self.costLimit = max(costLimit, 0)
        self.keeping = keeping
    }

    /// The value for `key`, marking it most recently used.
    @inlinable public func value(for key: Key) -> Value? {
        storage.withLockedValue { storage in
            guard let slot = storage.index[key], let node = storage.nodes[slot] else { return nil }
            if storage.newest != slot {
                storage.unlink(slot)
                storage.pushNewest(slot)
            }
            return node.value
        }
    }

    /// Stores `value` for `key` as the most recently used entry, then evicts the least recently
    /// used entries until both limits hold.
    @inlinable public func set(_ value: Value, for key: Key, cost: Int = 0) {
        let cost = max(cost, 0)
        storage.withLockedValue { storage in
            if let slot = storage.index[key] { _ = storage.remove(slot) }
            guard cost <= costLimit, countLimit > 0 else { return }
            insert(value, for: key, cost: cost, into: &storage)
        }
    }

    /// The value for `key`, marked most recently used; when there is none, `make()`'s, kept as
    /// the most recently used entry (at no cost) before the least recently used are evicted. One
    /// step: two callers asking for the same missing key get the same value.
    @inlinable public func value(for key: Key, orMake make: () -> Value) -> Value {
        withValue(for: key, orMake: make) { $0 }
    }

    /// `body` given the value for `key` to read or change in place (made by `make()` when
    /// missing, as in ``value(for:orMake:)``), in one step with no other use of the cache between.
    @inlinable public func withValue<Result>(
        for key: Key, orMake make: () -> Value, _ body: (inout Value) -> Result
    ) -> Result {
        storage.withLockedValue { storage in
            let slot: Int
            if let kept = storage.index[key] {
                slot = kept
                if storage.newest != slot {
                    storage.unlink(slot)
                    storage.pushNewest(slot)
                }
            } else {
                slot = insert(make(), for: key, cost: 0, into: &storage)
            }
            // (`insert` never evicts the entry it keeps: the slot holds a node.)
            return body(&storage.nodes[slot]!.value)
        }
    }

    /// Keeps `value` as the newest entry, then evicts the oldest ones not in use until both limits
    /// hold (or only entries in use are left); returns its slot.
    @inlinable @discardableResult
    func insert(_ value: Value, for key: Key, cost: Int, into storage: inout Storage) -> Int {
        let node = Node(key: key, value: value, cost: cost)
        let slot: Int
        if let reused = storage.free.popLast() {
            slot = reused
            storage.nodes[slot] = node
        } else {
            slot = storage.nodes.count
            storage.nodes.append(node)
        }
        storage.index[key] = slot
        storage.totalCost += cost
        storage.pushNewest(slot)
        // Entries in use are passed over to the newest end; once the new entry is the oldest, all
        // the others are in use and none can go.
        while storage.index.count > countLimit || storage.totalCost > costLimit,
            let oldest = storage.oldest, oldest != slot
        {
            if let keeping, let node = storage.nodes[oldest], keeping(node.value) {
                storage.unlink(oldest)
                storage.pushNewest(oldest)
            } else {
                _ = storage.remove(oldest)
            }
        }
        return slot
    }

    /// Removes and returns the value for `key`.
    @inlinable @discardableResult
    public func removeValue(for key: Key) -> Value? {
        storage.withLockedValue { storage in
            guard let slot = storage.index[key] else { return nil }
            return storage.remove(slot)
        }
    }

    /// Removes every entry for which `condition` holds (O(n)).
    public func removeAll(where condition: (Key, Value) -> Bool) {
        storage.withLockedValue { storage in
            for slot in storage.nodes.indices {
                guard let node = storage.nodes[slot], condition(node.key, node.value) else { continue }
                _ = storage.remove(slot)
            }
        }
    }

    /// Removes every entry.
    public func removeAll() {
        storage.withLockedValue { $0 = Storage() }
    }

    /// The number of entries.
    public var count: Int { storage.withLockedValue { $0.index.count } }

    /// Every value, most recently used first (O(n)).
    public var values: [Value] { byRecency(\.value) }

    /// The sum of the costs of the entries.
    public var totalCost: Int { storage.withLockedValue { $0.totalCost } }

    /// The keys from most to least recently used (O(n), for tests and diagnostics).
    public var keysByRecency: [Key] { byRecency(\.key) }

    /// What `pick` takes of each entry, from most to least recently used.
    private func byRecency<T>(_ pick: (Node) -> T) -> [T] {
        storage.withLockedValue { storage in
            var picked: [T] = []
            var slot = storage.newest
            while let current = slot, let node = storage.nodes[current] {
                picked.append(pick(node))
                slot = node.older
            }
            return picked
        }
    }
}
