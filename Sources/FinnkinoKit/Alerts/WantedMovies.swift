import Foundation

/// A movie a person asked to be told about ("Tell me when it's on"), and whether they were.
public struct WantedMovie: Sendable, Equatable {
    public let person: PersonID
    /// The Finnkino event ID.
    public let movieID: Int
    /// The title as the person saw it when asking (the message names the movie with it).
    public let title: String
    public let wantedAt: Date
    /// When the person was told that the movie is on; nil while they wait.
    public let announcedAt: Date?
    /// What they were told then (nil while they wait).
    public let announcement: Announcement?

    public init(
        person: PersonID, movieID: Int, title: String, wantedAt: Date, announcedAt: Date?,
        announcement: Announcement? = nil
    ) {
        self.person = person
        self.movieID = movieID
        self.title = title
        self.wantedAt = wantedAt
        self.announcedAt = announcedAt
        self.announcement = announcement
    }
}

/// Why the wanted movies cannot be read or changed.
public struct WantedMoviesError: Error, CustomStringConvertible, Equatable {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Every person's wanted movies: what the check after each schedule refresh goes through (all of
/// them at once, never per person), and what a person adds and removes on a movie's page. The
/// contract every kind of store keeps (`SQLiteWantedMovies` on one machine, `PostgresWantedMovies`
/// for several instances; `WantedMoviesTests` holds each kind to it).
public protocol WantedMovies: PersonalStore {
    /// Adds the movie to the person's wanted ones, waiting to be announced (again, if it was
    /// announced before). False, and nothing added, when they already want ``WantedMovieLimits/perPerson`` others.
    func want(_ movieID: Int, title: String, by person: PersonID, now: Date) throws(WantedMoviesError) -> Bool
    /// Removes the movie from the person's wanted ones (nothing when it was not one).
    func unwant(_ movieID: Int, by person: PersonID) throws(WantedMoviesError)
    /// The person's wanted movies, newest first.
    func wanted(by person: PersonID) throws(WantedMoviesError) -> [WantedMovie]
    /// The person's wanted movie `movieID`, nil when they do not want it: one key read, which the
    /// movie page (the most opened after the list) asks on every request.
    func wanted(_ movieID: Int, by person: PersonID) throws(WantedMoviesError) -> WantedMovie?
    /// Up to `limit` wanted movies not yet announced, of everyone, in (person, movie) order after
    /// `after` (nil: from the first): the check reads them page by page.
    func waiting(after: (person: PersonID, movieID: Int)?, limit: Int) throws(WantedMoviesError) -> [WantedMovie]
    /// Records that the announcement's person was told about its movie, and what. True for the one
    /// call that recorded it: a movie announced by another instance meanwhile (or no longer
    /// wanted) gives false, so no person is told twice.
    func markAnnounced(_ announcement: Announcement, at date: Date) throws(WantedMoviesError) -> Bool
    /// Those of `persons` who want a movie (the sweep of unused persons keeps them: a movie can be
    /// months away).
    func personsWanting(among persons: [PersonID]) throws(WantedMoviesError) -> Set<PersonID>
    /// Which addresses of the person's private feeds are valid (0 until renewed): kept with their
    /// wanted movies, one row read by every instance, so a renewal holds everywhere at once.
    func feedGeneration(of person: PersonID) throws(WantedMoviesError) -> Int
    /// Makes the person's feed addresses new (the old ones stop working); returns the generation.
    func renewFeeds(of person: PersonID) throws(WantedMoviesError) -> Int
    /// The person's weekly digest; nil while it is off (as it is until they turn it on).
    func digest(of person: PersonID) throws(WantedMoviesError) -> WeeklyDigest?
    /// Turns the person's digest on with `settings`, the first due at `settings.slot(after: now)`
    /// (a digest already sent stays, for the feed); nil turns it off and forgets it.
    func setDigest(_ settings: WeeklyDigest.Settings?, of person: PersonID, now: Date) throws(WantedMoviesError)
    /// Up to `limit` digests due at `now` (their next slot reached), of everyone, in person order
    /// after `after` (nil: from the first): the digest service reads them page by page.
    func digestsDue(at now: Date, after: PersonID?, limit: Int) throws(WantedMoviesError) -> [WeeklyDigest]
    /// Records `sent` as the person's digest of its slot and makes `next` their next slot. True for
    /// the one call that took the slot: one that another instance took meanwhile (or a digest
    /// turned off or moved) gives false, so nobody gets a week's digest twice.
    func markDigestSent(_ sent: WeeklyDigest.Sent, of person: PersonID, next: Date) throws(WantedMoviesError) -> Bool
    /// Forgets every wanted movie of the person, their feeds' generation and their digest.
    func erase(_ person: PersonID) throws(WantedMoviesError)
}

/// The limits every store of wanted movies keeps.
public enum WantedMovieLimits {
    /// The most movies one person can want at once: more than any cinema announces ahead, few
    /// enough that one person cannot make the check slow for everyone.
    public static let perPerson = 100
}
