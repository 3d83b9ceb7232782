import AppPatterns
import FinnkinoKit
import FinnkinoStores
import Foundation
import GRDB
import Logging
import PostgresNIO
import Storage
import TestSupport
import Testing

@testable import FinnkinoWeb

/// A server's data on one backend, opened as `finnkino serve` opens it: its per-person stores
/// (``PersonalStores``) and places, on SQLite files in a fresh data folder or on a fresh schema of
/// the test PostgreSQL server (the videos and sent files in the folder then). It reads every
/// table behind the stores' backs, to tell what is left of a person.
struct ServerData {
    let kind: TestBackend
    let folder: URL
    let pool: PostgresPool?
    let stores: PersonalStores
    let places: any SnapshotStorage

    /// The data on `kind`: in `folder` (a fresh one by default), over `pool` for PostgreSQL (a
    /// fresh schema by default).
    init(_ kind: TestBackend, folder: URL? = nil, pool: PostgresPool? = nil) throws {
        self.kind = kind
        self.folder =
            folder ?? FileManager.default.temporaryDirectory.appendingPathComponent("server-data-\(UUID().uuidString)")
        let folder = self.folder
        let logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
        if kind == .postgres {
            let pool = try pool ?? TestPostgres.freshPool()
            self.pool = pool
            stores = try PersonalStores.postgres(on: pool, media: folder, logger: logger)
            places = try PostgresSnapshotStorage(pool: pool)
        } else {
            self.pool = nil
            stores = try PersonalStores.sqlite(in: folder, hosted: true, logger: logger)
            places = try SQLiteSnapshotStorage(fileURL: folder.appendingPathComponent("state.sqlite"))
        }
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }

    /// The registry of what a person has, of a server on this data (with a secret that is the same
    /// on every run: the feeds' addresses hang on it).
    func registry() throws -> PersonalDataRegistry {
        let configuration = WebConfiguration(
            makeStore: WebServer.bundledStore, bookmarks: stores.bookmarks, library: stores.library,
            persons: stores.persons, uploads: folder.appendingPathComponent("uploads"), exportJobs: stores.exportJobs,
            wanted: stores.wanted, pushSubscriptions: stores.pushSubscriptions, apiTokens: stores.apiTokens,
            watchlists: stores.watchlists, together: stores.together,
            stateStorage: places,
            csrfSecret: try #require(CSRFSecret(bytes: Data(repeating: 7, count: 32))),
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        return try FinnkinoRoutes(configuration).personalData
    }

    /// Every column of the tables that name a person, by table.
    func personTableColumns() throws -> [String: Set<String>] {
        let tables = try personTables()
        var columns: [String: Set<String>] = [:]
        for (table, column) in try self.columns() where tables.contains(table) {
            columns[table, default: []].insert(column)
        }
        return columns
    }

    /// The tables that name a person, in every database of the server: `person` itself, and each
    /// with a `person` column.
    func personTables() throws -> Set<String> {
        Set(try columns().filter { $0.column == "person" || $0.table == "person" }.map(\.table))
    }

    /// How many rows name `person`, per table, in every database of the server: the rows of the
    /// tables with a `person` column that are theirs, their row of `person`, and their place.
    func rows(of person: PersonID) throws -> [String: Int] {
        var counts: [String: Int] = [:]
        let id = person.rawValue
        let place = PlaceKeeper.key(of: person)
        if let pool {
            try pool.withSession { session in
                for table in try personTables().sorted() {
                    let column = table == "person" ? "id" : "person"
                    counts[table] = try session.query(
                        PostgresQuery(unsafeSQL: "SELECT count(*) FROM \(table) WHERE \(column) = \(id)")
                    ).first?.decode(Int.self)
                }
                counts["snapshot: \(place)"] = try session.query(
                    "SELECT count(*) FROM snapshot WHERE key = \(place)"
                ).first?.decode(Int.self)
            }
        } else {
            for file in try databaseFiles() {
                try DatabaseQueue(path: file.path).read { db in
                    for table in try Self.tables(in: db) {
                        let columns = try Row.fetchAll(
                            db, sql: "SELECT name FROM pragma_table_info(?)", arguments: [table]
                        )
                        .map { $0[0] as String }
                        if table == "snapshot" {
                            counts["\(file.lastPathComponent): snapshot: \(place)"] = try Int.fetchOne(
                                db, sql: "SELECT count(*) FROM snapshot WHERE key = ?", arguments: [place])
                        }
                        guard let column = table == "person" ? "id" : columns.first(where: { $0 == "person" }) else {
                            continue
                        }
                        counts["\(file.lastPathComponent): \(table)"] = try Int.fetchOne(
                            db, sql: "SELECT count(*) FROM \"\(table)\" WHERE \(column) = ?", arguments: [id])
                    }
                }
            }
        }
        return counts
    }

    /// Every file in the data folder, but the databases and their journals (which every change
    /// rewrites), by path in the folder.
    func files() -> Set<String> {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        else { return [] }
        var files = Set<String>()
        for case let url as URL in walker
        where (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
            let path = String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1))
            if !path.contains(".sqlite") { files.insert(path) }
        }
        return files
    }

    /// Every column of every table of the server's databases.
    private func columns() throws -> [(table: String, column: String)] {
        if let pool {
            return try pool.withSession { session in
                try session.query(
                    """
                    SELECT table_name::text, column_name::text FROM information_schema.columns
                    WHERE table_schema = current_schema()
                    """
                ).map { try $0.decode((String, String).self) }.map { (table: $0.0, column: $0.1) }
            }
        }
        var columns: [(table: String, column: String)] = []
        for file in try databaseFiles() {
            try DatabaseQueue(path: file.path).read { db in
                for table in try Self.tables(in: db) {
                    for row in try Row.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?)", arguments: [table]) {
                        columns.append((table: table, column: row[0]))
                    }
                }
            }
        }
        return columns
    }

    private func databaseFiles() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "sqlite" }
    }

    private static func tables(in db: Database) throws -> [String] {
        try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    }
}
