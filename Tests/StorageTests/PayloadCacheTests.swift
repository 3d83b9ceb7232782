import AppPatterns
import Foundation
import GRDB
import TestSupport
import Testing

@testable import Storage

@Suite struct SQLitePayloadCacheTests {
    /// The number of bodies in the cache's file, staged ones included.
    private func bodyCount(_ cache: SQLitePayloadCache) throws -> Int? {
        try DatabaseQueue(path: cache.fileURL.path).read { try Int.fetchOne($0, sql: "SELECT count(*) FROM body") }
    }

    private func payload(_ text: String, etag: String? = nil, at seconds: TimeInterval = 0) -> CachedPayload {
        CachedPayload(
            body: Data(text.utf8), etag: etag, lastModified: etag == nil ? nil : "Mon, 01 Jan 2024 00:00:00 GMT",
            storedAt: Date(timeIntervalSince1970: 1_700_000_000 + seconds))
    }

    @Test func storesAndReturnsAPayloadWithItsValidators() throws {
        // Given a cache in a fresh directory
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cache = try SQLitePayloadCache(directory: directory.url)
        // When a payload is stored
        let stored = payload("<xml/>", etag: "\"v1\"", at: 12.5)
        cache.store(stored, for: "/xml/Schedule/?area=1")
        // Then it comes back unchanged, and other keys miss
        #expect(cache.payload(for: "/xml/Schedule/?area=1") == stored)
        #expect(cache.payload(for: "/xml/Schedule/?area=2") == nil)
        #expect(cache.totalSize == 6)
    }

    @Test func survivesReopening() throws {
        // Given a payload stored, then the cache closed
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let stored = payload("body", etag: "\"e\"", at: 3)
        do {
            let cache = try SQLitePayloadCache(directory: directory.url)
            cache.store(stored, for: "k")
        }
        // When the same file is opened again
        let reopened = try SQLitePayloadCache(directory: directory.url)
        // Then the payload is there
        #expect(reopened.payload(for: "k") == stored)
    }

    @Test func aTenMegabyteBodyComesBackByteForByteInLargePages() throws {
        // Given a cache in a fresh directory and a 10 MB body of every byte value
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cache = try SQLitePayloadCache(directory: directory.url, pageSize: 65_536)
        var generator = SplitMix64(seed: 16)
        let body = Data((0..<10_000_000).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
        let stored = CachedPayload(
            body: body, etag: "\"big\"", lastModified: nil, storedAt: Date(timeIntervalSince1970: 5))
        // When it is stored (streamed into its row) and the cache opened again
        cache.store(stored, for: "big")
        cache.store(payload("small"), for: "small")
        let reopened = try SQLitePayloadCache(directory: directory.url, pageSize: 65_536)
        // Then both come back unchanged, and the file has 64 KB pages
        #expect(reopened.payload(for: "big") == stored)
        #expect(reopened.payload(for: "small") == payload("small"))
        #expect(reopened.totalSize == 10_000_005)
        let database = try DatabaseQueue(path: cache.fileURL.path)
        #expect(try database.read { try Int.fetchOne($0, sql: "PRAGMA page_size") } == 65_536)
    }

    @Test func aCacheFileOfTheFirstLayoutIsUpgradedAndItsBodiesDropped() throws {
        // Given a cache file in the first layout (the body in the middle of the row), holding a body
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.url.appendingPathComponent("payloads.sqlite")
        do {
            let old = try DatabasePool(path: url.path)
            var migrator = DatabaseMigrator()
            migrator.registerMigration("v1") { db in
                try db.execute(
                    sql: """
                        CREATE TABLE payload (key TEXT PRIMARY KEY NOT NULL, body BLOB NOT NULL, etag TEXT,
                            lastModified TEXT, storedAt REAL NOT NULL, size INTEGER NOT NULL,
                            accessOrder INTEGER NOT NULL);
                        INSERT INTO payload VALUES ('k', x'6f6c64', NULL, NULL, 0, 3, 1);
                        """)
            }
            try migrator.migrate(old)
        }
        // When the cache opens it
        let cache = try SQLitePayloadCache(directory: directory.url)
        // Then the old body is gone and new ones are stored and read
        #expect(cache.payload(for: "k") == nil)
        cache.store(payload("new"), for: "k")
        #expect(cache.payload(for: "k") == payload("new"))
        #expect(cache.totalSize == 3)
    }

    @Test func aFileWithOtherPagesIsKeptAndWorks() throws {
        // Given a cache file with SQLite's default 4 KB pages, holding a body
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        do {
            let small = try SQLitePayloadCache(directory: directory.url)
            small.store(payload("old"), for: "k")
        }
        // When it is opened asking for 64 KB pages
        let cache = try SQLitePayloadCache(directory: directory.url, pageSize: 65_536)
        // Then it keeps its pages and its payload (pages only cost speed), and works
        let database = try DatabaseQueue(path: cache.fileURL.path)
        #expect(try database.read { try Int.fetchOne($0, sql: "PRAGMA page_size") } == 4_096)
        #expect(cache.payload(for: "k") == payload("old"))
        cache.store(payload("new"), for: "k")
        #expect(cache.payload(for: "k") == payload("new"))
    }

    @Test func aFileBusyWithAnotherWriterIsWaitedForNotReplaced() throws {
        // Given a cache file holding a payload, and another connection holding its write lock for 0.3 s
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let first = try SQLitePayloadCache(directory: directory.url)
        first.store(payload("kept"), for: "k")
        let holder = try DatabaseQueue(path: first.fileURL.path)
        let locked = DispatchSemaphore(value: 0)
        let released = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            try? holder.inTransaction(.immediate) { _ in
                locked.signal()
                Thread.sleep(forTimeInterval: 0.3)
                return .commit
            }
            released.signal()
        }
        locked.wait()
        // When the file is opened meanwhile
        let second = try SQLitePayloadCache(directory: directory.url)
        released.wait()
        // Then it is the same file, payload and all
        #expect(second.payload(for: "k") == payload("kept"))
    }

