import AppPatterns
import Foundation
import TestSupport
import Testing

@testable import Storage

/// Every kind of ``SnapshotStorage`` the server keeps persons' places in, held to one contract.
extension TestBackend {
    /// A new, empty snapshot storage on this backend.
    func makeSnapshotStorage() throws -> any SnapshotStorage {
        try make(
            sqlite: { try SQLiteSnapshotStorage(fileURL: $0.appendingPathComponent("state.sqlite")) },
            postgres: { try PostgresSnapshotStorage(pool: $0) }
        ).store
    }
}

@Suite(.timeLimit(.minutes(3))) struct SnapshotStorageContractTests {
    @Test(arguments: TestBackend.onDisk) func savedBytesReadBackReplacedAndRemovedByKey(
        kind: TestBackend
    ) throws {
        let storage = try kind.makeSnapshotStorage()
        // Nothing saved reads as nothing
        #expect(try storage.snapshot(for: "place.7") == nil)
        // Bytes of any value (a zero byte, invalid UTF-8) read back exactly, each under its key
        let bytes = Data([0, 0xFF, 0xFE, 10, 0x27])
        try storage.save(bytes, for: "place.7")
        try storage.save(Data("b".utf8), for: "place.'8")
        #expect(try storage.snapshot(for: "place.7") == bytes)
        #expect(try storage.snapshot(for: "place.'8") == Data("b".utf8))
        // A save replaces; several at once all land
        try storage.save(["place.7": Data("new".utf8), "place.9": Data("nine".utf8)])
        #expect(try storage.snapshot(for: "place.7") == Data("new".utf8))
        #expect(try storage.snapshot(for: "place.9") == Data("nine".utf8))
        // A removal removes that key only
        try storage.removeSnapshot(for: "place.7")
        #expect(try storage.snapshot(for: "place.7") == nil)
        #expect(try storage.snapshot(for: "place.9") == Data("nine".utf8))
    }
}
