import FinnkinoKit
import FinnkinoPresentation
import Foundation
import Logging
import NIOConcurrencyHelpers

/// The open trailer editors: an ``EditMenu`` per editing session (made when a person presses
/// Edit, named in the page's address), with its export: a job of ``ExportJobs``, which the
/// ``ExportService`` of this or any other instance runs into the ``VideoLibrary``.
///
/// A session is its person's: asked for by anyone else it is as if it did not exist, and its
/// export goes into its person's library.
///
/// Sessions live in memory: a restart forgets unfinished edits (the exported videos stay, and an
/// export started is finished by whichever instance takes it up). Behind a proxy, a session's
/// requests must reach the instance that holds it: a session's ID begins with the instance's
/// name (``instanceName``, `serve --instance-name`), which `deploy/nginx-finnkino.conf` routes by. A
/// person has at most `perPerson` (opening another closes their least recently used: on a hosted
/// server ``hostedLimitPerPerson``, on loopback as many as the server keeps), the server at most
/// ``limit``. When the server is full, a session unused for ``idleLifetime`` makes room; one in
/// use by someone else never does (opening is refused with ``ServerFull`` instead), so nobody can
/// close another person's editor by opening many. A session whose export is queued or running is
/// never closed this way. A closed session's sent file goes with it. A person exports one video at a time, into a library of at
/// most ``VideoLibraryLimits/perPerson``.
final class EditorSessions: Sendable {
    enum Export: Sendable, Equatable {
        case idle
        /// The share done, 0...1.
        case running(Double)
        case done(videoID: Int64)
        case failed(String)
        case cancelled
    }

    struct Session: Sendable {
        let id: String
        /// Whose session it is.
        let person: PersonID
        /// The client address it was opened from (``ClientAddress/key``).
        var client: String = ""
        var menu: EditMenu
        /// A file the person sent to edit; removed with the session.
        var upload: URL?
        /// The name the person's file had when they sent it (not the server's name for it).
        var uploadName: String?
        /// The size of ``upload``, counted in the server's ``maxUploadBytesTotal``.
        var uploadBytes = 0
        var lastUsed: Date
        /// When it was opened or last edited (viewing it does not count): an editor nobody edits
        /// is closed ``uneditedLifetime`` after this.
        var lastEdited: Date
        /// The session's last export.
        var exportJob: Int64?
    }

    static let limit = 64
    static let hostedLimitPerPerson = 3
    /// The most sessions open from one client address on a hosted server, whoever's they are:
    /// one client with many fresh cookies cannot hold everyone's room. Opening another closes the
    /// opener's own least recently used there, never someone else's (others behind the same
    /// address, an office or a phone network, keep theirs); a client with none of its own to
    /// close is refused (``ServerFull``).
    static let hostedLimitPerClient = 6
    /// Uploads one client address may be sending at once.
    static let uploadsInFlightPerClient = 2
    /// How long a session unused can be kept when the server needs its room.
    static let idleLifetime: TimeInterval = 30 * 60
    /// On a hosted server, an editor with no edit since it was opened (or since its last edit)
    /// for this long is closed, its sent file deleted then (``closeIdle()``); an export queued or
    /// running keeps it. (On loopback the one person's editors stay until the server needs room.)
    static let hostedUneditedLifetime: TimeInterval = 10 * 60
    /// The most bytes of sent files the server keeps at once, everyone's together.
    static let defaultMaxUploadBytesTotal = 8 << 30  // (WebConfiguration's default too)

    /// Opening was refused: the server has ``limit`` sessions, all in use within ``idleLifetime``.
    struct ServerFull: Error, Equatable {}

    /// Why an export did not start.
    enum ExportRefusal: Error, Equatable {
        /// No such session of the person.
        case notFound
        /// Another export of the person is running.
        case busy
        /// The person's library is full.
        case libraryFull
        /// The export jobs cannot be reached (the database is away).
        case unavailable
    }

