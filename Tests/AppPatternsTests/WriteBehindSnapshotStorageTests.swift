import AppPatterns
import Dispatch
import Foundation
import Logging
import NIOConcurrencyHelpers
import TestSupport
import Testing

/// Saves kept in memory and written together: reads see them at once, one write takes them all, a
/// removal is never undone by a later write, and a failed write loses nothing.
@Suite(.timeLimit(.minutes(3))) struct WriteBehindSnapshotStorageTests {
    /// A storage that counts its writes, and fails them while told to.
    final class CountingStorage: SnapshotStorage {
        let saved = NIOLockedValueBox<[String: Data]>([:])
        let writes = NIOLockedValueBox(0)
        let failing = NIOLockedValueBox(false)
        struct Failure: Error {}

        func snapshot(for key: String) throws -> Data? { saved.withLockedValue { $0[key] } }
        func save(_ data: Data, for key: String) throws { try save([key: data]) }
        func save(_ snapshots: [String: Data]) throws {
            if failing.withLockedValue({ $0 }) { throw Failure() }
            writes.withLockedValue { $0 += 1 }
            saved.withLockedValue { $0.merge(snapshots) { _, new in new } }
        }
        func removeSnapshot(for key: String) throws {
            writes.withLockedValue { $0 += 1 }
            _ = saved.withLockedValue { $0.removeValue(forKey: key) }
        }
    }

    let logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })

    @Test func savesAreReadAtOnceAndWrittenTogetherInOneWrite() throws {
        // Given a storage whose timed write is an hour away
        let base = CountingStorage()
        let storage = WriteBehindSnapshotStorage(base: base, delay: .seconds(3600), logger: logger)
        // When three places are saved, one of them twice
        try storage.save(Data("a1".utf8), for: "place.1")
        try storage.save(Data("b".utf8), for: "place.2")
        try storage.save(Data("a2".utf8), for: "place.1")
        try storage.save(Data("c".utf8), for: "place.3")
        // Then nothing has been written, and each reads back its last save
        #expect(base.writes.withLockedValue { $0 } == 0)
        #expect(try storage.snapshot(for: "place.1") == Data("a2".utf8))
        // When flushed, Then one write holds them all
        try storage.flush()
        #expect(base.writes.withLockedValue { $0 } == 1)
        #expect(
            base.saved.withLockedValue { $0 } == [
                "place.1": Data("a2".utf8), "place.2": Data("b".utf8), "place.3": Data("c".utf8),
            ])
        // And a flush with nothing pending writes nothing
        try storage.flush()
        #expect(base.writes.withLockedValue { $0 } == 1)
    }

    @Test func aRemovalIsWrittenAtOnceAndNoLaterWriteBringsItBack() throws {
        let base = CountingStorage()
        try base.save(Data("old".utf8), for: "place.1")
        let storage = WriteBehindSnapshotStorage(base: base, delay: .seconds(3600), logger: logger)
        // Given a save not yet written
        try storage.save(Data("new".utf8), for: "place.1")
        // When the key is removed (a person erased), Then it is gone from the base at once
        try storage.removeSnapshot(for: "place.1")
        #expect(try base.snapshot(for: "place.1") == nil)
        #expect(try storage.snapshot(for: "place.1") == nil)
        // And the next write does not bring it back
        try storage.flush()
        #expect(try base.snapshot(for: "place.1") == nil)
    }

    @Test func aFailedWriteKeepsTheSavesForTheNextTry() throws {
        let base = CountingStorage()
        let storage = WriteBehindSnapshotStorage(base: base, delay: .seconds(3600), logger: logger)
        try storage.save(Data("a".utf8), for: "place.1")
        try storage.save(Data("b".utf8), for: "place.2")
        // When the write fails
        base.failing.withLockedValue { $0 = true }
        #expect(throws: CountingStorage.Failure.self) { try storage.flush() }
        // And a newer save of the same key comes meanwhile
        try storage.save(Data("a2".utf8), for: "place.1")
        // Then the next write takes the newer save, and the one not saved again
        base.failing.withLockedValue { $0 = false }
        try storage.flush()
        #expect(try base.snapshot(for: "place.1") == Data("a2".utf8))
        #expect(try base.snapshot(for: "place.2") == Data("b".utf8))
    }

    /// A storage whose write waits until released, telling when it has begun.
    final class GatedStorage: SnapshotStorage {
        let began = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        func snapshot(for key: String) throws -> Data? { nil }
        func save(_ data: Data, for key: String) throws {}
        func save(_ snapshots: [String: Data]) throws {
            began.signal()
            release.wait()
        }
        func removeSnapshot(for key: String) throws {}
    }

    @Test func aSaveBeingWrittenIsStillReadUntilTheWriteReturns() throws {
        let base = GatedStorage()
        let storage = WriteBehindSnapshotStorage(base: base, delay: .seconds(3600), logger: logger)
        try storage.save(Data("a".utf8), for: "place.1")
        // When a flush is writing it (on another thread, held inside the base's write)
        let flushed = DispatchSemaphore(value: 0)
        Thread {
            try? storage.flush()
            flushed.signal()
        }.start()
        #expect(base.began.wait(timeout: .now() + 10) == .success)
        // Then a read meanwhile still sees it (the base does not have it yet)
        #expect(try storage.snapshot(for: "place.1") == Data("a".utf8))
        base.release.signal()
        #expect(flushed.wait(timeout: .now() + 10) == .success)
    }

    @Test func aSaveIsWrittenWithinTheDelayWithoutAFlush() async throws {
        let base = CountingStorage()
        let storage = WriteBehindSnapshotStorage(base: base, delay: .milliseconds(20), logger: logger)
        try storage.save(Data("a".utf8), for: "place.1")
        // Then it reaches the base by itself (waiting up to 10 s on a busy machine)
        try await poll { try base.snapshot(for: "place.1") != nil }
        #expect(try base.snapshot(for: "place.1") == Data("a".utf8))
    }
}
