import AppPatterns
import Foundation
import GRDB
import Testing

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
}