    let library: VideoLibrary
    let jobs: ExportJobs
    /// Where sent files are kept while they are edited (in the media folder, which every
    /// instance's workers read).
    let uploads: URL
    /// The most sessions one person has open.
    let perPerson: Int
    /// The most sessions open from one client address.
    let perClient: Int
    /// The most bytes of sent files kept at once (those of open sessions and those being sent).
    let maxUploadBytesTotal: Int
    /// How long an editor nobody edits stays open; nil: until the server needs its room.
    let uneditedLifetime: TimeInterval?
    /// Bytes of files being sent now, and uploads in flight per client.
    private let sending = NIOLockedValueBox<(bytes: Int, clients: [String: Int])>((0, [:]))
    /// The instance's name, the first part of each session's ID (`a.5d0c…`); empty for none.
    let instanceName: String
    private let logger: Logger
    private let sessions = NIOLockedValueBox<[String: Session]>([:])
    /// The time now (a test's clock in tests).
    private let now: @Sendable () -> Date

    init(
        library: VideoLibrary, jobs: ExportJobs, uploads: URL, perPerson: Int = EditorSessions.limit,
        perClient: Int = EditorSessions.limit, maxUploadBytesTotal: Int = EditorSessions.defaultMaxUploadBytesTotal,
        uneditedLifetime: TimeInterval? = nil, instanceName: String = "",
        now: @escaping @Sendable () -> Date = Date.init, logger: Logger
    ) {
        self.perClient = perClient
        self.uneditedLifetime = uneditedLifetime
        self.maxUploadBytesTotal = maxUploadBytesTotal
        self.instanceName = instanceName
        self.now = now
        self.perPerson = perPerson
        self.library = library
        self.jobs = jobs
        self.uploads = uploads
        self.logger = logger
        Self.removeStaleUploads(in: uploads, now: now())
    }

    /// How long a sent file outlives a restart: its session is gone then, but an export of it
    /// may still be queued or running on another instance (sharing the folder), and no session
    /// or export lasts a day.
    static let uploadLifetime: TimeInterval = 24 * 3600

    /// Removes the files sent longer than ``uploadLifetime`` ago.
    static func removeStaleUploads(in uploads: URL, now: Date) {
        let files =
            (try? FileManager.default.contentsOfDirectory(
                at: uploads, includingPropertiesForKeys: [.contentModificationDateKey])) ?? []
        for file in files {
            let modified = (try? file.resourceValues(forKeys: [.contentModificationDateKey]))?.contentModificationDate
            if now.timeIntervalSince(modified ?? .distantPast) > uploadLifetime {
                try? FileManager.default.removeItem(at: file)
            }
        }
    }

    /// A new session editing `source`; its ID. Throws ``ServerFull`` (and keeps nothing) when
    /// the server has no room: the caller removes `upload`.
    func open(
        _ source: VideoSource, upload: URL? = nil, uploadName: String? = nil, uploadBytes: Int = 0,
        for person: PersonID, client: String = ""
    ) throws(ServerFull) -> String {
        closeIdle()
        let random = (0..<2).map { _ in String(UInt64.random(in: .min ... .max), radix: 16) }.joined(separator: "-")
        let id = instanceName.isEmpty ? random : instanceName + "." + random
        let now = now()
        // The jobs still queued or running, whose sessions (and sent files) stay; when the jobs
        // cannot be asked, every session that exported counts as exporting.
        let exported = Set(sessions.withLockedValue { $0.values.compactMap(\.exportJob) })
        let exporting = (try? jobs.active(among: Array(exported))) ?? exported
        let (evicted, opened) = sessions.withLockedValue { sessions -> ([Session], Bool) in
            sessions[id] = Session(
                id: id, person: person, client: client, menu: EditMenu(source: source), upload: upload,
                uploadName: uploadName, uploadBytes: uploadBytes, lastUsed: now, lastEdited: now)
            var evicted: [Session] = []
            // (an export started since the jobs were asked counts as running)
            func closable(_ session: Session) -> Bool {
                guard session.id != id else { return false }
                guard let job = session.exportJob else { return true }
                return exported.contains(job) && !exporting.contains(job)
            }
            // For a client at its limit, the opener's own there first (never another's behind the
            // same address: one client with many cookies is refused instead)...
            while !client.isEmpty, sessions.values.count(where: { $0.client == client }) > perClient {
                guard
                    let oldest = sessions.values.filter({
                        $0.client == client && $0.person == person && closable($0)
                    }).min(by: { $0.lastUsed < $1.lastUsed })
                else {
                    sessions.removeValue(forKey: id)
                    return (evicted, false)
                }
                evicted.append(sessions.removeValue(forKey: oldest.id) ?? oldest)
            }
            // ...then the person's own least recently used...
            while sessions.values.count(where: { $0.person == person }) > perPerson,
                let oldest = sessions.values.filter({ $0.person == person && closable($0) })
                    .min(by: { $0.lastUsed < $1.lastUsed })
            {
                evicted.append(sessions.removeValue(forKey: oldest.id) ?? oldest)
            }
            // ...then, for a full server, anyone's unused for longer than idleLifetime.
            while sessions.count > Self.limit,
                let oldest = sessions.values.filter({
                    closable($0) && now.timeIntervalSince($0.lastUsed) > Self.idleLifetime
                }).min(by: { $0.lastUsed < $1.lastUsed })
            {
                evicted.append(sessions.removeValue(forKey: oldest.id) ?? oldest)
            }
            guard sessions.count <= Self.limit else {
                sessions.removeValue(forKey: id)
                return (evicted, false)
            }
            return (evicted, true)
        }
        for session in evicted { Self.removeUpload(of: session) }
        guard opened else { throw ServerFull() }
        return id
    }

