import Foundation

/// Which Finnkino movie a watchlist's film is: by its IMDb ID when the file has one and the
/// movie's match to TMDB knows it; otherwise the scores' rule (``ChartMatch``), never a guess.
/// The film's title (or original title), whole, is the movie's original or Finnish title, and its
/// year is the movie's production year give or take one; a film without a year, or one that two
/// movies fit as well, is no match.
public enum WatchlistMatch {
    /// Why a film is not matched.
    public enum Miss: String, Error, Sendable, Equatable, Codable {
        /// No Finnkino movie, now or coming, has its title within a year.
        case notOnTheProgramme
        /// The file gives no year, and a title alone could be another film.
        case noYear
        /// Two movies fit as well.
        case ambiguous
    }

    /// The programme's movies by title, made once for a whole file: each film then looks up its
    /// titles instead of comparing itself with every movie.
    public struct Programme: Sendable {
        private let byTitle: [String: [Event]]
        private var byIMDbID: [String: Event] = [:]

        /// `movies`: Finnkino's now and coming soon (all of Finland); `imdbIDs`: the IMDb ID of
        /// each movie whose match to TMDB knows one (``FeedStore/scores(of:waitingAtMost:)``).
        public init(_ movies: [Event], imdbIDs: [Int: String] = [:]) {
            var byTitle: [String: [Event]] = [:]
            for movie in movies {
                for key in Set([ChartMatch.key(movie.originalTitle), ChartMatch.key(movie.title)]) where !key.isEmpty {
                    byTitle[key, default: []].append(movie)
                }
            }
            self.byTitle = byTitle
            // An ID two movies share (a double feature listed twice) finds neither: never a guess.
            var byIMDbID: [String: Event?] = [:]
            for movie in movies {
                guard let id = imdbIDs[movie.id]?.lowercased() else { continue }
                byIMDbID[id] = byIMDbID[id] == nil ? movie : .some(nil)
            }
            self.byIMDbID = byIMDbID.compactMapValues { $0 }
        }

        /// The programme of `movies` with the IMDb IDs their score matches know, when `entries`
        /// have IDs to look up (IMDb's export): the matches not made yet are waited for at most
        /// `limit` (they go on for the next import).
        public static func matching(
            _ movies: [Event], for entries: [WatchlistEntry], store: FeedStore,
            waitingAtMost limit: Duration = .seconds(2)
        ) async -> Programme {
            guard entries.contains(where: { $0.imdbID != nil }) else { return Programme(movies) }
            return await withIMDbIDs(movies, store: store, waitingAtMost: limit)
        }

        /// The programme of `movies` with the IMDb IDs their score matches know (the films kept
        /// from earlier imports are matched again with them).
        public static func withIMDbIDs(
            _ movies: [Event], store: FeedStore, waitingAtMost limit: Duration = .seconds(2)
        ) async -> Programme {
            let scores = await store.scores(of: movies, waitingAtMost: limit)
            return Programme(movies, imdbIDs: scores.compactMapValues { $0.critics?.imdbID })
        }

        /// The movie of `entry`, or why none is.
        public func movie(of entry: WatchlistEntry) -> Result<Event, Miss> {
            if let id = entry.imdbID?.lowercased(), let movie = byIMDbID[id] { return .success(movie) }
            let titles = [entry.title] + (entry.originalTitle.map { [$0] } ?? [])
            var seen = Set<Int>()
            let candidates = titles.flatMap { byTitle[ChartMatch.key($0)] ?? [] }.filter { seen.insert($0.id).inserted }
            switch ChartMatch.best(
                titles: titles, year: entry.year, in: candidates, titlesOf: { [$0.originalTitle, $0.title] },
                yearOf: \.productionYear)
            {
            case .one(let movie): return .success(movie)
            case .none: return .failure(.notOnTheProgramme)
            case .ambiguous: return .failure(.ambiguous)
            case .unsure: return .failure(.noYear)
            }
        }
    }

    /// The movie of `entry` among `movies`, or why none is (one film; a file goes through
    /// ``Programme``).
    public static func movie(of entry: WatchlistEntry, among movies: [Event]) -> Result<Event, Miss> {
        Programme(movies).movie(of: entry)
    }
}
