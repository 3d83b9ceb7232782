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

    /// `finnkino-person-data/1`: the version of this document.
    let format = "finnkino-person-data/1"
    let exportedAt: Date
    let person: Person?
    let devices: [Device]
    let bookmarks: [Bookmark]
    let place: AppPlace
    let videos: [Video]
    let wanted: [Wanted]
    let pushSubscriptions: [Push]

    init(
        person: PersonID, persons: PersonStore, bookmarks: BookmarkStore, place: AppPlace, library: VideoLibrary,
        wanted: any WantedMovies, pushSubscriptions: any PushSubscriptions, now: Date
    ) throws {
        exportedAt = now
        self.person = try persons.dates(of: person).map { Person(createdAt: $0.created, lastSeenAt: $0.lastSeen) }
        devices = try persons.devices(of: person).map {
            Device(name: $0.name, firstUsedAt: $0.createdAt, lastUsedAt: $0.lastUsedAt)
        }
        self.bookmarks = bookmarks.all()
        self.place = place
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

    /// The document as pretty JSON with sorted keys and ISO 8601 dates (UTC).
    func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(self)
    }
}
