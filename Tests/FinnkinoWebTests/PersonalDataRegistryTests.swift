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
        let registry = try data.registry()
        // When the tables that name a person are listed from the database itself
        let tables = try data.personTables()
        // Then each is a registered store's, and the registry names no table that is not there
        let registered = Set(registry.stores.flatMap(\.personTables))
        #expect(tables.count >= 9, "\(tables)")
        #expect(
            tables == registered,
            "not registered: \(tables.subtracting(registered).sorted()); not there: \(registered.subtracting(tables).sorted())"
        )
        // And `finnkino migrate --from-sqlite` copies each of them (it copies the stores' tables)
        #expect(Set(data.stores.all.flatMap(\.personTables)) == tables)
    }

    @Test(.enabled(if: TestPostgres.isAvailable)) func eachTableAndColumnHasTheSameNameOnBothBackends() throws {
        // Given every store a server opens, on SQLite and on PostgreSQL
        let sqlite = try ServerData(.sqlite)
        defer { sqlite.remove() }
        let postgres = try ServerData(.postgres)
        defer { postgres.remove() }
        // Then the tables that name a person are the same, and each column kept on SQLite is one
        // of the same name on PostgreSQL (which has a few of its own: a revision to notify by)
        let onSQLite = try sqlite.personTableColumns()
        let onPostgres = try postgres.personTableColumns()
        #expect(Set(onSQLite.keys) == Set(onPostgres.keys))
        for (table, columns) in onSQLite {
            #expect(
                columns.isSubset(of: onPostgres[table] ?? []),
                "\(table): \(columns.subtracting(onPostgres[table] ?? []))")
        }
    }

    @Test(.enabled(if: TestPostgres.isAvailable)) func migratingALastReleasesFolderKeepsEveryonesDocument() throws {
        // Given a data folder of the last release, opened by this one
        let folder = try ReleaseDataFolder.copy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sqlite = try ServerData(.sqlite, folder: folder)
        let persons = [
            PersonID.local, PersonID(rawValue: ReleaseDataFolder.alice), PersonID(rawValue: ReleaseDataFolder.bob),
        ]
        let before = try persons.map {
            try PersonDataDocument(of: $0, registry: sqlite.registry(), now: WebServer.morning).json()
        }
        // When it is copied into PostgreSQL (`finnkino migrate --from-sqlite`)
        let pool = try TestPostgres.freshPool()
        _ = try SQLiteToPostgres.copy(from: folder, to: pool)
        // Then each person's "Download my data" there is what it was: every field, the same
        let postgres = try ServerData(.postgres, folder: folder, pool: pool)
        let after = try persons.map {
            try PersonDataDocument(of: $0, registry: postgres.registry(), now: WebServer.morning).json()
        }
        for (old, new) in zip(before, after) {
            #expect(String(decoding: new, as: UTF8.self) == String(decoding: old, as: UTF8.self))
        }
        // (and it has the things the folder holds: Alice's wanted movies, video, export, feeds)
        let alices = String(decoding: before[1], as: UTF8.self)
        #expect(alices.contains("Dyyni") && alices.contains("Kesäloma") && alices.contains("\"queued\""))
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
                    "wanted", "feeds", "pushSubscriptions", "apiTokens", "watchlistImports", "keptFilms",
                    "togetherGroups",
                ])
        // And a field added later is written with them, under the document's version
        document.add("extra", [1, 2])
        let json = try #require(try JSONSerialization.jsonObject(with: document.json()) as? [String: Any])
        #expect(json["format"] as? String == "finnkino-person-data/1")
        #expect(json["extra"] as? [Int] == [1, 2])
        #expect(json["exportedAt"] as? String == "2026-11-22T07:00:00Z")
    }
}
