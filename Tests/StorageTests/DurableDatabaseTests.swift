import AppPatterns
import Foundation
import GRDB
import TestSupport
import Testing

@testable import Storage

/// The stores' files are opened so that a change that returned survives a crash and a power cut.
@Suite struct DurableDatabaseTests {
    /// A queue and a pool on files in `directory`.
    private func queueAndPool(in directory: TemporaryDirectory) throws -> [any DatabaseWriter] {
        [
            try DurableDatabase.queue(path: directory.url.appendingPathComponent("q.sqlite").path, label: "q"),
            try DurableDatabase.pool(path: directory.url.appendingPathComponent("p.sqlite").path, label: "p"),
        ]
    }

    @Test func aQueueAndAPoolOnAFileWriteWithSynchronousFullInWAL() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for database in try queueAndPool(in: directory) {
            // 2 is FULL (1 would be NORMAL, which a power cut can undo in WAL mode)
            #expect(try database.write { try Int.fetchOne($0, sql: "PRAGMA synchronous") } == 2)
            #expect(try database.write { try String.fetchOne($0, sql: "PRAGMA journal_mode") } == "wal")
        }
    }

    @Test func everyConnectionToAFileKeepsAtMostHalfAMebibyteOfPages() throws {
        // Given a queue and a pool on files, and a queue in memory
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let memory = try DurableDatabase.queue(path: nil, label: "m")
        // Then the files' writers and readers keep 512 KiB of pages (a negative size is in KiB)
        for database in try queueAndPool(in: directory) {
            #expect(try database.write { try Int.fetchOne($0, sql: "PRAGMA cache_size") } == -512)
            #expect(try database.read { try Int.fetchOne($0, sql: "PRAGMA cache_size") } == -512)
        }
        // And the database in memory, which is all pages, keeps SQLite's default
        #expect(try memory.read { try Int.fetchOne($0, sql: "PRAGMA cache_size") } == -2_000)
    }

    @Test func aPointReaderReadsWhatItsPoolCommittedAndChangesNothing() throws {
        // Given a pool on a file with a row, and its point reader
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.url.appendingPathComponent("p.sqlite").path
        let pool = try DurableDatabase.pool(path: path, label: "p")
        try pool.write { db in
            try db.execute(sql: "CREATE TABLE note (id INTEGER PRIMARY KEY, text TEXT NOT NULL)")
            try db.execute(sql: "INSERT INTO note (id, text) VALUES (1, 'first')")
        }
        let reader = try DurableDatabase.pointReader(path: path, beside: pool, label: "p")
        func text() throws -> String? {
            try DurableDatabase.readOne(reader, "SELECT text FROM note WHERE id = ?") {
                try String.fetchOne($0, arguments: [1])
            }
        }
        // Then it reads the row, and after the pool changes it, the change (its pages are not kept stale)
        #expect(try text() == "first")
        try pool.write { db in try db.execute(sql: "UPDATE note SET text = 'second' WHERE id = 1") }
        #expect(try text() == "second")
        // And it cannot change the file, and keeps at most half a mebibyte of pages like the pool's connections
        #expect(throws: DatabaseError.self) {
            try reader.unsafeRead { db in try db.execute(sql: "DELETE FROM note") }
        }
        #expect(try text() == "second")
        #expect(try reader.read { try Int.fetchOne($0, sql: "PRAGMA cache_size") } == -512)
        // And in memory there is no other connection to open: the reader is the store's own
        let memory = try DurableDatabase.pool(path: nil, label: "m")
        #expect(
            try DurableDatabase.pointReader(path: nil, beside: memory, label: "m") as AnyObject === memory as AnyObject)
    }

    @Test func aDeletedRowIsInNoFileOfTheStoreAfterItsLogIsForgotten() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let folder = directory.url
        let path = folder.appendingPathComponent("store.sqlite").path
        let queue = try DurableDatabase.queue(path: path, label: "test")
        let marker = "A-PERSONS-SECRET-" + UUID().uuidString
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE note (id INTEGER PRIMARY KEY, text TEXT NOT NULL)")
            for index in 0..<50 {
                try db.execute(sql: "INSERT INTO note (text) VALUES (?)", arguments: ["filler \(index)"])
            }
            try db.execute(sql: "INSERT INTO note (text) VALUES (?)", arguments: [marker])
        }
        try queue.writeWithoutTransaction { db in _ = try db.checkpoint(.passive) }
        func bytes() -> Data {
            ["", "-wal", "-shm"].reduce(Data()) {
                $0 + ((try? Data(contentsOf: URL(fileURLWithPath: path + $1))) ?? Data())
            }
        }
        #expect(bytes().range(of: Data(marker.utf8)) != nil)
        // When the row is deleted and the store forgets what it deleted
        let deleted = try queue.write { db in
            try db.execute(sql: "DELETE FROM note WHERE text = ?", arguments: [marker])
            return db.changesCount
        }
        DurableDatabase.forgetDeletedRows(queue, deleted: deleted)
        // Then its bytes are in neither the file nor its log, while the store is still open
        #expect(bytes().range(of: Data(marker.utf8)) == nil)
        #expect(try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM note") } == 50)
    }
}
