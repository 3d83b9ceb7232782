import FinnkinoKit

/// Where the user is in the app, and what they prefer: the state saved as a memento and restored
/// after a restart, so the app opens where they left it.
///
/// Each tab keeps its own place (as the tabs of an iOS app do): going back to Movies finds the same
/// area, list and search.
public struct AppPlace: Codable, Sendable, Equatable {
    /// The version of this format; a memento of another version is not restored.
    public static let formatVersion = 1

    public enum Tab: String, Codable, Sendable, CaseIterable {
        case movies, movie, showtimes, news, bookmarks
    }

    public struct Movies: Codable, Sendable, Equatable {
        /// Nil: all of Finland.
        public var area: Int?
        public var list: EventListType = .nowInTheatres
        public var searchText = ""
        public var scope: SearchScope = .beginsWith
        /// The list's order (nil in a place saved before orders: by title).
        public var sort: MovieSort?
        /// Only the movies of this run (nil: every movie, and in a place saved before runs).
        public var run: ScreenRuns.Kind?

        public init(
            area: Int? = nil, list: EventListType = .nowInTheatres, searchText: String = "",
            scope: SearchScope = .beginsWith, sort: MovieSort? = nil, run: ScreenRuns.Kind? = nil
        ) {
            self.area = area
            self.list = list
            self.searchText = searchText
            self.scope = scope
            self.sort = sort
            self.run = run
        }
    }

    public struct Showtimes: Codable, Sendable, Equatable {
        public var movieID: Int?
        public var area: Int?
        public var date: LocalDate?
        /// The shows chosen (nil in a place saved before filters: none).
        public var filter: ShowFilter?
        /// Only the shows of this run (nil: all, and in a place saved before runs).
        public var run: ScreenRuns.Kind?

        public init(
            movieID: Int? = nil, area: Int? = nil, date: LocalDate? = nil, filter: ShowFilter? = nil,
            run: ScreenRuns.Kind? = nil
        ) {
            self.movieID = movieID
            self.area = area
            self.date = date
            self.filter = filter
            self.run = run
        }
    }

    /// The tab open last.
    public var tab: Tab = .movies
    /// The Movies tab as left; nil until visited.
    public var movies: Movies?
    /// The movie open last, on its own page.
    public var openMovieID: Int?
    /// The Showtimes tab as left; nil until visited.
    public var showtimes: Showtimes?
    public var newsCategory: Int?
    /// The area the user chose last: where lists and showtimes start (nil: never chosen).
    public var homeArea: Int?
    /// The person's own theatres, across areas (TheatreAreas IDs of single theatres; nil: never
    /// chosen).
    public var myTheatres: [Int]?
    /// The movies the person is not interested in (Finnkino event IDs), newest first: left out of
    /// their Movies lists, listed on their own page to be brought back (nil: never any).
    public var notInterested: [Int]?
    /// The language the user chose last, for the interface and the content (nil: never chosen; the
    /// browser's preference decides).
    public var language: UILanguage?

    public init() {}

    /// How many movies one person can hide: more than any programme has, few enough that a
    /// person's place stays small.
    public static let notInterestedLimit = 500

    /// Whether the person said they are not interested in the movie.
    public func isNotInterested(in movieID: Int) -> Bool {
        notInterested?.contains(movieID) ?? false
    }

    /// Leaves the movie out of the person's lists (first of the hidden ones; the oldest is
    /// forgotten beyond ``notInterestedLimit``).
    public mutating func hide(_ movieID: Int) {
        var hidden = (notInterested ?? []).filter { $0 != movieID }
        hidden.insert(movieID, at: 0)
        notInterested = Array(hidden.prefix(Self.notInterestedLimit))
    }

    /// Brings the movie back to the person's lists.
    public mutating func bringBack(_ movieID: Int) {
        notInterested = notInterested?.filter { $0 != movieID }
    }
}

/// Where a person's ``AppPlace`` is kept and changed (the web app keeps one per person and saves
/// it on change). The view models of the person's actions change it through this.
public protocol PlaceKeeping: Sendable {
    /// The place as it is now.
    var place: AppPlace { get }
    /// Applies `change` (and keeps the result when it differs).
    func update(_ change: (inout AppPlace) -> Void)
}
