import Testing

@testable import AppPatterns

@Suite struct MemoryCacheTests {
    @Test func aValueMadeWhenMissingIsKeptOnceAndChangedInPlace() {
        // Given a cache of two entries holding "a"
        let cache = MemoryCache<String, Int>(countLimit: 2)
        cache.set(1, for: "a")
        var made = 0
        // When "a" and then "b" are asked for with a maker
        let a = cache.value(for: "a") {
            made += 1
            return 10
        }
        let b = cache.value(for: "b") {
            made += 1
            return 20
        }
        // Then the kept "a" is given, and "b" is made once and kept as the most recent
        #expect(a == 1)
        #expect(b == 20)
        #expect(made == 1)
        #expect(
            cache.value(for: "b") {
                made += 1
                return 30
            } == 20)
        #expect(made == 1)
        // And a change in place is kept, the key made the most recent
        let addFive: (inout Int) -> Int = { value in
            value += 5
            return value
        }
        let changed = cache.withValue(for: "a", orMake: { 0 }, addFive)
        #expect(changed == 6)
        #expect(cache.keysByRecency == ["a", "b"])
        #expect(cache.values == [6, 20])
        // And a third key made evicts the least recently used
        _ = cache.value(for: "c") { 3 }
        #expect(cache.keysByRecency == ["c", "a"])
    }

    @Test func entriesInUseAreNotEvictedTheNextOldestGoes() {
        // Given a cache of three whose entries with odd values are in use
        let cache = MemoryCache<String, Int>(countLimit: 3, keeping: { $0 % 2 == 1 })
        cache.set(1, for: "a")
        cache.set(2, for: "b")
        cache.set(3, for: "c")
        // When a fourth entry is stored
        cache.set(4, for: "d")
        // Then "a", the oldest but in use, stays and "b" goes
        #expect(cache.value(for: "b") == nil)
        #expect(Set(cache.keysByRecency) == ["a", "c", "d"])
        // And when only entries in use are left besides the new one, the cache holds more than its
        // limit rather than drop one in use
        cache.set(5, for: "e")
        #expect(cache.value(for: "d") == nil)
        cache.set(7, for: "f")
        #expect(Set(cache.keysByRecency) == ["a", "c", "e", "f"])
        #expect(cache.count == 4)
        // And an entry no longer in use (an even value) goes when the next one comes
        cache.set(8, for: "a")
        cache.set(9, for: "g")
        #expect(cache.value(for: "a") == nil)
        #expect(Set(cache.keysByRecency) == ["c", "e", "f", "g"])
    }

    @Test func storesAndReturnsValues() {
        // Given an empty cache
        let cache = MemoryCache<String, Int>()
        // When values are stored
        cache.set(1, for: "a")
        cache.set(2, for: "b")
        cache.set(3, for: "a")
        // Then they come back, the later value replacing the earlier
        #expect(cache.value(for: "a") == 3)
        #expect(cache.value(for: "b") == 2)
        #expect(cache.value(for: "c") == nil)
        #expect(cache.count == 2)
    }

    @Test func theCountLimitEvictsTheLeastRecentlyUsed() {
        // Given a cache of three entries where "a" was read after "b" and "c" were stored
        let cache = MemoryCache<String, Int>(countLimit: 3)
        cache.set(1, for: "a")
        cache.set(2, for: "b")
        cache.set(3, for: "c")
        _ = cache.value(for: "a")
        // When a fourth entry is stored
        cache.set(4, for: "d")
        // Then "b", the least recently used, is gone and the rest stay
        #expect(cache.value(for: "b") == nil)
        #expect(cache.keysByRecency == ["d", "a", "c"])
        #expect(cache.count == 3)
    }

    @Test func theCostLimitEvictsUntilTheTotalFits() {
        // Given a cache limited to a total cost of 10 holding costs 4, 3 and 3
        let cache = MemoryCache<String, String>(costLimit: 10)
        cache.set("A", for: "a", cost: 4)
        cache.set("B", for: "b", cost: 3)
        cache.set("C", for: "c", cost: 3)
        #expect(cache.totalCost == 10)
        // When an entry of cost 6 is added
        cache.set("D", for: "d", cost: 6)
        // Then the two oldest entries went (4 + 3 freed), leaving c and d
        #expect(cache.keysByRecency == ["d", "c"])
        #expect(cache.totalCost == 9)
    }

    @Test func anEntryCostlierThanTheLimitIsNotKept() {
        // Given a cache limited to cost 5 holding "a"
        let cache = MemoryCache<String, Int>(costLimit: 5)
        cache.set(1, for: "a", cost: 2)
        // When a value of cost 6 is stored, also over an existing key
        cache.set(2, for: "b", cost: 6)
        cache.set(3, for: "a", cost: 6)
        // Then neither is kept and the old value of "a" is gone too
        #expect(cache.value(for: "b") == nil)
        #expect(cache.value(for: "a") == nil)
        #expect(cache.totalCost == 0)
    }

    @Test func removalFreesItsCostAndSlot() {
        // Given a cache with two entries
        let cache = MemoryCache<Int, Int>(countLimit: 2)
        cache.set(10, for: 1, cost: 5)
        cache.set(20, for: 2, cost: 5)
        // When one is removed and two others are added
        #expect(cache.removeValue(for: 1) == 10)
        #expect(cache.removeValue(for: 1) == nil)
        cache.set(30, for: 3, cost: 1)
        cache.set(40, for: 4, cost: 1)
        // Then the count limit evicted the oldest remaining entry and the costs add up
        #expect(cache.keysByRecency == [4, 3])
        #expect(cache.totalCost == 2)
        cache.removeAll()
        #expect(cache.count == 0)
        #expect(cache.totalCost == 0)
    }

    @Test func removalByAConditionKeepsTheOthersInTheirOrderAndTheirSlotsReused() {
        // Given a cache of four entries with costs
        let cache = MemoryCache<Int, String>(countLimit: 4)
        for key in 1...4 { cache.set(key.isMultiple(of: 2) ? "even" : "odd", for: key, cost: key) }
        // When the even ones are removed
        cache.removeAll { _, value in value == "even" }
        // Then the odd ones are left, newest first, with their costs
        #expect(cache.keysByRecency == [3, 1])
        #expect(cache.totalCost == 4)
        // And two new entries fit without evicting anything
        cache.set("new", for: 5)
        cache.set("new", for: 6)
        #expect(cache.keysByRecency == [6, 5, 3, 1])
        // And a condition on the key removes by key
        cache.removeAll { key, _ in key == 3 }
        #expect(cache.keysByRecency == [6, 5, 1])
    }

    @Test func manyOperationsKeepRecencyOrderConsistent() {
        // Given a cache of 100 entries filled with 1000 keys, touching every third key as we go
        let cache = MemoryCache<Int, Int>(countLimit: 100)
        var model: [Int] = []  // most recent first
        for key in 0..<1000 {
            cache.set(key, for: key)
            model.removeAll { $0 == key }
            model.insert(key, at: 0)
            if key % 3 == 0, let probe = model.dropFirst(50).first {
                #expect(cache.value(for: probe) == probe)
                model.removeAll { $0 == probe }
                model.insert(probe, at: 0)
            }
            if model.count > 100 { model.removeLast(model.count - 100) }
        }
        // Then the cache's order matches a simple model of LRU
        #expect(cache.keysByRecency == model)
    }
    @Test func removalsMoveTheLastEntryAndEveryOperationAgreesWithAModel() {
        // Given a cache of 8 over 24 keys whose entries with values ending in 7 are in use, and a
        // model of it (keys, most recent first, and their values), driven by a fixed sequence of
        // operations
        let cache = MemoryCache<Int, Int>(countLimit: 8, keeping: { $0 % 10 == 7 })
        var model: [(key: Int, value: Int)] = []
        var (evicted, passedOver, evictedByAMake) = (0, 0, 0)
        func touch(_ key: Int, _ value: Int) {
            model.removeAll { $0.key == key }
            model.insert((key, value), at: 0)
        }
        func evict(keeping newKey: Int, made: Bool) {
            // The oldest not in use go, one in use is made the newest instead, until the new entry
            // is the oldest (as the cache does).
            while model.count > 8, let oldest = model.last, oldest.key != newKey {
                model.removeLast()
                if oldest.value % 10 == 7 {
                    model.insert(oldest, at: 0)
                    passedOver += 1
                } else {
                    evicted += 1
                    if made { evictedByAMake += 1 }
                }
            }
        }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        for step in 0..<3_000 {
            let key = next(24)
            switch next(8) {
            case 0, 1, 2:
                cache.set(step, for: key)
                touch(key, step)
                evict(keeping: key, made: false)
            case 3:
                let kept = model.first { $0.key == key }
                #expect(cache.value(for: key) == kept?.value)
                if let kept { touch(key, kept.value) }
            case 4:
                let kept = model.first { $0.key == key }
                #expect(cache.removeValue(for: key) == kept?.value)
                model.removeAll { $0.key == key }
            case 5, 6:
                // (A value made here is kept in the slot of an entry evicted for it.)
                let kept = model.first { $0.key == key }
                let addOne: (inout Int) -> Int = { value in
                    value += 1
                    return value
                }
                let value = cache.withValue(for: key, orMake: { step }, addOne)
                #expect(value == (kept?.value ?? step) + 1)
                touch(key, value)
                if kept == nil { evict(keeping: key, made: true) }
            default:
                cache.removeAll { key, _ in key % 7 == step % 7 }
                model.removeAll { $0.key % 7 == step % 7 }
            }
            // Then after every step the cache's order and values are the model's
            #expect(cache.keysByRecency == model.map(\.key), "step \(step)")
            #expect(cache.values == model.map(\.value), "step \(step)")
        }
        // And the sequence went through every kind of eviction many times
        #expect(evicted > 500)
        #expect(passedOver > 100)
        #expect(evictedByAMake > 100)
    }

    @Test func anEntryTakesItsKeyItsValueAndTwoWords() {
        // A hosted server keeps tens of thousands of entries: each is its key, its value, its cost
        // and two 32-bit links, in a gapless array (no optional node, no optional links).
        typealias Node = MemoryCache<Int, Int>.Node
        #expect(MemoryLayout<Node>.stride == 4 * MemoryLayout<Int>.stride)
        let cache = MemoryCache<Int, Int>(countLimit: 3)
        for key in 0..<3 { cache.set(key, for: key) }
        // And a removal leaves no gap: the two entries left take the first two slots
        #expect(cache.removeValue(for: 1) == 1)
        #expect(cache.storage.withLockedValue { $0.nodes.count } == 2)
        #expect(cache.keysByRecency == [2, 0])
    }
}
