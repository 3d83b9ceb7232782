import AppPatterns
import FinnkinoKit
import Foundation
import GRDB
import Storage

/// The ``TogetherGroups`` of one machine, in `together.sqlite` of the data directory (through GRDB).
public final class SQLiteTogetherGroups: TogetherGroups, SQLiteBacked {
    public let personTables = ["together_group", "together_member"]
    var database: any DatabaseReader { queue }

    public static let fileName = "together.sqlite"
    private let queue: DatabaseQueue

    /// Opens (or creates) the groups in `dataDirectory`.
    public init(dataDirectory: URL) throws(TogetherGroupsError) {
        do {
            queue = try DurableDatabase.queue(
                file: Self.fileName, in: dataDirectory, label: "TogetherGroups", migrator: Self.migrator)
        } catch {
            let path = dataDirectory.appendingPathComponent(Self.fileName).path
            throw TogetherGroupsError("the together groups \(path) cannot be opened: \(error)")
        }
    }

    /// Groups kept in memory only (the tests' default).
    public init() {
        // An in-memory database always opens, and the migration is this file's own SQL.
        queue = try! DurableDatabase.queue(
            file: Self.fileName, in: nil, label: "TogetherGroups", migrator: Self.migrator)
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE together_group (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        code TEXT NOT NULL UNIQUE,
                        person INTEGER NOT NULL, -- who made it
                        created_at REAL NOT NULL, -- seconds since 1970 UTC
                        expires_at REAL NOT NULL
                    );
                    CREATE INDEX together_group_person ON together_group(person);
                    CREATE TABLE together_member (
                        group_id INTEGER NOT NULL, -- together_group(id); its rows go with the group
                        person INTEGER NOT NULL,
                        nickname TEXT NOT NULL,
                        joined_at REAL NOT NULL,
                        area INTEGER NOT NULL,
                        evenings_only INTEGER NOT NULL DEFAULT 0,
                        theatres TEXT NOT NULL DEFAULT '', -- TheatreAreas IDs, comma-separated
                        PRIMARY KEY (group_id, person)
                    );
                    CREATE INDEX together_member_person ON together_member(person);
                    """)
        }
        return migrator
    }

    public func make(by owner: PersonID, nickname: String, area: Int, now: Date) throws(TogetherGroupsError)
        -> TogetherGroup?
    {
        let code = TogetherCode.random()
        let name = TogetherLimits.keptNickname(nickname) ?? "–"
        let seconds = now.timeIntervalSince1970
        let id: Int64? = try write { db in
            try Self.forgetExpired(db, now: seconds)
            let count =
                try Int.fetchOne(
                    db, sql: "SELECT COUNT(*) FROM together_group WHERE person = ?", arguments: [owner.rawValue]) ?? 0
            guard count < TogetherLimits.groupsPerPerson else { return nil }
            try db.execute(
                sql: "INSERT INTO together_group (code, person, created_at, expires_at) VALUES (?, ?, ?, ?)",
                arguments: [code.text, owner.rawValue, seconds, seconds + TogetherLimits.lifetime])
            let id = db.lastInsertedRowID
            try db.execute(
                sql: "INSERT INTO together_member (group_id, person, nickname, joined_at, area) VALUES (?, ?, ?, ?, ?)",
                arguments: [id, owner.rawValue, name, seconds, area])
            return id
        }
        guard let id else { return nil }
        return .made(id: id, code: code, by: owner, nickname: name, area: area, now: now)
    }

    public func group(_ code: TogetherCode, now: Date) throws(TogetherGroupsError) -> TogetherGroup? {
        try read { db in try Self.group(db, code: code, now: now.timeIntervalSince1970) }
    }

    public func join(_ code: TogetherCode, person: PersonID, nickname: String, area: Int, now: Date)
        throws(TogetherGroupsError) -> TogetherJoin
    {
        let name = TogetherLimits.keptNickname(nickname) ?? "–"
        let seconds = now.timeIntervalSince1970
        return try write { db in
            guard let group = try Self.group(db, code: code, now: seconds) else { return .gone }
            if group.member(person) != nil { return .alreadyIn(group) }
            guard group.members.count < TogetherLimits.members else { return .full }
            try db.execute(
                sql: "INSERT INTO together_member (group_id, person, nickname, joined_at, area) VALUES (?, ?, ?, ?, ?)",
                arguments: [group.id, person.rawValue, name, seconds, area])
            return try Self.group(db, code: code, now: seconds).map(TogetherJoin.joined) ?? .gone
        }
    }

    public func update(_ member: TogetherMember, in code: TogetherCode) throws(TogetherGroupsError) -> Bool {
        let theatres = Array(member.theatres.prefix(TogetherLimits.theatres)).map(String.init).joined(separator: ",")
        return try write { db in
            try db.execute(
                sql: """
                    UPDATE together_member SET nickname = ?, area = ?, evenings_only = ?, theatres = ?
                    WHERE person = ? AND group_id = (SELECT id FROM together_group WHERE code = ?)
                    """,
                arguments: [
                    TogetherLimits.keptNickname(member.nickname) ?? "–", member.area, member.eveningsOnly, theatres,
                    member.person.rawValue, code.text,
                ])
            return db.changesCount > 0
        }
    }

    public func leave(_ code: TogetherCode, person: PersonID) throws(TogetherGroupsError) -> Bool {
        try write { db in
            // Its maker leaving ends the group (the members go with it).
            try db.execute(
                sql: "DELETE FROM together_group WHERE code = ? AND person = ?",
                arguments: [code.text, person.rawValue])
            if db.changesCount > 0 {
                try Self.forgetMembersOfGone(db)
                return true
            }
            try db.execute(
                sql: """
                    DELETE FROM together_member
                    WHERE person = ? AND group_id = (SELECT id FROM together_group WHERE code = ?)
                    """,
                arguments: [person.rawValue, code.text])
            return db.changesCount > 0
        }
    }

    public func groups(of person: PersonID, now: Date) throws(TogetherGroupsError) -> [TogetherGroup] {
        try read { db in
            let codes = try String.fetchAll(
                db,
                sql: """
                    SELECT g.code FROM together_group g JOIN together_member m ON m.group_id = g.id
                    WHERE m.person = ? AND g.expires_at > ? ORDER BY g.created_at DESC, g.id DESC
                    """,
                arguments: [person.rawValue, now.timeIntervalSince1970])
            return try codes.compactMap { text in
                guard let code = TogetherCode(text: text) else { return nil }
                return try Self.group(db, code: code, now: now.timeIntervalSince1970)
            }
        }
    }

    public func erase(_ person: PersonID) throws(TogetherGroupsError) {
        let deleted = try write { db in
            try db.execute(sql: "DELETE FROM together_group WHERE person = ?", arguments: [person.rawValue])
            var count = db.changesCount
            try Self.forgetMembersOfGone(db)
            count += db.changesCount
            try db.execute(sql: "DELETE FROM together_member WHERE person = ?", arguments: [person.rawValue])
            count += db.changesCount
            return count
        }
        DurableDatabase.forgetDeletedRows(queue, deleted: deleted)
    }

    /// The group of `code` with its members, when its link still works at `now`.
    private static func group(_ db: Database, code: TogetherCode, now: Double) throws -> TogetherGroup? {
        guard
            let row = try Row.fetchOne(
                db, sql: "SELECT id, person, created_at, expires_at FROM together_group WHERE code = ?",
                arguments: [code.text]),
            (row["expires_at"] as Double) > now
        else { return nil }
        let id: Int64 = row["id"]
        let members = try Row.fetchAll(
            db,
            sql: """
                SELECT person, nickname, joined_at, area, evenings_only, theatres FROM together_member
                WHERE group_id = ? ORDER BY joined_at, rowid
                """,
            arguments: [id]
        ).map { member in
            TogetherMember(
                person: PersonID(rawValue: member["person"]), nickname: member["nickname"],
                joinedAt: Date(timeIntervalSince1970: member["joined_at"]), area: member["area"],
                eveningsOnly: member["evenings_only"],
                theatres: (member["theatres"] as String).split(separator: ",").compactMap { Int($0) })
        }
        return TogetherGroup(
            id: id, code: code, owner: PersonID(rawValue: row["person"]),
            createdAt: Date(timeIntervalSince1970: row["created_at"]),
            expiresAt: Date(timeIntervalSince1970: row["expires_at"]), members: members)
    }

    /// Groups whose link has expired are forgotten with their members.
    private static func forgetExpired(_ db: Database, now: Double) throws {
        try db.execute(sql: "DELETE FROM together_group WHERE expires_at <= ?", arguments: [now])
        try forgetMembersOfGone(db)
    }

    /// The members of groups that are gone go with them.
    private static func forgetMembersOfGone(_ db: Database) throws {
        try db.execute(sql: "DELETE FROM together_member WHERE group_id NOT IN (SELECT id FROM together_group)")
    }

    private func read<T>(_ body: (Database) throws -> T) throws(TogetherGroupsError) -> T {
        do { return try queue.read(body) } catch {
            throw TogetherGroupsError("the together groups cannot be read: \(error)")
        }
    }

    @discardableResult
    private func write<T>(_ body: (Database) throws -> T) throws(TogetherGroupsError) -> T {
        do { return try queue.write(body) } catch {
            throw TogetherGroupsError("the together groups cannot be changed: \(error)")
        }
    }
}