    /// Closes the editors nobody has edited for ``uneditedLifetime`` (viewing one does not keep
    /// it), unless an export of theirs is queued or running, and deletes their sent files now.
    /// Run on every opening and every minute (``EditorSweepService``). Returns how many it closed.
    @discardableResult
    func closeIdle() -> Int {
        guard let uneditedLifetime else { return 0 }
        let now = now()
        let stale = sessions.withLockedValue { sessions in
            sessions.values.filter { now.timeIntervalSince($0.lastEdited) > uneditedLifetime }
        }
        guard !stale.isEmpty else { return 0 }
        let exported = stale.compactMap(\.exportJob)
        let exporting = exported.isEmpty ? [] : ((try? jobs.active(among: exported)) ?? Set(exported))
        let closed = sessions.withLockedValue { sessions -> [Session] in
            stale.compactMap { old in
                guard let session = sessions[old.id], now.timeIntervalSince(session.lastEdited) > uneditedLifetime,
                    !(session.exportJob.map(exporting.contains) ?? false)
                else { return nil }
                return sessions.removeValue(forKey: old.id)
            }
        }
        for session in closed { Self.removeUpload(of: session) }
        return closed.count
    }

    /// The bytes of sent files kept now: open sessions' and those being sent.
    var uploadBytesKept: Int {
        sessions.withLockedValue { $0.values.reduce(0) { $0 + $1.uploadBytes } } + sending.withLockedValue { $0.bytes }
    }

    /// A file being sent from `client`: ``UploadReceipt/add(_:)`` counts its bytes against the
    /// server's total as they come. Nil when the client is sending ``uploadsInFlightPerClient``
    /// already.
    func receiveUpload(from client: String) -> UploadReceipt? {
        let allowed = sending.withLockedValue { sending in
            guard sending.clients[client, default: 0] < Self.uploadsInFlightPerClient else { return false }
            sending.clients[client, default: 0] += 1
            return true
        }
        return allowed ? UploadReceipt(sessions: self, client: client) : nil
    }

    /// One file being sent: its bytes are counted until ``finish()``.
    final class UploadReceipt: Sendable {
        let sessions: EditorSessions
        let client: String
        private let counted = NIOLockedValueBox(0)

        fileprivate init(sessions: EditorSessions, client: String) {
            self.sessions = sessions
            self.client = client
        }

        /// Counts `bytes` more; false (counting nothing) when the server's total would pass its limit.
        func add(_ bytes: Int) -> Bool {
            let kept = sessions.sessions.withLockedValue { $0.values.reduce(0) { $0 + $1.uploadBytes } }
            return sessions.sending.withLockedValue { sending in
                guard kept + sending.bytes + bytes <= sessions.maxUploadBytesTotal else { return false }
                sending.bytes += bytes
                counted.withLockedValue { $0 += bytes }
                return true
            }
        }

        /// The bytes counted.
        var bytes: Int { counted.withLockedValue { $0 } }

        /// The file is sent (and opened, or refused): its bytes no longer count as being sent.
        func finish() {
            let bytes = counted.withLockedValue { counted in
                defer { counted = 0 }
                return counted
            }
            sessions.sending.withLockedValue { sending in
                sending.bytes -= bytes
                sending.clients[client, default: 1] -= 1
                if sending.clients[client] == 0 { sending.clients.removeValue(forKey: client) }
            }
        }
    }

    private static func removeUpload(of session: Session) {
        if let upload = session.upload { try? FileManager.default.removeItem(at: upload) }
    }

