import AppPatterns
import Foundation
import GRDB
import Logging
import Storage
import TestSupport
import Testing

@testable import FinnkinoKit
@testable import FinnkinoStores

/// A data folder the last release wrote, opened by this one: its files are migrated in place to
/// PostgreSQL's names, and everything in them reads back as before.
@Suite(.timeLimit(.minutes(3))) struct DataFolderMigrationTests {
    let alice = PersonID(rawValue: ReleaseDataFolder.alice)
    let bob = PersonID(rawValue: ReleaseDataFolder.bob)

    @Test func aDataFolderOfTheLastReleaseIsMigratedInPlaceAndReadsTheSame() throws {
        // Given a copy of a data folder of the release of 2026-11-27 (camelCase names)
        let folder = try ReleaseDataFolder.copy()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try columns(in: folder).contains { $0.table == "wantedMovie" && $0.column == "announcedAt" })
        // When this release opens it as the server does
        let stores = try PersonalStores.sqlite(
            in: folder, hosted: true, logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        let places = try SQLiteSnapshotStorage(fileURL: folder.appendingPathComponent("state.sqlite"))
        // Then every table and column has PostgreSQL's name
        let renamed = try columns(in: folder)
        #expect(renamed.count > 40)
        #expect(renamed.allSatisfy { $0.table.wholeMatch(of: /[a-z0-9_]+/) != nil }, "\(renamed)")
        #expect(renamed.allSatisfy { $0.column.wholeMatch(of: /[a-z0-9_]+/) != nil }, "\(renamed)")
        #expect(renamed.contains { $0.table == "wanted_movie" && $0.column == "announced_at" })
        // And Alice's devices, bookmarks with their undo history, wanted movies with what was
        // announced, feed generation, push subscription, video, export and place are all there
        #expect(try stores.persons.devices(of: alice).map(\.name).sorted() == ["Firefox on Linux", "Safari on iPhone"])
        #expect(try stores.persons.dates(of: bob) != nil)
        let bookmarks = try stores.bookmarks.store(for: alice)
        #expect(
            Set(bookmarks.all().map(\.key)) == [Bookmark.Key(.finnkino, 305001), Bookmark.Key(.international, 900001)])
        #expect(try bookmarks.undo() != nil)
        #expect(bookmarks.all().contains { $0.movieID == 305002 })
        #expect(try stores.bookmarks.store(for: .local).all().map(\.movieID) == [305004])
        let wanted = try stores.wanted.wanted(by: alice)
        #expect(wanted.map(\.movieID).sorted() == [301, 302])
        #expect(wanted.first { $0.movieID == 301 }?.announcement?.theatre == "Tennispalatsi, Helsinki")
        #expect(try stores.wanted.waiting(after: nil, limit: 10).map(\.movieID) == [302])
        #expect(try stores.wanted.feedGeneration(of: alice) == 1)
        #expect(
            try stores.pushSubscriptions.subscriptions(of: alice).map(\.device) == [ReleaseDataFolder.alicesFirstDevice]
        )
        #expect(try stores.library.all(of: alice).map(\.title) == ["Kesäloma"])
        #expect(try stores.exportJobs.jobs(of: alice).map(\.state) == [.queued])
        #expect(try places.snapshot(for: "place.\(alice.rawValue)") != nil)
        // And changes work on the migrated files
        #expect(try stores.wanted.want(303, title: "Uusi", by: alice, now: Date()))
        #expect(try stores.wanted.wanted(by: alice).count == 3)
    }

    private func columns(in folder: URL) throws -> [(table: String, column: String)] {
        var columns: [(table: String, column: String)] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".sqlite") {
            try DatabaseQueue(path: folder.appendingPathComponent(name).path).read { db in
                let tables = try String.fetchAll(
                    db,
                    sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
                        + "AND name != 'grdb_migrations'")
                for table in tables {
                    for column in try String.fetchAll(
                        db, sql: "SELECT name FROM pragma_table_info(?)", arguments: [table])
                    {
                        columns.append((table, column))
                    }
                }
            }
        }
        return columns
    }
}
