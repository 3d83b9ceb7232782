import AppPatterns
import FinnkinoKit
import Foundation
import GRDB
import Storage

/// The ``APITokens`` of one machine, in `api-tokens.sqlite` of the data directory (through GRDB).
public final class SQLiteAPITokens: APITokens, SQLiteBacked {
    public let personTables = ["api_token"]
    var database: any DatabaseReader { queue }

    public static let fileName = "api-tokens.sqlite"
    private let queue: DatabaseQueue

    /// Opens (or creates) the tokens in `dataDirectory`.
    public init(dataDirectory: URL) throws(APITokensError) {
        do {
            queue = try DurableDatabase.queue(
                file: Self.fileName, in: dataDirectory, label: "APITokens", migrator: Self.migrator)
        } catch {
            let path = dataDirectory.appendingPathComponent(Self.fileName).path
            throw APITokensError("the API tokens \(path) cannot be opened: \(error)")
        }
    }

    /// Tokens kept in memory only (the tests' default).
    public init() {
        // An in-memory database always opens, and the migration is this file's own SQL.
        queue = try! DurableDatabase.queue(file: Self.fileName, in: nil, label: "APITokens", migrator: Self.migrator)
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE api_token (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        person INTEGER NOT NULL,
                        name TEXT NOT NULL,
                        hash BLOB NOT NULL UNIQUE, -- SHA-256 of the secret's 32 bytes
                        created_at REAL NOT NULL, -- seconds since 1970 UTC
                        last_used_at REAL
                    );
                    CREATE INDEX api_token_person ON api_token(person, created_at);
                    """)
        }
        return migrator
    }

    public func make(named name: String, for person: PersonID, now: Date) throws(APITokensError)
        -> (token: APIToken, secret: APITokenSecret)?
    {
        let secret = APITokenSecret.random()
        let kept = APITokenLimits.keptName(name)
        let id: Int64? = try write { db in
            let count =
                try Int.fetchOne(
                    db, sql: "SELECT COUNT(*) FROM api_token WHERE person = ?", arguments: [person.rawValue])
                ?? 0
            guard count < APITokenLimits.perPerson else { return nil }
            try db.execute(
                sql: "INSERT INTO api_token (person, name, hash, created_at) VALUES (?, ?, ?, ?)",
                arguments: [person.rawValue, kept, secret.hash, now.timeIntervalSince1970])
            return db.lastInsertedRowID
        }
        return id.map { (APIToken(id: $0, name: kept, createdAt: now, lastUsedAt: nil), secret) }
    }

    public func tokens(of person: PersonID) throws(APITokensError) -> [APIToken] {
        try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT id, name, created_at, last_used_at FROM api_token WHERE person = ?
                    ORDER BY created_at DESC, id DESC
                    """,
                arguments: [person.rawValue]
            ).map { row in
                APIToken(
                    id: row["id"], name: row["name"], createdAt: Date(timeIntervalSince1970: row["created_at"]),
                    lastUsedAt: (row["last_used_at"] as Double?).map(Date.init(timeIntervalSince1970:)))
            }
        }
    }

    public func revoke(_ id: Int64, of person: PersonID) throws(APITokensError) -> Bool {
        try write { db in
            try db.execute(
                sql: "DELETE FROM api_token WHERE id = ? AND person = ?", arguments: [id, person.rawValue])
            return db.changesCount > 0
        }
    }

    public func person(holding secret: APITokenSecret, now: Date) throws(APITokensError) -> PersonID? {
        let row = try read { db in
            try Row.fetchOne(
                db, sql: "SELECT id, person, last_used_at FROM api_token WHERE hash = ?", arguments: [secret.hash])
        }
        guard let row else { return nil }
        let lastUsed: Double? = row["last_used_at"]
        if lastUsed.map({ now.timeIntervalSince1970 - $0 >= APITokenLimits.usePrecision }) ?? true {
            let id: Int64 = row["id"]
            try write { db in
                try db.execute(
                    sql: "UPDATE api_token SET last_used_at = ? WHERE id = ?",
                    arguments: [now.timeIntervalSince1970, id])
            }
        }
        return PersonID(rawValue: row["person"])
    }

    public func erase(_ person: PersonID) throws(APITokensError) {
        let deleted = try write { db in
            try db.execute(sql: "DELETE FROM api_token WHERE person = ?", arguments: [person.rawValue])
            return db.changesCount
        }
        DurableDatabase.forgetDeletedRows(queue, deleted: deleted)
    }

    private func read<T>(_ body: (Database) throws -> T) throws(APITokensError) -> T {
        do { return try queue.read(body) } catch {
            throw APITokensError("the API tokens cannot be read: \(error)")
        }
    }

    @discardableResult
    private func write<T>(_ body: (Database) throws -> T) throws(APITokensError) -> T {
        do { return try queue.write(body) } catch {
            throw APITokensError("the API tokens cannot be changed: \(error)")
        }
    }
}