    @Test func anotherInstancesStagedBodyIsLeftAloneAndOnlyAnAbandonedOneIsDeleted() throws {
        // Given one cache staging a body
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let writer = try SQLitePayloadCache(directory: directory.url)
        let staged = writer.stage(payload("fresh", at: 1), for: "k")
        // When another instance opens the file before the commit
        let other = try SQLitePayloadCache(directory: directory.url)
        writer.commit(staged)
        // Then the body was left alone and the other instance reads it
        #expect(other.payload(for: "k") == payload("fresh", at: 1))
        // And a body staged more than an hour ago and never committed is deleted at the next opening
        let database = try DatabaseQueue(path: writer.fileURL.path)
        try database.write { db in
            try db.execute(sql: "INSERT INTO body (stagedAt, data) VALUES (0, x'00')")
        }
        #expect(try bodyCount(writer) == 2)
        _ = try SQLitePayloadCache(directory: directory.url)
        #expect(try bodyCount(writer) == 1)
        #expect(writer.payload(for: "k") == payload("fresh", at: 1))
    }

    @Test func aFileOfAnUnshippedSecondLayoutIsUpgraded() throws {
        // Given a file at "v2", the body last in the payload row (a layout that never shipped)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.url.appendingPathComponent("payloads.sqlite")
        do {
            let old = try DatabasePool(path: url.path)
            var migrator = DatabaseMigrator()
            migrator.registerMigration("v1") { _ in }
            migrator.registerMigration("v2") { db in
                try db.execute(
                    sql: """
                        CREATE TABLE payload (key TEXT PRIMARY KEY NOT NULL, etag TEXT, lastModified TEXT,
                            storedAt REAL NOT NULL, size INTEGER NOT NULL, accessOrder INTEGER NOT NULL,
                            body BLOB NOT NULL);
                        """)
            }
            try migrator.migrate(old)
        }
        // When the cache opens it, then it works
        let cache = try SQLitePayloadCache(directory: directory.url)
        cache.store(payload("new"), for: "k")
        #expect(cache.payload(for: "k") == payload("new"))
    }

    @Test func aStagedPayloadIsSeenOnlyOnceCommitted() throws {
        // Given a cache holding "old" for k
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cache = try SQLitePayloadCache(directory: directory.url)
        cache.store(payload("old"), for: "k")
        // When "new" is staged, readers still get "old"; once committed, "new"
        let staged = cache.stage(payload("new", at: 1), for: "k")
        #expect(cache.payload(for: "k") == payload("old"))
        #expect(try bodyCount(cache) == 2)  // written already: the commit only points the payload at it
        cache.commit(staged)
        #expect(cache.payload(for: "k") == payload("new", at: 1))
        // And a discarded one leaves the payload as it was, and no row behind
        let discarded = cache.stage(payload("bad", at: 2), for: "k")
        cache.discard(discarded)
        #expect(cache.payload(for: "k") == payload("new", at: 1))
        #expect(cache.keysByAccess == ["k"])
        #expect(cache.totalSize == 3)
        #expect(try bodyCount(cache) == 1)
    }

    @Test func usesWriteAheadLogging() throws {
        // Given a cache with something stored
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cache = try SQLitePayloadCache(directory: directory.url)
        cache.store(payload("x"), for: "k")
        // Then the WAL file exists next to the database
        #expect(FileManager.default.fileExists(atPath: cache.fileURL.path + "-wal"))
    }

