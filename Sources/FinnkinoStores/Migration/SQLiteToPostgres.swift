import AppPatterns
import FinnkinoKit
import Foundation
import GRDB
import Logging
import PostgresNIO
import Storage

/// A store kept in an SQLite file: what `finnkino migrate --from-sqlite` reads its tables from.
protocol SQLiteBacked {
    var database: any DatabaseReader { get }
}

/// Moves an install from one machine's SQLite files to PostgreSQL (`finnkino migrate --from-sqlite
/// DIR --to postgres://…`): every row of every per-person store (``PersonalStores/all``, each
/// copying the tables it names, ``PersonalStore/personTables``), every saved place, and the
/// server's secrets kept in files, in one transaction and counted on both sides. The tables and
/// columns have the same names on both backends, so a table is copied by name, its IDs kept (a
/// push subscription names its device by its session's ID).
///
/// The target must hold no data yet (its tables are made first); the files are brought up to date
/// as the server would, then only read. The videos' files are not moved: they stay in the data
/// folder's `videos/`, which the instances then use as their media folder (`--media-dir DIR`).
public enum SQLiteToPostgres {
    /// What was copied: rows per table, the same on both sides, and the secrets.
    public struct Report: Sendable, Equatable, CustomStringConvertible {
        /// Rows copied, by table (the local person counted whether or not the files had them).
        public var rows: [String: Int] = [:]
        /// The server's secrets kept in files (`server-secret`, `vapid-key`).
        public var secrets = 0

        public var description: String {
            rows.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
                + ", \(secrets) secrets"
        }
    }

    /// Why the copy did not happen (nothing was written).
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    /// Copies the SQLite files of `directory` into `pool`'s database.
    public static func copy(from directory: URL, to pool: PostgresPool) throws -> Report {
        let sources = try sources(in: directory)
        try PostgresSchema.migrator.migrate(pool)
        return try pool.transaction { session in
            let existing = try session.query(
                """
                SELECT (SELECT count(*) FROM person WHERE id != 1) + (SELECT count(*) FROM bookmark)
                    + (SELECT count(*) FROM snapshot) + (SELECT count(*) FROM video)
                """
            ).first?.decode(Int.self)
            guard existing == 0 else {
                throw Failure("the database at \(pool.location) already has data: copy into an empty one")
            }
            let columns = try targetColumns(session)
            var report = Report()
            for source in sources {
                try source.database.read { db in
                    for table in source.tables {
                        report.rows[table] = try copy(table, from: db, into: session, columns: columns[table] ?? [:])
                    }
                }
            }
            // The folder's secrets become the database's: the browsers' push subscriptions were made
            // with its VAPID key, and the feeds' addresses and open pages' forms hang on its secret.
            for (file, name) in [("server-secret", "csrf"), ("vapid-key", "vapid")] {
                guard let data = try? Data(contentsOf: directory.appendingPathComponent(file)), data.count == 32 else {
                    continue
                }
                try session.execute(
                    """
                    INSERT INTO server_secret (name, value) VALUES (\(name), \(data))
                    ON CONFLICT (name) DO UPDATE SET value = excluded.value
                    """)
                report.secrets += 1
            }
            // New rows are numbered after the copied ones.
            for table in report.rows.keys.sorted() where columns[table]?["id"]?.generated == true {
                try session.execute(
                    PostgresQuery(
                        unsafeSQL: "SELECT setval(pg_get_serial_sequence('\(table)', 'id'), "
                            + "coalesce(max(id), 0) + 1, false) FROM \(table)"))
            }
            // The local person is in every database: counted on the target whether or not the files had them.
            report.rows["person"] = max(report.rows["person"] ?? 0, 1)
            for (table, count) in report.rows {
                let copied = try session.query(PostgresQuery(unsafeSQL: "SELECT count(*) FROM \(table)")).first?
                    .decode(Int.self)
                guard copied == count else {
                    throw Failure(
                        "the counts differ after the copy: \(count) rows of \(table) read, \(copied ?? 0) there")
                }
            }
            return report
        }
    }

    /// A database of the folder and the tables to copy from it.
    private struct Source {
        let database: any DatabaseReader
        let tables: [String]
    }

