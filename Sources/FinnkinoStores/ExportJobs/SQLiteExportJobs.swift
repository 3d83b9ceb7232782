import AppPatterns
import FinnkinoKit
import Foundation
import GRDB
import Storage

/// The ``ExportJobs`` of one machine, in `exports.sqlite` of the data directory (through GRDB).
/// SQLite has one writer at a time, so taking a job is a read and an update in one write
/// transaction; nothing else is needed to keep two workers off one job.
public final class SQLiteExportJobs: ExportJobs, SQLiteBacked {
    public let personTables = ["export_job"]
    var database: any DatabaseReader { queue }

    public static let fileName = "exports.sqlite"
    private let queue: DatabaseQueue

    /// Opens (or creates) the jobs in `dataDirectory`.
    public init(dataDirectory: URL) throws(ExportJobsError) {
        do {
            queue = try DurableDatabase.queue(
                file: Self.fileName, in: dataDirectory, label: "ExportJobs", migrator: Self.migrator)
        } catch {
            let path = dataDirectory.appendingPathComponent(Self.fileName).path
            throw ExportJobsError("the export jobs \(path) cannot be opened: \(error)")
        }
    }

    /// Jobs kept in memory only: a server's own for as long as it runs (the tests' default).
    public init() {
        // An in-memory database always opens, and the migration is this file's own SQL.
        queue = try! DurableDatabase.queue(file: Self.fileName, in: nil, label: "ExportJobs", migrator: Self.migrator)
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE exportJob (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        person INTEGER NOT NULL,
                        composition TEXT NOT NULL, -- JSON
                        edits TEXT NOT NULL, -- JSON array of strings
                        state TEXT NOT NULL, -- ExportJob.State
                        progress REAL NOT NULL DEFAULT 0,
                        videoID INTEGER,
                        message TEXT,
                        attempts INTEGER NOT NULL DEFAULT 0,
                        worker TEXT,
                        leaseUntil REAL, -- seconds since 1970 UTC
                        cancelRequested INTEGER NOT NULL DEFAULT 0,
                        finishedAt REAL
                    );
                    CREATE INDEX exportJob_state ON exportJob(state, id);
                    CREATE INDEX exportJob_person ON exportJob(person);
                    CREATE INDEX exportJob_finished ON exportJob(finishedAt) WHERE finishedAt IS NOT NULL;
                    """)
        }
        // One naming scheme with PostgreSQL's tables (snake_case), so the same names mean the same
        // thing on both backends and `finnkino migrate --from-sqlite` copies by name.
        migrator.registerMigration("one naming scheme") { db in
            try db.execute(
                sql: """
                    ALTER TABLE exportJob RENAME COLUMN videoID TO video_id;
                    ALTER TABLE exportJob RENAME COLUMN leaseUntil TO lease_until;
                    ALTER TABLE exportJob RENAME COLUMN cancelRequested TO cancel_requested;
                    ALTER TABLE exportJob RENAME COLUMN finishedAt TO finished_at;
                    ALTER TABLE exportJob RENAME TO export_job;
                    """)
        }
        return migrator
    }

    public func enqueue(
        _ composition: Composition, edits: [String], for person: PersonID, now: Date
    ) throws(ExportJobsError) -> Int64? {
        let json = try ExportJob.encodedComposition(composition)
        return try write { db -> Int64? in
            let busy =
                try Bool.fetchOne(
                    db,
                    sql: "SELECT EXISTS (SELECT 1 FROM export_job WHERE person = ? AND state IN ('queued', 'running'))",
                    arguments: [person.rawValue]) ?? false
            guard !busy else { return nil }
            try db.execute(
                sql: """
                    DELETE FROM export_job WHERE person = ? AND state IN ('done', 'failed', 'cancelled') AND id NOT IN (
                        SELECT id FROM export_job WHERE person = ? AND state IN ('done', 'failed', 'cancelled')
                        ORDER BY id DESC LIMIT ?)
                    """,
                arguments: [person.rawValue, person.rawValue, ExportJobLimits.finishedKept])
            try db.execute(
                sql: "INSERT INTO export_job (person, composition, edits, state) VALUES (?, ?, ?, 'queued')",
                arguments: [person.rawValue, json, LibraryVideo.editsJSON(edits)])
            return db.lastInsertedRowID
        }
    }

    public func job(_ id: Int64, of person: PersonID) throws(ExportJobsError) -> ExportJob? {
        try read { db in
            try Row.fetchOne(
                db, sql: "SELECT * FROM export_job WHERE id = ? AND person = ?", arguments: [id, person.rawValue]
            ).map(Self.job)
        }
    }

    public func jobs(of person: PersonID) throws(ExportJobsError) -> [ExportJob] {
        try read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM export_job WHERE person = ? ORDER BY id DESC", arguments: [person.rawValue]
            ).map(Self.job)
        }
    }

    public func counts() throws(ExportJobsError) -> ExportJobCounts {
        try read { db in
            let rows = try Row.fetchAll(
                db, sql: "SELECT state, COUNT(*) FROM export_job WHERE state IN ('queued', 'running') GROUP BY state")
            let counts = Dictionary(uniqueKeysWithValues: rows.map { (($0[0] as String), ($0[1] as Int)) })
            return ExportJobCounts(queued: counts["queued"] ?? 0, running: counts["running"] ?? 0)
        }
    }

    public func active(among ids: [Int64]) throws(ExportJobsError) -> Set<Int64> {
        guard !ids.isEmpty else { return [] }
        return Set(
            try read { db in
                try Int64.fetchAll(
                    db,
                    sql: """
                        SELECT id FROM export_job
                        WHERE state IN ('queued', 'running') AND id IN (\(databaseQuestionMarks(count: ids.count)))
                        """,
                    arguments: StatementArguments(ids))
            })
    }

    public func claim(worker: String, until: Date, now: Date) throws(ExportJobsError) -> ExportJob? {
        try write { db -> ExportJob? in
            let seconds = now.timeIntervalSince1970
            // Jobs whose worker died: cancelled if so asked, failed once taken too often.
            try db.execute(
                sql: """
                    UPDATE export_job SET state = 'cancelled', worker = NULL, lease_until = NULL, finished_at = ?
                    WHERE state = 'running' AND lease_until < ? AND cancel_requested
                    """,
                arguments: [seconds, seconds])
            try db.execute(
                sql: """
                    UPDATE export_job SET state = 'failed', message = ?, worker = NULL, lease_until = NULL, finished_at = ?
                    WHERE state = 'running' AND lease_until < ? AND attempts >= ?
                    """,
                arguments: [ExportJobLimits.interrupted, seconds, seconds, ExportJobLimits.maximumAttempts])
            try db.execute(
                sql: "DELETE FROM export_job WHERE state IN ('done', 'failed', 'cancelled') AND finished_at < ?",
                arguments: [seconds - ExportJobLimits.keptFor])
            guard
                let id = try Int64.fetchOne(
                    db,
                    sql: """
                        SELECT id FROM export_job
                        WHERE state = 'queued' OR (state = 'running' AND lease_until < ?) ORDER BY id LIMIT 1
                        """,
                    arguments: [seconds])
            else { return nil }
            try db.execute(
                sql: """
                    UPDATE export_job SET state = 'running', worker = ?, lease_until = ?, attempts = attempts + 1,
                        progress = 0
                    WHERE id = ?
                    """,
                arguments: [worker, until.timeIntervalSince1970, id])
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM export_job WHERE id = ?", arguments: [id]) else {
                return nil
            }
            do {
                return try Self.job(row)
            } catch {
                try db.execute(
                    sql: """
                        UPDATE export_job SET state = 'failed', message = ?, worker = NULL, lease_until = NULL,
                            finished_at = ?
                        WHERE id = ?
                        """,
                    arguments: [ExportJobLimits.unreadable, seconds, id])
                return nil
            }
        }
    }

    public func renew(
        _ id: Int64, worker: String, progress: Double, until: Date
    ) throws(ExportJobsError) -> ExportLease {
        try write { db -> ExportLease in
            try db.execute(
                sql: """
                    UPDATE export_job SET lease_until = ?, progress = ?
                    WHERE id = ? AND worker = ? AND state = 'running'
                    """,
                arguments: [until.timeIntervalSince1970, progress, id, worker])
            guard db.changesCount == 1 else { return .lost }
            let cancel = try Bool.fetchOne(
                db, sql: "SELECT cancel_requested FROM export_job WHERE id = ?", arguments: [id])
            return cancel == true ? .cancelRequested : .held
        }
    }

    public func release(_ id: Int64, worker: String) throws(ExportJobsError) {
        try write { db in
            try db.execute(
                sql: """
                    UPDATE export_job SET state = 'queued', worker = NULL, lease_until = NULL, progress = 0,
                        attempts = attempts - 1
                    WHERE id = ? AND worker = ? AND state = 'running'
                    """,
                arguments: [id, worker])
        }
    }

    @discardableResult
    public func finish(
        _ id: Int64, worker: String, _ outcome: ExportOutcome, now: Date
    ) throws(ExportJobsError) -> Bool {
        let (state, video, message) = Self.columns(of: outcome)
        return try write { db -> Bool in
            try db.execute(
                sql: """
                    UPDATE export_job SET state = ?, video_id = ?, message = ?, worker = NULL, lease_until = NULL,
                        finished_at = ?, progress = CASE WHEN ? = 'done' THEN 1 ELSE progress END
                    WHERE id = ? AND worker = ? AND state = 'running'
                    """,
                arguments: [state.rawValue, video, message, now.timeIntervalSince1970, state.rawValue, id, worker])
            return db.changesCount == 1
        }
    }

    public func cancel(_ id: Int64, of person: PersonID) throws(ExportJobsError) {
        try write { db in
            try db.execute(
                sql: """
                    UPDATE export_job SET state = 'cancelled', finished_at = ?
                    WHERE id = ? AND person = ? AND state = 'queued'
                    """,
                arguments: [Date().timeIntervalSince1970, id, person.rawValue])
            try db.execute(
                sql: "UPDATE export_job SET cancel_requested = 1 WHERE id = ? AND person = ? AND state = 'running'",
                arguments: [id, person.rawValue])
        }
    }

    public func erase(_ person: PersonID) throws(ExportJobsError) {
        let deleted = try write { db in
            try db.execute(sql: "DELETE FROM export_job WHERE person = ?", arguments: [person.rawValue])
            return db.changesCount
        }
        DurableDatabase.forgetDeletedRows(queue, deleted: deleted)
    }

    static func columns(of outcome: ExportOutcome) -> (ExportJob.State, Int64?, String?) {
        switch outcome {
        case .done(let video): (.done, video, nil)
        case .failed(let reason): (.failed, nil, reason)
        case .cancelled: (.cancelled, nil, nil)
        }
    }

    private func read<T>(_ body: (Database) throws -> T) throws(ExportJobsError) -> T {
        do { return try queue.read(body) } catch { throw ExportJobsError("the export jobs cannot be read: \(error)") }
    }

    private func write<T>(_ body: (Database) throws -> T) throws(ExportJobsError) -> T {
        do { return try queue.write(body) } catch {
            throw ExportJobsError("the export jobs cannot be changed: \(error)")
        }
    }

    private static func job(_ row: Row) throws -> ExportJob {
        let (composition, edits) = try ExportJob.decoded(composition: row["composition"], edits: row["edits"])
        return ExportJob(
            id: row["id"], person: PersonID(rawValue: row["person"]), composition: composition, edits: edits,
            state: ExportJob.State(rawValue: row["state"]) ?? .failed, progress: row["progress"],
            videoID: row["video_id"], message: row["message"], attempts: row["attempts"])
    }
}
