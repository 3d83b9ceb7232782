import AppPatterns
import Foundation
import Storage
import Testing

@Suite struct MementoStoreTests {
    struct Place: Codable, Sendable, Equatable {
        var tab: String
        var search: String
    }

    static let start = Place(tab: "movies", search: "")

    func store(_ storage: any SnapshotStorage, version: Int = 1) -> MementoStore<Place> {
        MementoStore(key: "place", version: version, defaultState: Self.start, storage: storage)
    }

    @Test func nothingSavedRestoresTheDefault() {
        #expect(store(InMemorySnapshotStorage()).restore() == Self.start)
    }

    @Test func aSavedStateComesBack() throws {
        // Given a saved place
        let storage = InMemorySnapshotStorage()
        try store(storage).save(Place(tab: "news", search: "dyy"))
        // Then a new store on the same storage restores it
        #expect(store(storage).restore() == Place(tab: "news", search: "dyy"))
    }

    @Test(arguments: [
        Data(), Data("garbage".utf8), Data([0xFF, 0x00, 0x13]), Data("{\"version\":1}".utf8),
        Data("{\"version\":1,\"savedAt\":0,\"state\":{\"tab\":7}}".utf8), Data("null".utf8),
    ])
    func anUnreadableSnapshotRestoresTheDefault(bytes: Data) throws {
        // Given garbage where a snapshot should be
        let storage = InMemorySnapshotStorage()
        try storage.save(bytes, for: "place")
        // Then restoring gives the default state instead of crashing
        #expect(store(storage).restore() == Self.start)
    }

    @Test func aSnapshotOfAnotherVersionRestoresTheDefault() throws {
        // Given a state saved by version 1 of the format
        let storage = InMemorySnapshotStorage()
        try store(storage, version: 1).save(Place(tab: "news", search: ""))
        // When version 2 restores
        // Then it starts from the default, not from a state it cannot vouch for
        #expect(store(storage, version: 2).restore() == Self.start)
    }

    @Test func sqliteSnapshotsSurviveReopening() throws {
        // Given a snapshot saved in an SQLite file
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("memento-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("state.sqlite")
        try store(SQLiteSnapshotStorage(fileURL: file)).save(Place(tab: "showtimes", search: "äiti"))
        // When the file is opened again (a restart)
        let restored = store(try SQLiteSnapshotStorage(fileURL: file)).restore()
        // Then the state is there
        #expect(restored == Place(tab: "showtimes", search: "äiti"))
    }

    @Test func aFileThatIsNotADatabaseIsAnError() throws {
        // Given a file of garbage where the database should be
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("memento-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("state.sqlite")
        try Data(repeating: 0x5A, count: 4096).write(to: file)
        // Then opening it throws (the caller starts anew) rather than crashing
        #expect(throws: (any Error).self) { try SQLiteSnapshotStorage(fileURL: file) }
    }
}
