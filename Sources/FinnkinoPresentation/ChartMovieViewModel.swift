import AppPatterns
import FinnkinoKit
import Foundation

/// An international movie's page: poster, titles, facts, people, overview, the audience's and
/// the critics' scores (each shown only when known), trailer, bookmark.
public struct ChartMovieViewModel: Sendable {
    public struct Score: Sendable, Hashable {
        /// `Rotten Tomatoes`, `Metacritic`, `IMDb`.
        public var source: String
        /// `92%`, `76/100`, `7.7/10`.
        public var value: String
    }

    public struct Outputs: Sendable {
        public var movieID: Int?
        public var title = ""
        /// Nil when the same as the title.
        public var originalTitle: String?
        public var posterURL: URL?
        public var tagline: String?
        /// Labelled facts: release, length, genres.
        public var facts: [MovieViewModel.Fact] = []
        public var directors: String?
        public var cast: String?
        public var overview: String?
        /// `7.4/10 (8,103 votes)`, or that there are none yet.
        public var audience = ""
        public var critics: [Score] = []
        public var trailerURL: URL?
        public var isBookmarked = false
        public var errorMessage: String?
        /// Whether the movie is shown, unknown to TMDB, or cannot be read.
        public var outcome = ScreenOutcome.shown
    }

    public private(set) var outputs = Outputs()
    private let store: FeedStore
    private let words: ChartStrings
    private let format: DisplayFormat
    private let bookmarks: BookmarkStore?

    public init(store: FeedStore, strings: UIStrings, words: ChartStrings, bookmarks: BookmarkStore? = nil) {
        self.store = store
        self.words = words
        format = DisplayFormat(strings: strings)
        self.bookmarks = bookmarks
    }

    /// The movie as a bookmark (its poster as the list shows it), once loaded.
    public private(set) var bookmark: Bookmark?

    public mutating func load(id: Int, now: Date = Date()) async {
        outputs = Outputs()
        do {
            let movie = try await store.chartMovie(id: id).value
            let images = try? await store.chartImages()
            outputs.movieID = movie.id
            outputs.title = movie.title
            outputs.originalTitle = movie.originalTitle != movie.title ? movie.originalTitle : nil
            outputs.posterURL = images?.poster(movie.posterPath, width: 185)
            outputs.tagline = movie.tagline.isEmpty ? nil : movie.tagline
            var facts: [MovieViewModel.Fact] = []
            if let date = movie.releaseDate {
                facts.append(.init(label: words.released, value: format.date(date)))
            }
            if movie.runtime != nil { facts.append(.init(label: words.length, value: format.length(movie.runtime))) }
            if !movie.genres.isEmpty {
                facts.append(.init(label: words.genres, value: movie.genres.joined(separator: ", ")))
            }
            outputs.facts = facts
            outputs.directors = movie.directors.isEmpty ? nil : movie.directors.joined(separator: ", ")
            outputs.cast = movie.cast.isEmpty ? nil : movie.cast.prefix(8).map(\.name).joined(separator: ", ")
            outputs.overview = movie.overview.isEmpty ? nil : movie.overview
            outputs.audience = Self.audience(
                movie.voteCount > 0 ? movie.voteAverage : nil, votes: movie.voteCount, words: words)
            if let scores = await store.criticScores(for: movie) { outputs.critics = Self.critics(scores) }
            outputs.trailerURL = movie.trailer?.watchURL
            outputs.isBookmarked = bookmarks?.contains(movieID: movie.id, source: .international) ?? false
            bookmark = Bookmark(movie, posterURL: images?.poster(movie.posterPath, width: 92), addedAt: now)
        } catch WebServiceError.refused(_, 404, _) {
            outputs.errorMessage = words.movieNotFound
            outputs.outcome = .notFound
        } catch let error as FeedStoreError {
            outputs.errorMessage = words.unavailable + " (" + error.description + ")"
            outputs.outcome = .unavailable
        } catch {
            outputs.errorMessage = words.unavailable
            outputs.outcome = .unavailable
        }
    }

    /// The audience's score in words: `7.4/10 · 8 103 votes`, or that there are none yet.
    public static func audience(_ average: Double?, votes: Int, words: ChartStrings) -> String {
        guard let average, votes > 0 else { return words.noVotes }
        return String(format: "%.1f/10 · ", average) + words.votes(grouped(votes))
    }

    /// The critics' scores that are known, each with its source.
    public static func critics(_ scores: CriticScores) -> [Score] {
        var critics: [Score] = []
        if let rotten = scores.rottenTomatoes { critics.append(Score(source: "Rotten Tomatoes", value: "\(rotten)%")) }
        if let meta = scores.metacritic { critics.append(Score(source: "Metacritic", value: "\(meta)/100")) }
        if let imdb = scores.imdbRating {
            critics.append(Score(source: "IMDb", value: String(format: "%.1f/10", imdb)))
        }
        return critics
    }

    /// `8 103` with a thin space between thousands, as Finnish and Swedish write them (and
    /// readable in English).
    static func grouped(_ value: Int) -> String {
        var digits = Array(String(value))
        var index = digits.count - 3
        while index > 0 {
            digits.insert("\u{202F}", at: index)
            index -= 3
        }
        return String(digits)
    }
}
