import AppPatterns
import Foundation
import NIOConcurrencyHelpers
import Synchronization

/// The one entry point the presentation layer uses for Finnkino data (Facade).
///
/// It hides the endpoints, the transport (HTTP or the bundled dataset), XML decoding and caching.
/// Every answer is a `Loaded` value: fresh, or the last good data with its age when the source
/// fails.
public final class FeedStore: Sendable {
    public let language: ContentLanguage
    public let policy: CachePolicy
    let webService: WebService
    /// The clock its answers' ages are measured by (its web service's).
    public var feedClock: @Sendable () -> Date { webService.now }
    /// The international lists' sources, or why there are none.
    let charts: Result<ChartSources, FeedStoreError>
    /// The hosts whose images the feeds may name and the server fetches (see ``imageRequest(for:)``).
    public let imageHosts: Set<String>
    let feedRegistry = FeedRegistry()
    let imageTransports = ImageTransports()
    /// Bounded: an area number comes from the request, and one entry a number asked for must not
    /// grow without end. 2 lists x the 30-odd real areas and "all" fit.
    private let movieLists = MemoryCache<MovieListKey, MovieList>(countLimit: FeedStore.movieListsKept)
    static let movieListsKept = 80
    /// The events matched to the international lists' movies (``scores(for:)``), and those being
    /// matched now.
    let scoreMatches = MemoryCache<ScoreKey, KnownScores>(countLimit: 4_000)
    let scoresMatching = NIOLockedValueBox<[ScoreKey: Task<Void, Never>]>([:])
    let scoreMatchingSlots = ConcurrencyLimit(width: 4)
    /// The time by which what is known of scores ages (injected by tests).
    let now: @Sendable () -> Date
    /// Counts the changes of what is known of any event's scores (``scoresRevision``).
    let scoreChanges = Atomic<Int>(0)
    /// The scores of each list answer as last found, kept while no score changes or expires, so
    /// that a list request that changes nothing looks up none of its movies.
    let listScores = MemoryCache<ListScoresKey, ListScores>(countLimit: FeedStore.movieListsKept)
    /// How many sorted movie lists are kept (for tests).
    var movieListCount: Int { movieLists.count }

    private struct MovieListKey: Hashable, Sendable {
        var list: EventListType
        var area: Int?
    }

    /// One answer of the Events feed, sorted and indexed once and kept until the feed changes:
    /// every page view and keystroke after the first reads it as it is.
    private struct MovieList: Sendable {
        var fetchedAt: Date
        var count: Int
        var alphabetical: [Event]
        var index: TitleIndex<Event>
    }

    /// Where the live sources' images are: Finnkino's media and site, TMDB's images, OMDb's posters.
    public static let liveImageHosts: Set<String> = [
        "media.finnkino.fi", "www.finnkino.fi", "image.tmdb.org", "m.media-amazon.com",
    ]

    /// Finnkino's own default area for Schedule when none is given: the capital region.
    public static let defaultScheduleAreaID = 1014

    public init(
        webService: WebService, language: ContentLanguage = .fi, policy: CachePolicy = .standard,
        charts: Result<ChartSources, FeedStoreError> = .failure(
            .chartsUnavailable("this store has no international lists")),
        imageHosts: Set<String> = FeedStore.liveImageHosts, now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.now = now
        self.imageHosts = Set(imageHosts.map { $0.lowercased() })
        self.webService = webService
        self.charts = charts
        self.language = language
        self.policy = policy
    }

    // MARK: Areas

    /// The real areas and theatres, without the API's "choose area" placeholder.
    public func areas(_ freshness: Freshness = .cachePeriod) async throws -> Loaded<[TheatreArea]> {
        try await webService.load(
            TheatreAreasEndpoint(language: language), maxAge: freshness.maxAge(cachePeriod: policy.areas)
        )
        .map { $0.filter { !$0.isPlaceholder } }
    }

    /// The area a person means by `text`: an ID, a name, a theatre (see `AreaMatcher`).
    public func area(matching text: String) async throws -> TheatreArea {
        let areas = try await areas().value
        do {
            return try AreaMatcher(areas: areas).match(text)
        } catch {
            throw FeedStoreError.area(error)
        }
    }

    // MARK: Movies

    /// Movies now in theatres or coming soon, in an area (nil: all of Finland), in alphabetical
    /// order (Finnish: Å, Ä, Ö after Z), as a list with an A-Z index expects them.
    public func movies(
        _ list: EventListType = .nowInTheatres, area: Int? = nil, freshness: Freshness = .cachePeriod
    ) async throws -> Loaded<[Event]> {
        try await movieList(list, area: area, freshness: freshness).map(\.alphabetical)
    }

    /// One movie, from the nationwide lists (now in theatres first, then coming soon).
    public func movie(id: Int) async throws -> Event { try await loadedMovie(id: id).value }