    /// The per-person stores of `directory`, each brought up to date by opening it as the server
    /// does, and its saved places.
    private static func sources(in directory: URL) throws -> [Source] {
        guard FileManager.default.fileExists(atPath: directory.path) else {
            throw Failure("there is no folder \(directory.path)")
        }
        let names = [SQLitePersonStore.fileName, SQLiteBookmarkStore.fileName, "state.sqlite"]
        guard (names + [SQLiteVideoLibrary.fileName]).contains(where: { has($0, in: directory) }) else {
            throw Failure("\(directory.path) has none of \(names.joined(separator: ", ").replacingLastComma())")
        }
        do {
            let stores = try PersonalStores.sqlite(
                in: directory, hosted: true,
                logger: Logger(label: "migrate", factory: { _ in SwiftLogNoOpLogHandler() }))
            var sources = try stores.all.map { store in
                if let reason = store.unavailableReason { throw Failure(reason) }
                guard let backed = store as? any SQLiteBacked else {
                    throw Failure("\(type(of: store)) keeps no SQLite file to copy")
                }
                return Source(database: backed.database, tables: store.personTables)
            }
            if has("state.sqlite", in: directory) {
                let file = directory.appendingPathComponent("state.sqlite")
                _ = try SQLiteSnapshotStorage(fileURL: file)
                sources.append(Source(database: try DatabaseQueue(path: file.path), tables: ["snapshot"]))
            }
            return sources
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure("the SQLite files in \(directory.path) cannot be read: \(error)")
        }
    }

    private static func has(_ file: String, in directory: URL) -> Bool {
        FileManager.default.fileExists(atPath: directory.appendingPathComponent(file).path)
    }

    /// A column of the target: its type, and whether the database numbers it.
    private struct Column {
        let type: String
        let generated: Bool
    }

    /// Every column of the target's tables, by table and name.
    private static func targetColumns(_ session: PostgresSession) throws -> [String: [String: Column]] {
        var columns: [String: [String: Column]] = [:]
        for row in try session.query(
            """
            SELECT table_name::text, column_name::text, data_type::text,
                is_identity = 'YES' OR coalesce(column_default, '') LIKE 'nextval%'
            FROM information_schema.columns WHERE table_schema = current_schema()
            """)
        {
            let (table, name, type, generated) = try row.decode((String, String, String, Bool).self)
            columns[table, default: [:]][name] = Column(type: type, generated: generated)
        }
        return columns
    }

    /// Copies every row of `table`, column by column of the same name, keeping its IDs; returns
    /// how many. (The local person, made in both databases, takes the file's dates.)
    private static func copy(
        _ table: String, from db: Database, into session: PostgresSession, columns: [String: Column]
    ) throws -> Int {
        var count = 0
        let rows = try Row.fetchCursor(db, sql: "SELECT * FROM \"\(table)\"")
        while let row = try rows.next() {
            var names: [String] = []
            var bindings = PostgresBindings()
            for (name, value) in row {
                guard let column = columns[name] else {
                    throw Failure("\(table).\(name) has no column of that name in PostgreSQL")
                }
                names.append(name)
                switch value.storage {
                case .null: bindings.appendNull()
                case .int64(let number) where column.type == "boolean": bindings.append(number != 0)
                case .int64(let number): bindings.append(number)
                case .double(let number): bindings.append(number)
                case .string(let text): bindings.append(text)
                case .blob(let bytes): try bindings.append(bytes)
                }
            }
            let values = (1...names.count).map { "$\($0)" }.joined(separator: ", ")
            let keepsID = names.contains("id") ? " OVERRIDING SYSTEM VALUE" : ""
            let local =
                table == "person"
                ? " ON CONFLICT (id) DO UPDATE SET "
                    + names.filter { $0 != "id" }.map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
                : ""
            try session.execute(
                PostgresQuery(
                    unsafeSQL:
                        "INSERT INTO \(table) (\(names.joined(separator: ", ")))\(keepsID) VALUES (\(values))\(local)",
                    binds: bindings))
            count += 1
        }
        return count
    }
}

extension String {
    /// "a, b, c" as "a, b and c".
    fileprivate func replacingLastComma() -> String {
        guard let comma = range(of: ", ", options: .backwards) else { return self }
        return replacingCharacters(in: comma, with: " and ")
    }
}
