import Foundation

/// Which Finnkino movie a watchlist's film is: the scores' rule (``ChartMatch``), never a guess.
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

        /// `movies`: Finnkino's now and coming soon (all of Finland).
        public init(_ movies: [Event]) {
            var byTitle: [String: [Event]] = [:]
            for movie in movies {
                for key in Set([ChartMatch.key(movie.originalTitle), ChartMatch.key(movie.title)]) where !key.isEmpty {
                    byTitle[key, default: []].append(movie)
                }
            }
            self.byTitle = byTitle
        }

        /// The movie of `entry`, or why none is.
        public func movie(of entry: WatchlistEntry) -> Result<Event, Miss> {
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
