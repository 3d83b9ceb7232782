import AppPatterns
import FinnkinoKit
import Foundation
import PostgresNIO
import Storage

/// The ``APITokens`` of several instances over one PostgreSQL database.
public final class PostgresAPITokens: APITokens {
    public let personTables = ["api_token"]

    private let pool: PostgresPool

    /// The tokens on `pool`, their table made or brought up to date first.
    public init(pool: PostgresPool) throws(APITokensError) {
        self.pool = pool
        do {
            try PostgresMigrator.migrate(pool, Self.migrations(into:))
        } catch {
            throw APITokensError("the API tokens in \(pool.location) cannot be opened: \(error)")
        }
    }

    static func migrations(into migrator: inout PostgresMigrator) {
        migrator.register(
            "API tokens v1",
            [
                """
                CREATE TABLE api_token (
                    id BIGSERIAL PRIMARY KEY,
                    person BIGINT NOT NULL,
                    name TEXT NOT NULL,
                    hash BYTEA NOT NULL UNIQUE, -- SHA-256 of the secret's 32 bytes
                    created_at DOUBLE PRECISION NOT NULL, -- seconds since 1970 UTC
                    last_used_at DOUBLE PRECISION
                )
                """,
                "CREATE INDEX api_token_person ON api_token (person, created_at)",
            ])
    }

    public func make(named name: String, for person: PersonID, now: Date) throws(APITokensError)
        -> (token: APIToken, secret: APITokenSecret)?
    {
        let secret = APITokenSecret.random()
        let kept = APITokenLimits.keptName(name)
        let seconds = now.timeIntervalSince1970
        let id = try run("changed", inTransaction: true) { session -> Int64? in
            // The person's rows locked first: two instances making tokens at once count one after the other.
            _ = try session.query("SELECT id FROM api_token WHERE person = \(person.rawValue) FOR UPDATE")
            let count =
                try session.query("SELECT COUNT(*) FROM api_token WHERE person = \(person.rawValue)").first?
                .decode(Int64.self) ?? 0
            guard count < APITokenLimits.perPerson else { return nil }
            return try session.query(
                """
                INSERT INTO api_token (person, name, hash, created_at)
                VALUES (\(person.rawValue), \(kept), \(secret.hash), \(seconds)) RETURNING id
                """
            ).first?.decode(Int64.self)
        }
        return id.map { (APIToken(id: $0, name: kept, createdAt: now, lastUsedAt: nil), secret) }
    }

    public func tokens(of person: PersonID) throws(APITokensError) -> [APIToken] {
        try run("read") { session in
            try session.query(
                """
                SELECT id, name, created_at, last_used_at FROM api_token WHERE person = \(person.rawValue)
                ORDER BY created_at DESC, id DESC
                """
            ).map { row in
                let (id, name, created, used) = try row.decode((Int64, String, Double, Double?).self)
                return APIToken(
                    id: id, name: name, createdAt: Date(timeIntervalSince1970: created),
                    lastUsedAt: used.map(Date.init(timeIntervalSince1970:)))
            }
        }
    }

    public func revoke(_ id: Int64, of person: PersonID) throws(APITokensError) -> Bool {
        try run("changed") { session in
            try session.execute("DELETE FROM api_token WHERE id = \(id) AND person = \(person.rawValue)") > 0
        }
    }

    public func person(holding secret: APITokenSecret, now: Date) throws(APITokensError) -> PersonID? {
        let seconds = now.timeIntervalSince1970
        let row = try run("read") { session in
            try session.query("SELECT id, person, last_used_at FROM api_token WHERE hash = \(secret.hash)").first?
                .decode((Int64, Int64, Double?).self)
        }
        guard let (id, person, lastUsed) = row else { return nil }
        if lastUsed.map({ seconds - $0 >= APITokenLimits.usePrecision }) ?? true {
            try run("changed") { session in
                try session.execute("UPDATE api_token SET last_used_at = \(seconds) WHERE id = \(id)")
            }
        }
        return PersonID(rawValue: person)
    }

    public func erase(_ person: PersonID) throws(APITokensError) {
        try run("changed") { session in
            try session.execute("DELETE FROM api_token WHERE person = \(person.rawValue)")
        }
    }

    /// (A change's row count may go unread.)
    @discardableResult
    private func run<T>(
        _ verb: String, inTransaction: Bool = false, _ body: (PostgresSession) throws -> T
    ) throws(APITokensError) -> T {
        do {
            return try inTransaction ? pool.transaction(body) : pool.withSession(body)
        } catch {
            throw APITokensError("the API tokens cannot be \(verb): \(error)")
        }
    }
}