    /// One movie as ``movie(id:)`` finds it, with the freshness of the list it is in.
    public func loadedMovie(id: Int) async throws -> Loaded<Event> {
        for list in EventListType.allCases {
            let loaded = try await movies(list)
            if let event = loaded.value.first(where: { $0.id == id }) { return loaded.map { _ in event } }
        }
        throw FeedStoreError.movieNotFound(id: id)
    }

    /// A movie's gallery (stills from the film): the Events feed asked for that event alone with
    /// `includeGallery=true`, cached as the lists are. Empty when the event has none.
    public func gallery(ofMovie id: Int, freshness: Freshness = .cachePeriod) async throws -> [GalleryImage] {
        let loaded = try await webService.load(
            EventsEndpoint(eventID: id, includeVideos: false, includeGallery: true, language: language),
            maxAge: freshness.maxAge(cachePeriod: policy.events))
        return loaded.value.first { $0.id == id }?.gallery.filter { $0.location != nil } ?? []
    }

    /// Title search with the scopes *Begins with* and *Contains* over the title and the original
    /// title, best matches first. The index is built once per list and kept until the list changes.
    public func searchMovies(
        _ text: String, scope: SearchScope, list: EventListType = .nowInTheatres, area: Int? = nil
    ) async throws -> Loaded<[Event]> {
        try await movieList(list, area: area, freshness: .cachePeriod).map {
            Array($0.index.search(text, scope: scope))
        }
    }

    /// The Events feed of `list` in `area`, sorted and indexed: built when its answer is new,
    /// otherwise the one built before.
    private func movieList(_ list: EventListType, area: Int?, freshness: Freshness) async throws -> Loaded<MovieList> {
        let loaded = try await webService.load(
            EventsEndpoint(listType: list, area: area, language: language),
            maxAge: freshness.maxAge(cachePeriod: policy.events))
        let key = MovieListKey(list: list, area: area)
        let built = movieLists.value(for: key).flatMap {
            $0.fetchedAt == loaded.fetchedAt && $0.count == loaded.value.count ? $0 : nil
        }
        if let built { return loaded.map { _ in built } }
        let index = TitleIndex(loaded.value) { ($0.title, $0.originalTitle) }
        let movieList = MovieList(
            fetchedAt: loaded.fetchedAt, count: loaded.value.count, alphabetical: Array(index.alphabetical),
            index: index)
        movieLists.set(movieList, for: key)
        return loaded.map { _ in movieList }
    }

    // MARK: Showtimes

    /// The shows in an area on a date (Helsinki business day), optionally of one movie, by start time.
    ///
    /// The whole area-day is asked for and cached, and filtered here: one answer serves every movie
    /// of that day.
    public func showtimes(
        area: Int, date: LocalDate, movieID: Int? = nil, freshness: Freshness = .cachePeriod
    ) async throws -> Loaded<[Show]> {
        let endpoint = ScheduleEndpoint(area: area, date: date, language: language)
        return try await webService.load(endpoint, maxAge: freshness.maxAge(cachePeriod: policy.schedule)).map {
            schedule in
            Self.inShowOrder(movieID.map { movie in schedule.shows.filter { $0.eventID == movie } } ?? schedule.shows)
        }
    }

    /// Whether `a` comes before `b` in a list of shows: by start, then theatre, then ID.
    static func showOrder(_ a: Show, _ b: Show) -> Bool {
        if a.start != b.start { return a.start < b.start }
        if a.theatre != b.theatre { return a.theatre < b.theatre }
        return a.id < b.id
    }

    /// `shows` in ``showOrder(_:_:)``: the same array, not a copy, when the feed listed them so.
    /// (A copy of a day's shows retains every string, URL and list of each; a schedule in order is
    /// checked in one pass.)
    static func inShowOrder(_ shows: [Show]) -> [Show] {
        var index = shows.startIndex
        while index + 1 < shows.endIndex, !showOrder(shows[index + 1], shows[index]) { index += 1 }
        // In order unless a later show came before an earlier one; equal neighbours (the same
        // start, theatre and ID) keep their order, as a stable sort would.
        return index + 1 >= shows.endIndex ? shows : shows.sorted(by: showOrder)
    }

