import AppPatterns
import FinnkinoKit
import Foundation
import PostgresNIO
import Storage

/// The ``ExportJobs`` of several instances over one PostgreSQL database: a worker takes the
/// oldest job nobody holds with `FOR UPDATE SKIP LOCKED`, so two workers asking at once take two
/// different jobs (or one each and nothing), never one job twice, and neither waits for the other.
public final class PostgresExportJobs: ExportJobs {
    public let personTables = ["export_job"]

    private let pool: PostgresPool

    /// The jobs on `pool`, their table made or brought up to date first.
    public init(pool: PostgresPool) throws(ExportJobsError) {
        self.pool = pool
        do {
            try PostgresMigrator.migrate(pool, Self.migrations(into:))
        } catch {
            throw ExportJobsError("the export jobs in \(pool.location) cannot be opened: \(error)")
        }
    }

    static func migrations(into migrator: inout PostgresMigrator) {
        migrator.register(
            "export jobs v1",
            [
                """
                CREATE TABLE export_job (
                    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                    person BIGINT NOT NULL,
                    composition TEXT NOT NULL, -- JSON
                    edits TEXT NOT NULL, -- JSON array of strings
                    state TEXT NOT NULL, -- ExportJob.State
                    progress DOUBLE PRECISION NOT NULL DEFAULT 0,
                    video_id BIGINT,
                    message TEXT,
                    attempts INTEGER NOT NULL DEFAULT 0,
                    worker TEXT,
                    lease_until DOUBLE PRECISION, -- seconds since 1970 UTC
                    cancel_requested BOOLEAN NOT NULL DEFAULT false,
                    finished_at DOUBLE PRECISION
                )
                """,
                "CREATE INDEX export_job_state ON export_job (state, id)",
                "CREATE INDEX export_job_person ON export_job (person)",
                "CREATE INDEX export_job_finished ON export_job (finished_at) WHERE finished_at IS NOT NULL",
                // One active export a person, whichever instance queues it.
                """
                CREATE UNIQUE INDEX export_job_active ON export_job (person)
                WHERE state IN ('queued', 'running')
                """,
            ])
    }

    private static let columns = "id, person, composition, edits, state, progress, video_id, message, attempts"

    public func enqueue(
        _ composition: Composition, edits: [String], for person: PersonID, now: Date
    ) throws(ExportJobsError) -> Int64? {
        let json = try ExportJob.encodedComposition(composition)
        let editsJSON = LibraryVideo.editsJSON(edits)
        return try run("changed") { session in
            try session.execute(
                """
                DELETE FROM export_job
                WHERE person = \(person.rawValue) AND state IN ('done', 'failed', 'cancelled') AND id NOT IN (
                    SELECT id FROM export_job WHERE person = \(person.rawValue) AND state IN ('done', 'failed', 'cancelled')
                    ORDER BY id DESC LIMIT \(ExportJobLimits.finishedKept))
                """)
            return try session.query(
                """
                INSERT INTO export_job (person, composition, edits, state)
                VALUES (\(person.rawValue), \(json), \(editsJSON), 'queued')
                ON CONFLICT (person) WHERE state IN ('queued', 'running') DO NOTHING
                RETURNING id
                """
            ).first?.decode(Int64.self)
        }
    }

    public func job(_ id: Int64, of person: PersonID) throws(ExportJobsError) -> ExportJob? {
        try run("read") { session in
            try session.query(
                "SELECT \(unescaped: Self.columns) FROM export_job WHERE id = \(id) AND person = \(person.rawValue)"
            ).first.map(Self.job)
        }
    }

    public func jobs(of person: PersonID) throws(ExportJobsError) -> [ExportJob] {
        try run("read") { session in
            try session.query(
                "SELECT \(unescaped: Self.columns) FROM export_job WHERE person = \(person.rawValue) ORDER BY id DESC"
            ).map(Self.job)
        }
    }

    public func counts() throws(ExportJobsError) -> ExportJobCounts {
        try run("read") { session in
            let rows = try session.query(
                "SELECT state, count(*)::bigint FROM export_job WHERE state IN ('queued', 'running') GROUP BY state")
            var counts = ExportJobCounts(queued: 0, running: 0)
            for row in rows {
                let (state, count) = try row.decode((String, Int64).self)
                if state == "queued" { counts.queued = Int(count) } else { counts.running = Int(count) }
            }
            return counts
        }
    }

    public func active(among ids: [Int64]) throws(ExportJobsError) -> Set<Int64> {
        guard !ids.isEmpty else { return [] }
        return try run("read") { session in
            Set(
                try session.query(
                    "SELECT id FROM export_job WHERE state IN ('queued', 'running') AND id = ANY(\(ids))"
                ).map { try $0.decode(Int64.self) })
        }
    }

