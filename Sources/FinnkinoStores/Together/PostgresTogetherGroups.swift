import AppPatterns
import FinnkinoKit
import Foundation
import PostgresNIO
import Storage

/// The ``TogetherGroups`` of several instances over one PostgreSQL database.
public final class PostgresTogetherGroups: TogetherGroups {
    public let personTables = ["together_group", "together_member"]

    private let pool: PostgresPool

    /// The groups on `pool`, their tables made or brought up to date first.
    public init(pool: PostgresPool) throws(TogetherGroupsError) {
        self.pool = pool
        do {
            try PostgresMigrator.migrate(pool, Self.migrations(into:))
        } catch {
            throw TogetherGroupsError("the together groups in \(pool.location) cannot be opened: \(error)")
        }
    }

    static func migrations(into migrator: inout PostgresMigrator) {
        migrator.register(
            "Together groups v1",
            [
                """
                CREATE TABLE together_group (
                    id BIGSERIAL PRIMARY KEY,
                    code TEXT NOT NULL UNIQUE,
                    person BIGINT NOT NULL, -- who made it
                    created_at DOUBLE PRECISION NOT NULL, -- seconds since 1970 UTC
                    expires_at DOUBLE PRECISION NOT NULL
                )
                """,
                "CREATE INDEX together_group_person ON together_group (person)",
                """
                CREATE TABLE together_member (
                    group_id BIGINT NOT NULL, -- together_group(id); its rows go with the group
                    person BIGINT NOT NULL,
                    nickname TEXT NOT NULL,
                    joined_at DOUBLE PRECISION NOT NULL,
                    area BIGINT NOT NULL,
                    evenings_only BOOLEAN NOT NULL DEFAULT FALSE,
                    theatres TEXT NOT NULL DEFAULT '', -- TheatreAreas IDs, comma-separated
                    PRIMARY KEY (group_id, person)
                )
                """,
                "CREATE INDEX together_member_person ON together_member (person)",
            ])
    }

    public func make(by owner: PersonID, nickname: String, area: Int, now: Date) throws(TogetherGroupsError)
        -> TogetherGroup?
    {
        let code = TogetherCode.random()
        let name = TogetherLimits.keptNickname(nickname) ?? "–"
        let seconds = now.timeIntervalSince1970
        let id = try run("changed", inTransaction: true) { session -> Int64? in
            try Self.forgetExpired(session, now: seconds)
            // The maker's groups locked first: two instances making groups at once count one after the other.
            _ = try session.query("SELECT id FROM together_group WHERE person = \(owner.rawValue) FOR UPDATE")
            let count =
                try session.query("SELECT COUNT(*) FROM together_group WHERE person = \(owner.rawValue)").first?
                .decode(Int64.self) ?? 0
            guard count < TogetherLimits.groupsPerPerson else { return nil }
            let expires = seconds + TogetherLimits.lifetime
            guard
                let id = try session.query(
                    """
                    INSERT INTO together_group (code, person, created_at, expires_at)
                    VALUES (\(code.text), \(owner.rawValue), \(seconds), \(expires)) RETURNING id
                    """
                ).first?.decode(Int64.self)
            else { return nil }
            try session.execute(
                """
                INSERT INTO together_member (group_id, person, nickname, joined_at, area)
                VALUES (\(id), \(owner.rawValue), \(name), \(seconds), \(area))
                """)
            return id
        }
        guard let id else { return nil }
        return .made(id: id, code: code, by: owner, nickname: name, area: area, now: now)
    }

    public func group(_ code: TogetherCode, now: Date) throws(TogetherGroupsError) -> TogetherGroup? {
        try run("read") { session in try Self.group(session, code: code, now: now.timeIntervalSince1970) }
    }

    public func join(_ code: TogetherCode, person: PersonID, nickname: String, area: Int, now: Date)
        throws(TogetherGroupsError) -> TogetherJoin
    {
        let name = TogetherLimits.keptNickname(nickname) ?? "–"
        let seconds = now.timeIntervalSince1970
        return try run("changed", inTransaction: true) { session in
            // The group's row locked: two joining at once are counted one after the other.
            _ = try session.query("SELECT id FROM together_group WHERE code = \(code.text) FOR UPDATE")
            guard let group = try Self.group(session, code: code, now: seconds) else { return .gone }
            if group.member(person) != nil { return .alreadyIn(group) }
            guard group.members.count < TogetherLimits.members else { return .full }
            try session.execute(
                """
                INSERT INTO together_member (group_id, person, nickname, joined_at, area)
                VALUES (\(group.id), \(person.rawValue), \(name), \(seconds), \(area))
                """)
            return try Self.group(session, code: code, now: seconds).map(TogetherJoin.joined) ?? .gone
        }
    }

