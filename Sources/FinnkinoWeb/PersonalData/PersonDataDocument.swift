import FinnkinoKit
import FinnkinoPresentation
import Foundation

/// "Download my data": everything the server keeps of a person, as one JSON document
/// (`docs/HOSTING.md` describes it field by field). The videos' files are not inside; each
/// video names the address it downloads from.
struct PersonDataDocument: Encodable {
    struct Person: Encodable {
        let createdAt: Date
        let lastSeenAt: Date
    }
    struct Device: Encodable {
        let name: String
        let firstUsedAt: Date
        let lastUsedAt: Date
    }
    struct Video: Encodable {
        let id: Int64
        let title: String
        let createdAt: Date
        let seconds: Double
        let width: Int
        let height: Int
        let bytes: Int64
        let edits: [String]
        /// Where the file downloads from, on this server.
        let download: String
    }

    /// A movie the person asked to be told about, and what they were told.
    struct Wanted: Encodable {
        let movieID: Int
        let title: String
        let wantedAt: Date
        let announcedAt: Date?
        /// The first show's theatre and start as announced.
        let theatre: String?
        let firstShow: Date?
    }

    /// A browser that takes the person's announcements as pushes: where the push service is.
    struct Push: Encodable {
        /// The push service's address for that browser (it names the browser to that service).
        let endpoint: String
    }

    /// Where the person is, as they or their browser said: the exact position.
    struct Location: Encodable {
        let latitude: Double
        let longitude: Double
        /// `browser` (the browser's position), `typed` (a position typed), or the city named.
        let source: String
        /// When the browser reported it.
        let reportedAt: Date?
    }

    /// One step of the bookmarks' undo history: what it added or removed.
    struct HistoryStep: Encodable {
        /// `add` or `remove`.
        let change: String
        let bookmarks: [Bookmark]
    }

    /// What Undo and Redo would do to the bookmarks (the removed bookmarks are kept here).
    struct History: Encodable {
        /// The steps Undo would take back, the next last.
        let undo: [HistoryStep]
        /// The steps Redo would take again, the next last.
        let redo: [HistoryStep]
    }

    /// What a video in the making is made of: never the server's path of a file, only its name.
    struct Work: Encodable {
        /// The name shown of what is edited (the movie's title, or the name of the file sent).
        let source: String
        /// The name of the file the person sent, as it was named on their device; absent for a
        /// trailer of the programme (and for an export job, which keeps only the title).
        let file: String?
        let edits: [String]
        /// The texts laid over the video.
        let texts: [String]
    }

    /// An export of a video, queued, running or finished.
    struct ExportJob: Encodable {
        let id: Int64
        /// `queued`, `running`, `done`, `failed` or `cancelled`.
        let state: String
        let video: Work
        let message: String?
        let videoID: Int64?
    }

    /// An editor open on this server.
    struct Editor: Encodable {
        let lastUsedAt: Date
        let video: Work
    }

    /// The addresses of the person's private feeds (each opens their wanted movies to whoever has it).
    struct Feeds: Encodable {
        let calendar: String
        let atom: String
    }

    /// `finnkino-person-data/1`: the version of this document.
    let format = "finnkino-person-data/1"
    let exportedAt: Date
    let person: Person?
    let devices: [Device]
    let bookmarks: [Bookmark]
    let bookmarkHistory: History
    let place: AppPlace
    let location: Location?
    let videos: [Video]
    let exportJobs: [ExportJob]
    let editors: [Editor]
    let wanted: [Wanted]
    let feeds: Feeds
    let pushSubscriptions: [Push]

    /// Everything of one person. `feeds` are the addresses of their private feeds (relative to
    /// the server).
    init(
        person: PersonID, persons: PersonStore, bookmarks: BookmarkStore, place: AppPlace, location: UserLocation?,
        library: VideoLibrary, jobs: any ExportJobs, editors: [EditorSessions.Session], wanted: any WantedMovies,
        feeds: Feeds, pushSubscriptions: any PushSubscriptions, now: Date
    ) throws {
        exportedAt = now
        self.person = try persons.dates(of: person).map { Person(createdAt: $0.created, lastSeenAt: $0.lastSeen) }
        devices = try persons.devices(of: person).map {
            Device(name: $0.name, firstUsedAt: $0.createdAt, lastUsedAt: $0.lastUsedAt)
        }
        self.bookmarks = bookmarks.all()
        let history = bookmarks.history
        bookmarkHistory = History(
            undo: history.undoStack.map(Self.step), redo: history.redoStack.map(Self.step))
        self.place = place
        self.location = location.flatMap(Self.location)
        exportJobs = try jobs.jobs(of: person).map {
            ExportJob(
                id: $0.id, state: $0.state.rawValue, video: Self.work($0.composition, file: nil, edits: $0.edits),
                message: $0.message, videoID: $0.videoID)
        }
        self.editors = editors.map {
            Editor(
                lastUsedAt: $0.lastUsed,
                video: Self.work(
                    $0.menu.composition, file: $0.uploadName, edits: $0.menu.edits.map(EditorStrings.english.summary)))
        }
        self.feeds = feeds
        videos = try library.all(of: person).map {
            Video(
                id: $0.id, title: $0.title, createdAt: $0.createdAt, seconds: $0.duration, width: $0.size.width,
                height: $0.size.height, bytes: $0.bytes, edits: $0.edits,
                download: WebRoute.video(id: $0.id).path + "?download=1")
        }
        self.wanted = try wanted.wanted(by: person).map {
            Wanted(
                movieID: $0.movieID, title: $0.title, wantedAt: $0.wantedAt, announcedAt: $0.announcedAt,
                theatre: $0.announcement?.theatre, firstShow: $0.announcement?.firstShow)
        }
        self.pushSubscriptions = try pushSubscriptions.subscriptions(of: person).map {
            Push(endpoint: $0.subscription.endpoint.absoluteString)
        }
    }

    private static func step(_ command: BookmarkCommand) -> HistoryStep {
        switch command {
        case .add(let add): HistoryStep(change: "add", bookmarks: [add.bookmark])
        case .remove(let remove): HistoryStep(change: "remove", bookmarks: remove.bookmarks)
        }
    }

    private static func location(_ location: UserLocation) -> Location? {
        let coordinate = location.coordinate
        switch location.source {
        case .none: return nil
        case .fixed:
            return Location(
                latitude: coordinate.latitude, longitude: coordinate.longitude, source: "typed", reportedAt: nil)
        case .city(let city):
            return Location(
                latitude: coordinate.latitude, longitude: coordinate.longitude, source: city.name, reportedAt: nil)
        case .browser(_, let reportedAt):
            return Location(
                latitude: coordinate.latitude, longitude: coordinate.longitude, source: "browser",
                reportedAt: reportedAt)
        }
    }

    /// What a composition is made of: its title, the name of the file sent, never a server path.
    private static func work(_ composition: Composition, file: String?, edits: [String]) -> Work {
        Work(source: composition.source.title, file: file, edits: edits, texts: composition.texts.map(\.text))
    }

    /// The document as pretty JSON with sorted keys and ISO 8601 dates (UTC).
    func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(self)
    }
}