    public func claim(worker: String, until: Date, now: Date) throws(ExportJobsError) -> ExportJob? {
        let seconds = now.timeIntervalSince1970
        let leaseEnd = until.timeIntervalSince1970
        return try run("changed") { session in
            // Jobs whose worker died: cancelled if so asked, failed once taken too often.
            try session.execute(
                """
                UPDATE export_job SET state = 'cancelled', worker = NULL, lease_until = NULL, finished_at = \(seconds)
                WHERE state = 'running' AND lease_until < \(seconds) AND cancel_requested
                """)
            try session.execute(
                """
                UPDATE export_job SET state = 'failed', message = \(ExportJobLimits.interrupted), worker = NULL,
                    lease_until = NULL, finished_at = \(seconds)
                WHERE state = 'running' AND lease_until < \(seconds) AND attempts >= \(ExportJobLimits.maximumAttempts)
                """)
            try session.execute(
                """
                DELETE FROM export_job
                WHERE state IN ('done', 'failed', 'cancelled') AND finished_at < \(seconds - ExportJobLimits.keptFor)
                """)
            let taken = try session.query(
                """
                UPDATE export_job SET state = 'running', worker = \(worker), lease_until = \(leaseEnd),
                    attempts = attempts + 1, progress = 0
                WHERE id = (
                    SELECT id FROM export_job
                    WHERE state = 'queued' OR (state = 'running' AND lease_until < \(seconds))
                    ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED
                )
                RETURNING \(unescaped: Self.columns)
                """
            ).first
            guard let taken else { return nil }
            do {
                return try Self.job(taken)
            } catch {
                let id = try taken.makeRandomAccess()["id"].decode(Int64.self)
                try session.execute(
                    """
                    UPDATE export_job SET state = 'failed', message = \(ExportJobLimits.unreadable), worker = NULL,
                        lease_until = NULL, finished_at = \(seconds)
                    WHERE id = \(id)
                    """)
                return nil
            }
        }
    }

    public func release(_ id: Int64, worker: String) throws(ExportJobsError) {
        try run("changed") { session in
            _ = try session.execute(
                """
                UPDATE export_job SET state = 'queued', worker = NULL, lease_until = NULL, progress = 0,
                    attempts = attempts - 1
                WHERE id = \(id) AND worker = \(worker) AND state = 'running'
                """)
        }
    }

    public func renew(
        _ id: Int64, worker: String, progress: Double, until: Date
    ) throws(ExportJobsError) -> ExportLease {
        try run("changed") { session in
            let cancel = try session.query(
                """
                UPDATE export_job SET lease_until = \(until.timeIntervalSince1970), progress = \(progress)
                WHERE id = \(id) AND worker = \(worker) AND state = 'running'
                RETURNING cancel_requested
                """
            ).first?.decode(Bool.self)
            guard let cancel else { return .lost }
            return cancel ? .cancelRequested : .held
        }
    }

    @discardableResult
    public func finish(
        _ id: Int64, worker: String, _ outcome: ExportOutcome, now: Date
    ) throws(ExportJobsError) -> Bool {
        let (state, video, message) = SQLiteExportJobs.columns(of: outcome)
        return try run("changed") { session in
            try session.execute(
                """
                UPDATE export_job SET state = \(state.rawValue), video_id = \(video), message = \(message),
                    worker = NULL, lease_until = NULL, finished_at = \(now.timeIntervalSince1970),
                    progress = CASE WHEN \(state.rawValue) = 'done' THEN 1 ELSE progress END
                WHERE id = \(id) AND worker = \(worker) AND state = 'running'
                """) == 1
        }
    }

    public func cancel(_ id: Int64, of person: PersonID) throws(ExportJobsError) {
        let seconds = Date().timeIntervalSince1970
        try run("changed") { session in
            try session.execute(
                """
                UPDATE export_job SET state = 'cancelled', finished_at = \(seconds)
                WHERE id = \(id) AND person = \(person.rawValue) AND state = 'queued'
                """)
            try session.execute(
                """
                UPDATE export_job SET cancel_requested = true
                WHERE id = \(id) AND person = \(person.rawValue) AND state = 'running'
                """)
        }
    }

    public func erase(_ person: PersonID) throws(ExportJobsError) {
        try run("changed") { session in
            _ = try session.execute("DELETE FROM export_job WHERE person = \(person.rawValue)")
        }
    }

    private func run<T>(_ verb: String, _ body: (PostgresSession) throws -> T) throws(ExportJobsError) -> T {
        do {
            return try pool.withSession(body)
        } catch {
            throw ExportJobsError("the export jobs cannot be \(verb): \(error)")
        }
    }

    private static func job(_ row: PostgresRow) throws -> ExportJob {
        let columns = row.makeRandomAccess()
        let (composition, edits) = try ExportJob.decoded(
            composition: try columns["composition"].decode(String.self), edits: try columns["edits"].decode(String.self)
        )
        return ExportJob(
            id: try columns["id"].decode(Int64.self),
            person: PersonID(rawValue: try columns["person"].decode(Int64.self)),
            composition: composition, edits: edits,
            state: ExportJob.State(rawValue: try columns["state"].decode(String.self)) ?? .failed,
            progress: try columns["progress"].decode(Double.self),
            videoID: try columns["video_id"].decode(Int64?.self), message: try columns["message"].decode(String?.self),
            attempts: Int(try columns["attempts"].decode(Int32.self)))
    }
}
