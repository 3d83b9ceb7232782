import AppPatterns
import FinnkinoKit
import FinnkinoStores
import Foundation
import Logging
import TestSupport
import Testing

@testable import FinnkinoWeb

/// Privacy by construction: "Delete me", "Download my data" and the sweep each go through one
/// registry of what a person has (``PersonalDataRegistry``), and a store left out of it fails here.
@Suite(.timeLimit(.minutes(3))) struct PersonalDataRegistryTests {
    @Test(arguments: TestBackend.onDisk) func everyTableThatNamesAPersonIsARegisteredStores(kind: TestBackend) throws {
        // Given every store a server opens on this backend, and the registry of its routes
        let data = try ServerData(kind)
        defer { data.remove() }
        let configuration = WebConfiguration(
            makeStore: WebServer.bundledStore, bookmarks: data.stores.bookmarks, library: data.stores.library,
            persons: data.stores.persons, uploads: data.folder.appendingPathComponent("uploads"),
            exportJobs: data.stores.exportJobs, wanted: data.stores.wanted,
            pushSubscriptions: data.stores.pushSubscriptions, stateStorage: data.places,
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        let registry = try FinnkinoRoutes(configuration).personalData
        // When the tables that name a person are listed from the database itself
        let tables = try data.personTables()
        // Then each is a registered store's, and the registry names no table that is not there
        let registered = Set(registry.stores.flatMap(\.personTables))
        #expect(tables.count >= 9, "\(tables)")
        #expect(
            tables == registered,
            "not registered: \(tables.subtracting(registered).sorted()); not there: \(registered.subtracting(tables).sorted())"
        )
    }

    @Test func eachFieldOfTheDocumentIsOneKindsAndItsVersionIsTheDocuments() throws {
        var document = try PersonDataDocument(
            of: .local,
            registry: PersonDataTests.registry(
                persons: SQLitePersonStore.inMemory(), bookmarks: SQLiteBookmarkStores.inMemory(),
                library: SQLiteVideoLibrary(
                    dataDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("registry-\(UUID())")),
                state: InMemorySnapshotStorage()),
            now: WebServer.morning)
        // Every kind adds its fields (HOSTING.md lists them)
        #expect(
            document.names
                == [
                    "person", "devices", "bookmarks", "bookmarkHistory", "place", "videos", "exportJobs", "editors",
                    "wanted", "feeds", "pushSubscriptions",
                ])
        // And a field added later is written with them, under the document's version
        document.add("extra", [1, 2])
        let json = try #require(try JSONSerialization.jsonObject(with: document.json()) as? [String: Any])
        #expect(json["format"] as? String == "finnkino-person-data/1")
        #expect(json["extra"] as? [Int] == [1, 2])
        #expect(json["exportedAt"] as? String == "2026-11-22T07:00:00Z")
    }
}
