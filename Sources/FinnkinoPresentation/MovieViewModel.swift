import AppPatterns
import FinnkinoKit
import Foundation

/// The Movie screen: poster, titles, facts, people, synopsis, and where to go next.
public struct MovieViewModel: Sendable {
    public struct Outputs: Sendable, Equatable {
        public var movieID: Int?
        public var title = ""
        /// Nil when the same as the title.
        public var originalTitle: String?
        public var posterURL: URL?
        /// Labelled facts in display order: year, length, age limit, genres, premiere.
        public var facts: [Fact] = []
        /// `Director: A B` names, joined; nil when unknown.
        public var directors: String?
        public var cast: String?
        /// The synopsis, one string per paragraph.
        public var synopsis: [String] = []
        /// A trailer on the web (http or https); nil otherwise.
        public var trailerURL: URL?
        /// Whether the movie has a trailer clip of the bundled dataset, which the app plays and edits.
        public var hasTrailerClip = false
        public var errorMessage: String?
        /// Whether the movie is shown, unknown to the source (the reason of ``errorMessage`` then),
        /// or cannot be read.
        public var outcome = ScreenOutcome.shown
        /// Whether the movie is in the bookmarks (false when the screen has no bookmark store).
        public var isBookmarked = false
        /// The youngest who may see it with an adult (7, 12 and 16 films: three years under).
        public var youngestWithAnAdult: Int?
        /// The content descriptors' names as the feed gives them (`Violence`, `Disturbing`, …):
        /// the view draws each one's icon and words.
        public var contentDescriptors: [String] = []
        /// The event's gallery: stills with their thumbnails (empty when it has none, or when the
        /// gallery cannot be loaded: the page stands without it).
        public var gallery: [GalleryImage] = []
        /// The international lists' movie it is (``ChartMatch``); nil when none is known: then
        /// there are no scores either.
        public var internationalID: Int?
        /// `7.4/10 · 4 158 votes`, when matched.
        public var audience: String?
        /// The critics' scores that are known, when matched.
        public var critics: [ChartMovieViewModel.Score] = []
    }

    /// One labelled value, e.g. `Length` / `1 h 52 min`.
    public struct Fact: Sendable, Hashable {
        public var label: String
        public var value: String
    }

    public private(set) var outputs = Outputs()
    private let store: FeedStore
    private let format: DisplayFormat
    /// Whether the person bookmarked a movie; nil: the screen has no bookmarks.
    private var bookmarked: (@Sendable (Int) -> Bool)?
    /// The bundled trailer clips, which the trailer page plays; nil: no movie has one.
    private let media: BundledMedia?
    /// Whether the gallery is asked for (a screen that shows none asks nothing for it).
    private let showsGallery: Bool

    private let words: ChartStrings

    /// - Parameter words: the international lists' words, for the scores.
    public init(
        store: FeedStore, strings: UIStrings, words: ChartStrings = .english, bookmarks: BookmarkStore? = nil,
        media: BundledMedia? = nil, showsGallery: Bool = true
    ) {
        self.store = store
        self.media = media
        self.showsGallery = showsGallery
        format = DisplayFormat(strings: strings)
        self.words = words
        if let bookmarks { bookmarked = { movie in bookmarks.contains(movieID: movie) } }
    }

    // MARK: Inputs

    /// The user opened a movie.
    public mutating func movieSelected(_ id: Int) { outputs.movieID = id }

    /// How to tell whether the person bookmarked a movie, in place of a bookmark store (a hosted
    /// server asks its store of everyone's bookmarks one question rather than read the person's).
    public mutating func bookmarkedRead(_ read: @escaping @Sendable (Int) -> Bool) { bookmarked = read }

    /// Loads the selected movie into `outputs`.
    public mutating func load() async {
        let strings = format.strings
        outputs.outcome = .shown
        guard let id = outputs.movieID else {
            outputs.errorMessage = strings.movieNotFound
            outputs.outcome = .notFound
            return
        }
        let isBookmarked = bookmarked?(id) ?? false
        outputs.isBookmarked = isBookmarked
        do {
            let event = try await store.movie(id: id)
            // Asked for once the movie is known to be one (an address made up asks for nothing
            // more), both at once; a gallery that fails leaves the page without one, and scores
            // not known within the list's wait are left out.
            async let gallery = showsGallery ? try? store.gallery(ofMovie: id) : []
            async let scores = store.scores(of: event, waitingAtMost: MoviesViewModel.scoresWait)
            let made = MovieDetailsCache.Made(
                event: event, gallery: await gallery ?? [], scores: await scores,
                hasTrailerClip: media?.hasTrailer(event) ?? false, strings: format.strings, words: words)
            outputs = Self.madeDetails.details(of: made) { [format] in Self.details(of: $0, format: format) }
            outputs.isBookmarked = isBookmarked
        } catch FeedStoreError.movieNotFound {
            outputs.errorMessage = strings.movieNotFound
            outputs.outcome = .notFound
        } catch {
            outputs.errorMessage = strings.loadFailed
            outputs.outcome = .unavailable
        }
    }

    /// The page's details of a movie (whether it is bookmarked apart), as the feed answers and the
    /// words make them: kept by `madeDetails` once per answer.
    private static let madeDetails = MovieDetailsCache()

    private static func details(
        of made: MovieDetailsCache.Made, format: DisplayFormat
    ) -> Outputs {
        let strings = format.strings
        let event = made.event
        var outputs = Outputs()
        outputs.movieID = event.id
        outputs.title = event.title
        let original = event.originalTitle.trimmingCharacters(in: .whitespaces)
        outputs.originalTitle = original.isEmpty || original == event.title ? nil : original
        outputs.posterURL = event.images.poster
        var facts: [Fact] = []
        if let year = event.productionYear { facts.append(Fact(label: strings.year, value: String(year))) }
        if let minutes = event.lengthInMinutes, minutes > 0 {
            facts.append(Fact(label: strings.length, value: format.length(minutes)))
        }
        facts.append(Fact(label: strings.ageLabel, value: format.age(event.rating)))
        outputs.youngestWithAnAdult = event.rating.youngestWithAnAdult
        outputs.contentDescriptors = event.contentDescriptors.map(\.name).filter { !$0.isEmpty }
        if !event.genres.isEmpty {
            facts.append(Fact(label: strings.genres, value: event.genres.joined(separator: ", ")))
        }
        if let premiere = event.localRelease {
            facts.append(Fact(label: strings.premiere, value: format.date(premiere)))
        }
        outputs.facts = facts
        outputs.directors = names(event.directors)
        outputs.cast = names(event.cast)
        let text = event.synopsis.isEmpty ? event.shortSynopsis : event.synopsis
        outputs.synopsis = text.components(separatedBy: "\n\n")
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty }
        outputs.hasTrailerClip = made.hasTrailerClip
        outputs.trailerURL = event.videos.lazy.compactMap(\.watchURL).first { url in
            let scheme = url.scheme?.lowercased()
            return scheme == "https" || scheme == "http"
        }
        outputs.gallery = made.gallery
        outputs.internationalID = made.scores?.tmdbID
        outputs.audience = made.scores.map { audience($0, words: made.words) }
        outputs.critics = made.scores?.critics.map(ChartMovieViewModel.critics) ?? []
        return outputs
    }

    private static func audience(_ scores: MovieScores, words: ChartStrings) -> String {
        ChartMovieViewModel.audience(scores.audience, votes: scores.audienceVotes, words: words)
    }

    private static func names(_ people: [Person]) -> String? {
        people.isEmpty ? nil : people.map(\.fullName).joined(separator: ", ")
    }
}
