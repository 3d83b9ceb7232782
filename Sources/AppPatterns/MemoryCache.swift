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
    /// An entry, and the slots of the entries used just after and just before it
    /// (``Storage/none`` at either end).
    ///
    /// Slots are `Int32` and the array holds no gaps (a removed entry's slot takes the last
    /// entry): an entry is its key, its value, its cost and one word of links, where optional `Int`
    /// links in an optional node took three words more (a hosted server keeps 10,000 sessions,
    /// their cookie renewals and their persons' states in three of these; issue 41, item 3).
    @usableFromInline struct Node: Sendable {
        @usableFromInline var key: Key
        @usableFromInline var value: Value
        @usableFromInline var cost: Int
        @usableFromInline var newer: Int32
        @usableFromInline var older: Int32

        @inlinable init(key: Key, value: Value, cost: Int) {
            self.key = key
            self.value = value
            self.cost = cost
            newer = Storage.none
            older = Storage.none
        }
    }

    /// A doubly linked list in a gapless array (slots, not references), most recent at `newest`.
    @usableFromInline struct Storage: Sendable {
        /// No entry: the link past either end, and the ends of an empty list.
        @inlinable static var none: Int32 { -1 }

        @usableFromInline var nodes: [Node] = []
        @usableFromInline var index: [Key: Int32] = [:]
        @usableFromInline var newest = Storage.none
        @usableFromInline var oldest = Storage.none
        @usableFromInline var totalCost = 0

        @inlinable init() {}

        @inlinable mutating func unlink(_ slot: Int32) {
            let node = nodes[Int(slot)]
            if node.newer != Self.none { nodes[Int(node.newer)].older = node.older } else { newest = node.older }
            if node.older != Self.none { nodes[Int(node.older)].newer = node.newer } else { oldest = node.newer }
        }

        /// Links the entry at `slot` (unlinked, or just appended) as the newest.
        @inlinable mutating func pushNewest(_ slot: Int32) {
            nodes[Int(slot)].older = newest
            nodes[Int(slot)].newer = Self.none
            if newest != Self.none { nodes[Int(newest)].newer = slot }
            newest = slot
            if oldest == Self.none { oldest = slot }
        }

        /// Makes the entry at `slot` the newest.
        @inlinable mutating func touch(_ slot: Int32) {
            guard newest != slot else { return }
            unlink(slot)
            pushNewest(slot)
        }

        /// Removes the entry at `slot`; the last entry, when it is another, moves into `slot`.
        @inlinable mutating func remove(_ slot: Int32) -> Value {
            unlink(slot)
            let last = Int32(nodes.count - 1)
            if slot != last {
                nodes.swapAt(Int(slot), Int(last))
                let moved = nodes[Int(slot)]
                if moved.newer != Self.none { nodes[Int(moved.newer)].older = slot } else { newest = slot }
                if moved.older != Self.none { nodes[Int(moved.older)].newer = slot } else { oldest = slot }
                index[moved.key] = slot
            }
            let removed = nodes.removeLast()
            index[removed.key] = nil
            totalCost -= removed.cost
            return removed.value
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
            guard let slot = storage.index[key] else { return nil }
            storage.touch(slot)
            return storage.nodes[Int(slot)].value
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
            let slot: Int32
            if let kept = storage.index[key] {
                slot = kept
                storage.touch(slot)
            } else {
                slot = insert(make(), for: key, cost: 0, into: &storage)
            }
            return body(&storage.nodes[Int(slot)].value)
        }
    }

    /// Keeps `value` as the newest entry, then evicts the oldest ones not in use until both limits
    /// hold (or only entries in use are left); returns its slot.
    @inlinable @discardableResult
    func insert(_ value: Value, for key: Key, cost: Int, into storage: inout Storage) -> Int32 {
        var slot = Int32(storage.nodes.count)
        storage.nodes.append(Node(key: key, value: value, cost: cost))
        storage.index[key] = slot
        storage.totalCost += cost
        storage.pushNewest(slot)
        // Entries in use are passed over to the newest end; once the new entry is the oldest, all
        // the others are in use and none can go.
        while storage.nodes.count > countLimit || storage.totalCost > costLimit,
            storage.oldest != slot
        {
            let oldest = storage.oldest
            if let keeping, keeping(storage.nodes[Int(oldest)].value) {
                storage.touch(oldest)
            } else {
                // The new entry, last in the array, moves into the slot let go.
                let last = Int32(storage.nodes.count - 1)
                _ = storage.remove(oldest)
                if slot == last { slot = oldest }
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
            // From the end: the last entry, which moves into a slot let go, has been asked already.
            for slot in storage.nodes.indices.reversed() {
                let node = storage.nodes[slot]
                guard condition(node.key, node.value) else { continue }
                _ = storage.remove(Int32(slot))
            }
        }
    }

    /// Removes every entry.
    public func removeAll() {
        storage.withLockedValue { $0 = Storage() }
    }

    /// The number of entries.
    public var count: Int { storage.withLockedValue { $0.nodes.count } }

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
            while slot != Storage.none {
                let node = storage.nodes[Int(slot)]
                picked.append(pick(node))
                slot = node.older
            }
            return picked
        }
    }
}
