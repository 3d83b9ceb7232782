import Foundation
import Logging

/// Matches everyone's kept watchlist films against the programme again (the wanted movies' check
/// runs it first, each time the schedules are refreshed): a film that came on is made its person's
/// (bookmarked when on now, wanted when coming, as an import does) and is no longer kept; a wanted
/// one is then announced by the check that follows, through the person's pushes and feeds. Every
/// step is idempotent, so instances that run it at once do no harm.
public struct WatchlistRematch: Sendable {
    let watchlists: any Watchlists
    let wanted: any WantedMovies
    let bookmarks: any BookmarkStores
    let store: FeedStore
    let logger: Logger
    /// Persons read at a time.
    static let page = 200

    public init(
        watchlists: any Watchlists, wanted: any WantedMovies, bookmarks: any BookmarkStores, store: FeedStore,
        logger: Logger
    ) {
        self.watchlists = watchlists
        self.wanted = wanted
        self.bookmarks = bookmarks
        self.store = store
        self.logger = logger
    }

    /// One pass over every person keeping films; returns how many films came on.
    @discardableResult
    public func run(now: Date) async throws -> Int {
        // Nobody keeping a film (every server's start, and most checks): no feed is read.
        var persons = try watchlists.personsKeeping(after: nil, limit: Self.page)
        guard !persons.isEmpty else { return 0 }
        let onNow = try await store.movies(.nowInTheatres).value
        let coming = try await store.movies(.comingSoon).value
        let programme = await WatchlistMatch.Programme.withIMDbIDs(onNow + coming, store: store)
        let showing = Set(onNow.map(\.id))
        var matched = 0
        while true {
            for person in persons {
                do {
                    matched += try match(person, programme: programme, showing: showing, now: now)
                } catch {
                    // One person's failure (their bookmarks unreadable) leaves the others matched.
                    logger.warning("watchlist films of \(person) not matched: \(error)")
                }
            }
            guard persons.count == Self.page, let last = persons.last else { break }
            persons = try watchlists.personsKeeping(after: last, limit: Self.page)
        }
        return matched
    }

    private func match(
        _ person: PersonID, programme: WatchlistMatch.Programme, showing: Set<Int>, now: Date
    ) throws -> Int {
        var came: [Int64] = []
        let theirs = try bookmarks.store(for: person)
        for film in try watchlists.kept(of: person) {
            guard case .success(let movie) = programme.movie(of: film.entry) else { continue }
            if showing.contains(movie.id) {
                if !theirs.contains(movieID: movie.id) { _ = try theirs.add(Bookmark(movie, addedAt: now)) }
            } else {
                _ = try wanted.want(movie.id, title: movie.title, by: person, now: now)
            }
            came.append(film.id)
        }
        try watchlists.remove(kept: came, of: person)
        return came.count
    }
}