    public func update(_ member: TogetherMember, in code: TogetherCode) throws(TogetherGroupsError) -> Bool {
        let theatres = Array(member.theatres.prefix(TogetherLimits.theatres)).map(String.init).joined(separator: ",")
        let name = TogetherLimits.keptNickname(member.nickname) ?? "–"
        return try run("changed") { session in
            try session.execute(
                """
                UPDATE together_member SET nickname = \(name), area = \(member.area),
                    evenings_only = \(member.eveningsOnly), theatres = \(theatres)
                WHERE person = \(member.person.rawValue)
                    AND group_id = (SELECT id FROM together_group WHERE code = \(code.text))
                """) > 0
        }
    }

    public func leave(_ code: TogetherCode, person: PersonID) throws(TogetherGroupsError) -> Bool {
        try run("changed", inTransaction: true) { session in
            // Its maker leaving ends the group (the members go with it).
            if try session.execute(
                "DELETE FROM together_group WHERE code = \(code.text) AND person = \(person.rawValue)") > 0
            {
                try Self.forgetMembersOfGone(session)
                return true
            }
            return try session.execute(
                """
                DELETE FROM together_member WHERE person = \(person.rawValue)
                    AND group_id = (SELECT id FROM together_group WHERE code = \(code.text))
                """) > 0
        }
    }

    public func groups(of person: PersonID, now: Date) throws(TogetherGroupsError) -> [TogetherGroup] {
        let seconds = now.timeIntervalSince1970
        return try run("read") { session in
            let codes = try session.query(
                """
                SELECT g.code FROM together_group g JOIN together_member m ON m.group_id = g.id
                WHERE m.person = \(person.rawValue) AND g.expires_at > \(seconds)
                ORDER BY g.created_at DESC, g.id DESC
                """
            ).map { try $0.decode(String.self) }
            return try codes.compactMap { text in
                guard let code = TogetherCode(text: text) else { return nil }
                return try Self.group(session, code: code, now: seconds)
            }
        }
    }

    public func erase(_ person: PersonID) throws(TogetherGroupsError) {
        try run("changed", inTransaction: true) { session in
            try session.execute("DELETE FROM together_group WHERE person = \(person.rawValue)")
            try Self.forgetMembersOfGone(session)
            try session.execute("DELETE FROM together_member WHERE person = \(person.rawValue)")
        }
    }

    private static func group(_ session: PostgresSession, code: TogetherCode, now: Double) throws -> TogetherGroup? {
        guard
            let (id, owner, created, expires) = try session.query(
                "SELECT id, person, created_at, expires_at FROM together_group WHERE code = \(code.text)"
            ).first?.decode((Int64, Int64, Double, Double).self),
            expires > now
        else { return nil }
        let members = try session.query(
            """
            SELECT person, nickname, joined_at, area, evenings_only, theatres FROM together_member
            WHERE group_id = \(id) ORDER BY joined_at, person
            """
        ).map { row in
            let (person, nickname, joined, area, evenings, theatres) = try row.decode(
                (Int64, String, Double, Int64, Bool, String).self)
            return TogetherMember(
                person: PersonID(rawValue: person), nickname: nickname, joinedAt: Date(timeIntervalSince1970: joined),
                area: Int(area), eveningsOnly: evenings, theatres: theatres.split(separator: ",").compactMap { Int($0) }
            )
        }
        return TogetherGroup(
            id: id, code: code, owner: PersonID(rawValue: owner), createdAt: Date(timeIntervalSince1970: created),
            expiresAt: Date(timeIntervalSince1970: expires), members: members)
    }

    private static func forgetExpired(_ session: PostgresSession, now: Double) throws {
        try session.execute("DELETE FROM together_group WHERE expires_at <= \(now)")
        try forgetMembersOfGone(session)
    }

    private static func forgetMembersOfGone(_ session: PostgresSession) throws {
        try session.execute(
            "DELETE FROM together_member WHERE NOT EXISTS (SELECT 1 FROM together_group g WHERE g.id = group_id)")
    }

    /// (A change's row count may go unread.)
    @discardableResult
    private func run<T>(
        _ verb: String, inTransaction: Bool = false, _ body: (PostgresSession) throws -> T
    ) throws(TogetherGroupsError) -> T {
        do {
            return try inTransaction ? pool.transaction(body) : pool.withSession(body)
        } catch {
            throw TogetherGroupsError("the together groups cannot be \(verb): \(error)")
        }
    }
}