    /// `person`'s session `id`; nil when there is none, or it is someone else's.
    func session(_ id: String, of person: PersonID) -> Session? {
        sessions.withLockedValue { sessions in
            guard sessions[id]?.person == person else { return nil }
            sessions[id]?.lastUsed = now()
            return sessions[id]
        }
    }

    /// `person`'s open sessions here, the one used last first.
    func sessions(of person: PersonID) -> [Session] {
        sessions.withLockedValue { $0.values.filter { $0.person == person } }.sorted { $0.lastUsed > $1.lastUsed }
    }

    /// Closes every session of `person` here and forgets their export jobs everywhere (a worker
    /// running one stops and keeps nothing), and removes the files they sent.
    func closeAll(of person: PersonID) throws(ExportJobsError) {
        let closed = sessions.withLockedValue { sessions -> [Session] in
            let theirs = sessions.values.filter { $0.person == person }
            for session in theirs { sessions.removeValue(forKey: session.id) }
            return theirs
        }
        for session in closed { Self.removeUpload(of: session) }
        try jobs.erase(person)
    }

    /// Changes the menu of `person`'s session; nil when they have no such session.
    func edit<T>(
        _ id: String, of person: PersonID, _ body: (inout EditMenu) throws(EditError) -> T
    ) throws(EditError) -> T? {
        // A finished export's word goes once the composition changes; a running one's stays.
        let lastJob = sessions.withLockedValue { $0[id]?.exportJob }
        let settled = lastJob.map { (try? jobs.active(among: [$0]).isEmpty) ?? false } ?? false
        // The lock's body throws untyped errors: the typed one travels as a Result.
        return try sessions.withLockedValue { sessions -> Result<T?, EditError> in
            guard var session = sessions[id], session.person == person else { return .success(nil) }
            let result: T
            do throws(EditError) { result = try body(&session.menu) } catch { return .failure(error) }
            session.lastUsed = now()
            session.lastEdited = session.lastUsed
            if settled, session.exportJob == lastJob { session.exportJob = nil }
            sessions[id] = session
            return .success(result)
        }.get()
    }

    /// Queues an export of the session's composition as it is now, its edits listed in the
    /// library with `words`. Refused when the person has no such session, is exporting already
    /// (this session or another, through any instance), or has a full library.
    func startExport(
        _ id: String, of person: PersonID, words: EditorStrings = .english
    ) throws(ExportRefusal) {
        let videos = (try? library.all(of: person).count) ?? 0
        guard videos < VideoLibraryLimits.perPerson else { throw .libraryFull }
        guard let session = session(id, of: person) else { throw .notFound }
        let edits = session.menu.edits.map(words.summary)
        let job: Int64?
        do {
            job = try jobs.enqueue(session.menu.composition, edits: edits, for: person, now: now())
        } catch {
            logger.warning("cannot queue an export: \(error)")
            throw .unavailable
        }
        guard let job else { throw .busy }
        sessions.withLockedValue { $0[id]?.exportJob = job }
    }

    /// Stops the export of `person`'s session, if one is queued or running.
    func cancelExport(_ id: String, of person: PersonID) {
        guard let job = session(id, of: person)?.exportJob else { return }
        do {
            try jobs.cancel(job, of: person)
        } catch {
            logger.warning("cannot cancel export job \(job): \(error)")
        }
    }

    /// The state of `person`'s export job `id`, as the editor shows it.
    func export(_ id: Int64?, of person: PersonID) -> Export {
        guard let id, let job = try? jobs.job(id, of: person) else { return .idle }
        return Self.export(job)
    }

    /// A job's state, as the editor shows it.
    static func export(_ job: ExportJob) -> Export {
        switch job.state {
        case .queued: return .running(0)
        case .running: return .running(job.progress)
        case .done: return job.videoID.map { .done(videoID: $0) } ?? .idle
        case .failed: return .failed(job.message ?? "the video could not be made")
        case .cancelled: return .cancelled
        }
    }

    /// What the person is told of a failed export: never ffmpeg's own words or a server path
    /// (those go to the log), only a time-out or a busy server, which they can act on.
    static func publicReason(_ error: any Error) -> String {
        switch error {
        case ExportError.timedOut, ExportError.busy, ExportError.tooLarge: String(describing: error)
        default: "the video could not be made"
        }
    }
}
