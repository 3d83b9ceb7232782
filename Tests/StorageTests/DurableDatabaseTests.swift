import AppPatterns
import Foundation
import GRDB
import Testing

@testable import Storage

/// The stores' files are opened so that a change that returned survives a crash and a power cut.
@Suite struct DurableDatabaseTests {
    @Test func aQueueAndAPoolOnAFileWriteWithSynchronousFullInWAL() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("durable-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let queue = try DurableDatabase.queue(path: folder.appendingPathComponent("q.sqlite").path, label: "q")
        let pool = try DurableDatabase.pool(path: folder.appendingPathComponent("p.sqlite").path, label: "p")
        for database in [queue, pool] as [any DatabaseWriter] {
            // 2 is FULL (1 would be NORMAL, which a power cut can undo in WAL mode)
            #expect(try database.write { try Int.fetchOne($0, sql: "PRAGMA synchronous") } == 2)
            #expect(try database.write { try String.fetchOne($0, sql: "PRAGMA journal_mode") } == "wal")
        }
    }

    @Test func everyConnectionToAFileKeepsAtMostHalfAMebibyteOfPages() throws {
        // Given a queue and a pool on files, and a queue in memory
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("page-cache-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let queue = try DurableDatabase.queue(path: folder.appendingPathComponent("q.sqlite").path, label: "q")
        let pool = try DurableDatabase.pool(path: folder.appendingPathComponent("p.sqlite").path, label: "p")
        let memory = try DurableDatabase.queue(path: nil, label: "m")
        // Then the files' writers and readers keep 512 KiB of pages (a negative size is in KiB)
        for database in [queue, pool] as [any DatabaseWriter] {
            #expect(try database.write { try Int.fetchOne($0, sql: "PRAGMA cache_size") } == -512)
            #expect(try database.read { try Int.fetchOne($0, sql: "PRAGMA cache_size") } == -512)
        }
        // And the database in memory, which is all pages, keeps SQLite's default
        #expect(try memory.read { try Int.fetchOne($0, sql: "PRAGMA cache_size") } == -2_000)
    }

    @Test func aDeletedRowIsInNoFileOfTheStoreAfterItsLogIsForgotten() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("secure-delete-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
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
