import Crypto
import FinnkinoKit
import Foundation

/// The movies the person asked to be told about, what they were told, the addresses of their
/// private feeds of them (their generation is kept with the wanted movies), and their weekly
/// digest (its settings and the last one sent). A person
/// waiting for a movie is kept from the sweep of idle persons.
struct WantedData: PersonalData {
    let wanted: any WantedMovies
    /// The key of the feeds' addresses (``FeedToken``).
    let feedKey: SymmetricKey

    /// A movie the person asked to be told about, and what they were told.
    struct Wanted: Encodable, Sendable {
        let movieID: Int
        let title: String
        let wantedAt: Date
        let announcedAt: Date?
        /// The first show's theatre and start as announced.
        let theatre: String?
        let firstShow: Date?
    }

    /// The addresses of the person's private feeds (each opens their wanted movies to whoever has it).
    struct Feeds: Encodable, Sendable {
        let calendar: String
        let atom: String
    }

    /// The person's weekly digest: when and how it comes, and the last one sent.
    struct Digest: Encodable, Sendable {
        let weekday: Int
        let hour: Int
        let push: Bool
        let feed: Bool
        let nextSlot: Date
        let lastSlot: Date?
        let lastTitle: String?
        let lastText: String?
    }

    var stores: [any PersonalStore] { [wanted] }

    func export(of person: PersonID, into document: inout PersonDataDocument) throws {
        document.add(
            "wanted",
            try wanted.wanted(by: person).map {
                Wanted(
                    movieID: $0.movieID, title: $0.title, wantedAt: $0.wantedAt, announcedAt: $0.announcedAt,
                    theatre: $0.announcement?.theatre, firstShow: $0.announcement?.firstShow)
            })
        let tokens = try WantedController.tokens(of: person, wanted: wanted, key: feedKey)
        document.add(
            "feeds",
            Feeds(
                calendar: WebRoute.wantedCalendar(token: tokens.calendar).path,
                atom: WebRoute.wantedAtom(token: tokens.atom).path))
        if let digest = try wanted.digest(of: person) {
            document.add(
                "weeklyDigest",
                Digest(
                    weekday: digest.settings.weekday, hour: digest.settings.hour, push: digest.settings.push,
                    feed: digest.settings.feed, nextSlot: digest.nextSlot, lastSlot: digest.last?.slot,
                    lastTitle: digest.last?.title, lastText: digest.last?.text))
        }
    }

    func erase(_ person: PersonID) async throws { try wanted.erase(person) }

    func personsKept(among persons: [PersonID]) throws -> Set<PersonID> {
        try wanted.personsWanting(among: persons)
    }
}