    /// The shows of several areas on a date (a person's own theatres, across areas), each with the
    /// area it is listed in (which addresses its page), by start time: each area's schedule as
    /// ``showtimes(area:date:movieID:freshness:)`` has it, all asked for at once, a show two of them
    /// list given once. As fresh as the oldest of them.
    public func showtimes(areas: [Int], date: LocalDate, movieID: Int? = nil) async throws
        -> Loaded<[(area: Int, show: Show)]>
    {
        let answers = try await withThrowingTaskGroup(of: (Int, Loaded<[Show]>).self) { group in
            for area in Set(areas) {
                group.addTask { (area, try await self.showtimes(area: area, date: date, movieID: movieID)) }
            }
            var answers: [(area: Int, loaded: Loaded<[Show]>)] = []
            for try await answer in group { answers.append(answer) }
            return answers.sorted { $0.area < $1.area }
        }
        var seen = Set<Int>()
        let shows = answers.flatMap { answer in answer.loaded.value.map { (area: answer.area, show: $0) } }
            .filter { seen.insert($0.show.id).inserted }
            .sorted { Self.showOrder($0.show, $1.show) }
        let oldest = answers.min { $0.loaded.fetchedAt < $1.loaded.fetchedAt }?.loaded
        let stale = answers.first { $0.loaded.isStale }?.loaded
        return Loaded(
            value: shows, fetchedAt: oldest?.fetchedAt ?? Date(), isStale: stale != nil, staleReason: stale?.staleReason
        )
    }

    /// One movie's shows in an area over `days` days from `date`, by start: one Schedule request
    /// (`eventID` and `nrOfDays`), cached as the day schedules are.
    public func shows(
        ofMovie movieID: Int, area: Int, from date: LocalDate, days: Int, freshness: Freshness = .cachePeriod
    ) async throws -> Loaded<[Show]> {
        let endpoint = ScheduleEndpoint(
            area: area, date: date, eventID: movieID, numberOfDays: min(max(days, 1), 31), language: language)
        return try await webService.load(endpoint, maxAge: freshness.maxAge(cachePeriod: policy.schedule)).map {
            Self.inShowOrder($0.shows.filter { $0.eventID == movieID })
        }
    }

    /// Every show in an area over `days` days from `date`, by start: one Schedule request
    /// (`nrOfDays`), what the check of wanted movies reads once per area.
    public func shows(
        area: Int, from date: LocalDate, days: Int, freshness: Freshness = .cachePeriod
    ) async throws -> Loaded<[Show]> {
        let endpoint = ScheduleEndpoint(
            area: area, date: date, numberOfDays: min(max(days, 1), 31), language: language)
        return try await webService.load(endpoint, maxAge: freshness.maxAge(cachePeriod: policy.schedule)).map {
            Self.inShowOrder($0.shows)
        }
    }

    /// The area's programme: every show from `date` as far as the feed publishes (the schedule of
    /// ``WantedMovieCheck/daysAhead`` days, the request the check of wanted movies makes, so both
    /// share one cached answer), in the feed's order: for a reader that groups the shows itself
    /// and has no use for a sorted copy.
    public func programme(area: Int, from date: LocalDate, freshness: Freshness = .cachePeriod) async throws
        -> Loaded<[Show]>
    {
        let endpoint = ScheduleEndpoint(
            area: area, date: date, numberOfDays: WantedMovieCheck.daysAhead, language: language)
        return try await webService.load(endpoint, maxAge: freshness.maxAge(cachePeriod: policy.schedule)).map {
            $0.shows
        }
    }

    /// One show, found in its area's schedule of its day (the API has no look-up by show ID: a
    /// show is addressed by the area and day it was listed in, as its page's address says).
    public func show(id: Int, area: Int, date: LocalDate) async throws -> Loaded<Show> {
        let shows = try await showtimes(area: area, date: date)
        guard let show = shows.value.first(where: { $0.id == id }) else {
            throw FeedStoreError.showNotFound(id: id, area: area, date: date)
        }
        return shows.map { _ in show }
    }

    /// The days that have shows in an area.
    public func scheduleDates(area: Int, freshness: Freshness = .cachePeriod) async throws -> Loaded<[LocalDate]> {
        try await webService.load(
            ScheduleDatesEndpoint(area: area, language: language),
            maxAge: freshness.maxAge(cachePeriod: policy.scheduleDates)
        )
        .map { $0.sorted() }
    }

    // MARK: News

    /// News articles, newest first, optionally of one category.
    public func news(
        categoryID: Int? = nil, area: Int? = nil, freshness: Freshness = .cachePeriod
    ) async throws -> Loaded<[NewsArticle]> {
        try await webService.load(
            NewsEndpoint(area: area, categoryID: categoryID, language: language),
            maxAge: freshness.maxAge(cachePeriod: policy.news)
        )
        .map { articles in
            articles.sorted { ($0.publishDate ?? .distantPast) > ($1.publishDate ?? .distantPast) }
        }
    }

    public func newsCategories(_ freshness: Freshness = .cachePeriod) async throws -> Loaded<[NewsCategory]> {
        try await webService.load(
            NewsCategoriesEndpoint(language: language), maxAge: freshness.maxAge(cachePeriod: policy.newsCategories))
    }
}

extension LocalDate {
    fileprivate static let distantPast = LocalDate(year: 1, month: 1, day: 1)
}
