import Foundation

/// Why the export jobs could not be read or changed.
public struct ExportJobsError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// An export of a person's composition into their library, as a row the workers of every
/// instance can see: queued, taken by one worker under a lease it renews, then done, failed or
/// cancelled.
public struct ExportJob: Sendable, Equatable {
    public enum State: String, Sendable, Equatable {
        case queued, running, done, failed, cancelled

        /// Whether the job is still to be finished (queued, or taken by a worker).
        public var isActive: Bool { self == .queued || self == .running }
    }

    public var id: Int64
    public var person: PersonID
    public var composition: Composition
    /// The edits made, one line each, as the library lists them.
    public var edits: [String]
    public var state: State
    /// The share done, 0...1, as the worker last wrote it.
    public var progress: Double
    /// The video in the person's library, once done.
    public var videoID: Int64?
    /// Why it failed, in words the person may read.
    public var message: String?
    /// How many times a worker took it.
    public var attempts: Int

    public init(
        id: Int64, person: PersonID, composition: Composition, edits: [String], state: State, progress: Double,
        videoID: Int64?, message: String?, attempts: Int
    ) {
        self.id = id
        self.person = person
        self.composition = composition
        self.edits = edits
        self.state = state
        self.progress = progress
        self.videoID = videoID
        self.message = message
        self.attempts = attempts
    }
}

/// How a worker ended a job it held.
public enum ExportOutcome: Sendable, Equatable {
    case done(videoID: Int64)
    case failed(String)
    case cancelled
}

/// What renewing a lease found.
public enum ExportLease: Sendable, Equatable {
    /// The worker still holds the job, until the new time.
    case held
    /// The person asked to cancel it: the worker stops and finishes it as cancelled.
    case cancelRequested
    /// Another worker took it (this one's lease ran out), or it was erased: the worker stops and
    /// writes nothing.
    case lost
}

/// The export jobs of every instance: the contract each kind keeps (``SQLiteExportJobs`` on one
/// machine, `PostgresExportJobs` for several instances; `ExportJobsTests` holds both to it).
///
/// A worker takes the oldest job nobody holds: a queued one, or a running one whose lease ran
/// out (its worker died). A job taken ``maximumAttempts`` times without being finished is failed
/// rather than taken again, so one video that kills its worker cannot take every instance down
/// in turn. A job whose row cannot be read (written by another version of the app) is failed when
/// taken. Finished jobs are forgotten after ``keptFor``, and beyond a person's last
/// ``finishedKept`` when they queue another.
///
/// The leases are times of the instances' clocks: the instances' machines must agree on the time
/// (NTP) within well under a lease.
public protocol ExportJobs: PersonalStore {
    /// Queues an export of `composition` for `person`; its ID. Refused (nil) while another export
    /// of the person is queued or running.
    func enqueue(_ composition: Composition, edits: [String], for person: PersonID, now: Date)
        throws(ExportJobsError) -> Int64?
    /// `person`'s job `id`; nil when there is none, or it is someone else's.
    func job(_ id: Int64, of person: PersonID) throws(ExportJobsError) -> ExportJob?
    /// Every job `person` has (queued, running, and the finished ones kept), the newest first: for
    /// "Download my data".
    func jobs(of person: PersonID) throws(ExportJobsError) -> [ExportJob]
    /// Those of `ids` that are queued or running.
    func active(among ids: [Int64]) throws(ExportJobsError) -> Set<Int64>
    /// The oldest job nobody holds, now held by `worker` until `until`; nil when there is none.
    func claim(worker: String, until: Date, now: Date) throws(ExportJobsError) -> ExportJob?
    /// Keeps `worker`'s hold on job `id` until `until`, with the share done so far.
    func renew(_ id: Int64, worker: String, progress: Double, until: Date) throws(ExportJobsError) -> ExportLease
    /// Gives `worker`'s job `id` back to the queue, as if this take had not been (its instance
    /// is stopping).
    func release(_ id: Int64, worker: String) throws(ExportJobsError)
    /// Ends `worker`'s job `id`; false when the worker no longer held it (then nothing changed).
    @discardableResult
    func finish(_ id: Int64, worker: String, _ outcome: ExportOutcome, now: Date) throws(ExportJobsError) -> Bool
    /// Cancels `person`'s job `id`: a queued one at once, a running one when its worker next renews.
    func cancel(_ id: Int64, of person: PersonID) throws(ExportJobsError)
    /// Forgets every job of `person`; a worker running one loses it and keeps nothing it made.
    func erase(_ person: PersonID) throws(ExportJobsError)
    /// How many jobs are queued and how many running, of every instance (for the operator's
    /// metrics).
    func counts() throws(ExportJobsError) -> ExportJobCounts
}

/// How many export jobs wait and how many run.
public struct ExportJobCounts: Sendable, Equatable {
    public var queued: Int
    public var running: Int

    public init(queued: Int, running: Int) {
        self.queued = queued
        self.running = running
    }
}

public enum ExportJobLimits {
    /// Takes of one job, after which it is failed (see ``ExportJobs``).
    public static let maximumAttempts = 3
    /// How long a finished job is kept (its state readable by the page that started it).
    public static let keptFor: TimeInterval = 24 * 3600
    /// The finished jobs kept of one person (one queuing and cancelling in a loop leaves no more).
    public static let finishedKept = 10
    /// What the person reads of a job whose workers all died before finishing it.
    public static let interrupted = "the export was interrupted"
    /// What the person reads of a job whose row cannot be read.
    public static let unreadable = "the video could not be made"
}

extension ExportJob {
    package static func encodedComposition(_ composition: Composition) throws(ExportJobsError) -> String {
        do {
            return String(decoding: try JSONEncoder().encode(composition), as: UTF8.self)
        } catch {
            throw ExportJobsError("the composition cannot be written down: \(error)")
        }
    }

    package static func decoded(composition: String, edits: String) throws -> (Composition, [String]) {
        (
            try JSONDecoder().decode(Composition.self, from: Data(composition.utf8)),
            try JSONDecoder().decode([String].self, from: Data(edits.utf8))
        )
    }
}