    @Test func revalidationMovesTheStorageTimeOnly() throws {
        // Given a stored payload
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cache = try SQLitePayloadCache(directory: directory.url)
        let stored = payload("same", etag: "\"1\"", at: 0)
        cache.store(stored, for: "k")
        // When the server confirms it unchanged later
        let later = Date(timeIntervalSince1970: 1_700_000_600)
        cache.markRevalidated("k", at: later)
        // Then only storedAt changed
        var expected = stored
        expected.storedAt = later
        #expect(cache.payload(for: "k") == expected)
    }

    @Test func theSizeLimitEvictsTheLeastRecentlyAccessed() throws {
        // Given a cache limited to 10 bytes holding a (4), b (4), with a read after b was stored
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cache = try SQLitePayloadCache(directory: directory.url, sizeLimit: 10)
        cache.store(payload("aaaa"), for: "a")
        cache.store(payload("bbbb"), for: "b")
        #expect(cache.payload(for: "a") != nil)
        // When c (4) is stored, exceeding the limit
        cache.store(payload("cccc"), for: "c")
        // Then b, the least recently accessed, was removed
        #expect(cache.keysByAccess == ["a", "c"])
        #expect(cache.totalSize == 8)
        #expect(try bodyCount(cache) == 2)
        // And a payload larger than the whole limit is not stored at all
        cache.store(payload("0123456789AB"), for: "big")
        #expect(cache.payload(for: "big") == nil)
        #expect(cache.totalSize == 8)
    }

    @Test func aCorruptFileIsReplacedNotFatal() throws {
        // Given a cache file full of garbage bytes
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("payloads.sqlite")
        try Data(repeating: 0xAB, count: 8192).write(to: file)
        // When the cache is opened
        let cache = try SQLitePayloadCache(directory: directory.url)
        // Then it starts empty and works
        #expect(cache.payload(for: "k") == nil)
        cache.store(payload("fresh"), for: "k")
        #expect(cache.payload(for: "k")?.body == Data("fresh".utf8))
    }

    @Test func aTruncatedDatabaseHeaderIsReplacedNotFatal() throws {
        // Given a file that starts like SQLite but is cut short
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("payloads.sqlite")
        try Data("SQLite format 3\u{0}".utf8 + Data(repeating: 0xFF, count: 200)).write(to: file)
        // When the cache is opened
        let cache = try SQLitePayloadCache(directory: directory.url)
        // Then it works as an empty cache
        cache.store(payload("ok"), for: "k")
        #expect(cache.payload(for: "k")?.body == Data("ok".utf8))
    }

    @Test func removalDeletesEntries() throws {
        // Given two stored payloads
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cache = try SQLitePayloadCache(directory: directory.url)
        cache.store(payload("1"), for: "a")
        cache.store(payload("2"), for: "b")
        // When one is removed, then all
        cache.removePayload(for: "a")
        #expect(cache.payload(for: "a") == nil)
        #expect(cache.payload(for: "b") != nil)
        cache.removeAll()
        // Then nothing remains
        #expect(cache.keysByAccess.isEmpty)
    }
}

@Suite struct InMemoryPayloadCacheTests {
    @Test func storesRevalidatesAndEvictsBySize() {
        // Given an in-memory cache of 6 bytes
        let cache = InMemoryPayloadCache(sizeLimit: 6)
        let start = Date(timeIntervalSince1970: 0)
        cache.store(CachedPayload(body: Data("abc".utf8), etag: "x", storedAt: start), for: "a")
        cache.store(CachedPayload(body: Data("def".utf8), storedAt: start), for: "b")
        // When "a" is revalidated and "c" is stored
        cache.markRevalidated("a", at: Date(timeIntervalSince1970: 60))
        cache.store(CachedPayload(body: Data("ghi".utf8), storedAt: start), for: "c")
        // Then "b" was evicted and "a" carries the new time with its etag
        #expect(cache.payload(for: "b") == nil)
        #expect(cache.payload(for: "a")?.storedAt == Date(timeIntervalSince1970: 60))
        #expect(cache.payload(for: "a")?.etag == "x")
        #expect(cache.count == 2)
    }

    @Test func aCacheMadeWithoutALimitStillKeepsOnlyTheRecentAnswers() {
        // Given a cache made without a size limit (as a server's bundled source is)
        let cache = InMemoryPayloadCache()
        let megabyte = Data(count: 1 << 20)
        let start = Date(timeIntervalSince1970: 0)
        // When one more mebibyte than its default limit is stored, a mebibyte at a time
        let stored = InMemoryPayloadCache.defaultSizeLimit >> 20 + 1
        for index in 0..<stored {
            cache.store(CachedPayload(body: megabyte, storedAt: start), for: "answer \(index)")
        }
        // Then the oldest answer is gone, the newest kept, and no more than the limit is held
        #expect(cache.payload(for: "answer 0") == nil)
        #expect(cache.payload(for: "answer \(stored - 1)") != nil)
        #expect(cache.count == InMemoryPayloadCache.defaultSizeLimit >> 20)
    }
}
