import FinnkinoKit
import FinnkinoPresentation
import Foundation
import Logging
import NIOConcurrencyHelpers

/// The open trailer editors: an ``EditMenu`` per editing session (made when a person presses
/// Edit, named in the page's address), with its export into the ``VideoLibrary``.
///
/// A session is its person's: asked for by anyone else it is as if it did not exist, and its
/// export goes into its person's library.
///
/// Sessions live in memory: a restart forgets unfinished edits (the exported videos stay). A
/// person has at most `perPerson` (opening another closes their least recently used: on a hosted
/// server ``hostedLimitPerPerson``, on loopback as many as the server keeps), the server at most
/// ``limit``. When the server is full, a session unused for ``idleLifetime`` makes room; one in
/// use by someone else never does (opening is refused with ``ServerFull`` instead), so nobody can
/// close another person's editor by opening many. A session that is exporting is never closed
/// this way. A closed session's sent file goes with it. A person exports one video at a time, into a library of at
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
        var menu: EditMenu
        /// A file the person sent to edit; removed with the session.
        var upload: URL?
        var export: Export = .idle
        var lastUsed: Date
        var exportTask: Task<Void, Never>?
    }

    static let limit = 64
    static let hostedLimitPerPerson = 3
    /// How long a session unused can be kept when the server needs its room.
    static let idleLifetime: TimeInterval = 30 * 60

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
    }

    let library: VideoLibrary
    let exporter: TrailerExporter
    /// Where sent files are kept while they are edited.
    let uploads: URL
    /// The most sessions one person has open.
    let perPerson: Int
    private let logger: Logger
    private let sessions = NIOLockedValueBox<[String: Session]>([:])
    /// The time now (a test's clock in tests).
    private let now: @Sendable () -> Date

    init(
        library: VideoLibrary, exporter: TrailerExporter = TrailerExporter(), uploads: URL,
        perPerson: Int = EditorSessions.limit, now: @escaping @Sendable () -> Date = Date.init, logger: Logger
    ) {
        self.now = now
        self.perPerson = perPerson
        self.library = library
        self.exporter = exporter
        self.uploads = uploads
        self.logger = logger
        // Files sent before a restart belong to sessions that are gone.
        try? FileManager.default.removeItem(at: uploads)
    }

    /// A new session editing `source`; its ID. Throws ``ServerFull`` (and keeps nothing) when
    /// the server has no room: the caller removes `upload`.
    func open(_ source: VideoSource, upload: URL? = nil, for person: PersonID) throws(ServerFull) -> String {
        let id = (0..<2).map { _ in String(UInt64.random(in: .min ... .max), radix: 16) }.joined(separator: "-")
        let now = now()
        let (evicted, opened) = sessions.withLockedValue { sessions -> ([Session], Bool) in
            sessions[id] = Session(
                id: id, person: person, menu: EditMenu(source: source), upload: upload, lastUsed: now)
            var evicted: [Session] = []
            func closable(_ session: Session) -> Bool { session.exportTask == nil && session.id != id }
            // The person's own least recently used first...
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
        for session in evicted {
            if let upload = session.upload { try? FileManager.default.removeItem(at: upload) }
        }
        guard opened else { throw ServerFull() }
        return id
    }

    /// `person`'s session `id`; nil when there is none, or it is someone else's.
    func session(_ id: String, of person: PersonID) -> Session? {
        sessions.withLockedValue { sessions in
            guard sessions[id]?.person == person else { return nil }
            sessions[id]?.lastUsed = now()
            return sessions[id]
        }
    }

    /// Closes every session of `person`: their exports are cancelled and the files they sent
    /// removed. Returns the exports, to be awaited before their library is erased.
    func closeAll(of person: PersonID) -> [Task<Void, Never>] {
        let closed = sessions.withLockedValue { sessions -> [Session] in
            let theirs = sessions.values.filter { $0.person == person }
            for session in theirs { sessions.removeValue(forKey: session.id) }
            return theirs
        }
        for session in closed {
            session.exportTask?.cancel()
            if let upload = session.upload { try? FileManager.default.removeItem(at: upload) }
        }
        return closed.compactMap(\.exportTask)
    }

    /// Changes the menu of `person`'s session; nil when they have no such session.
    func edit<T>(
        _ id: String, of person: PersonID, _ body: (inout EditMenu) throws(EditError) -> T
    ) throws(EditError) -> T? {
        // The lock's body throws untyped errors: the typed one travels as a Result.
        try sessions.withLockedValue { sessions -> Result<T?, EditError> in
            guard var session = sessions[id], session.person == person else { return .success(nil) }
            let result: T
            do throws(EditError) { result = try body(&session.menu) } catch { return .failure(error) }
            session.lastUsed = now()
            if case .running = session.export {} else { session.export = .idle }
            sessions[id] = session
            return .success(result)
        }.get()
    }

    /// Starts exporting the session's composition as it is now, its edits listed in the library
    /// with `words`. Refused when the person has no such session, is exporting already (this
    /// session or another), or has a full library.
    func startExport(
        _ id: String, of person: PersonID, words: EditorStrings = .english
    ) throws(ExportRefusal) {
        let videos = (try? library.all(of: person).count) ?? 0
        guard videos < VideoLibraryLimits.perPerson else { throw .libraryFull }
        try sessions.withLockedValue { open -> Result<Void, ExportRefusal> in
            guard var session = open[id], session.person == person else { return .failure(.notFound) }
            guard !open.values.contains(where: { $0.person == person && $0.exportTask != nil }) else {
                return .failure(.busy)
            }
            let composition = session.menu.composition
            let edits = session.menu.edits.map(words.summary)
            session.export = .running(0)
            session.exportTask = Task { [self] in
                let outcome = await export(composition, edits: edits, session: id, person: person)
                sessions.withLockedValue { sessions in
                    sessions[id]?.export = outcome
                    sessions[id]?.exportTask = nil
                }
            }
            open[id] = session
            return .success(())
        }.get()
    }

    /// Stops the export of `person`'s session, if one is running.
    func cancelExport(_ id: String, of person: PersonID) {
        sessions.withLockedValue { $0[id].flatMap { $0.person == person ? $0.exportTask : nil } }?.cancel()
    }

    /// What the person is told of a failed export: never ffmpeg's own words or a server path
    /// (those go to the log), only a time-out or a busy server, which they can act on.
    static func publicReason(_ error: any Error) -> String {
        switch error {
        case ExportError.timedOut, ExportError.busy: String(describing: error)
        default: "the video could not be made"
        }
    }

    private func export(
        _ composition: Composition, edits: [String], session id: String, person: PersonID
    ) async -> Export {
        let file = library.newVideoFile()
        do {
            try await exporter.export(composition, to: file) { [self] share in
                sessions.withLockedValue { sessions in
                    if case .running = sessions[id]?.export { sessions[id]?.export = .running(share) }
                }
            }
            let video = try await library.add(file, title: composition.source.title, edits: edits, for: person)
            logger.info("exported \(composition.source.title) to the library as \(video.id)")
            return .done(videoID: video.id)
        } catch ExportError.cancelled {
            return .cancelled
        } catch {
            logger.warning("export of \(composition.source.title) failed: \(error)")
            return .failed(Self.publicReason(error))
        }
    }
}
