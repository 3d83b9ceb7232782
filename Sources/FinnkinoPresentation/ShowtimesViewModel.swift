import AppPatterns
import FinnkinoKit
import Foundation

/// The Showtimes screen: the shows of a day in an area, optionally of one movie, grouped by theatre.
public struct ShowtimesViewModel: Sendable {
    /// A day the area has shows, as a date picker shows it.
    public struct DateOption: Sendable, Hashable {
        public var date: LocalDate
        /// `Today`, `Tomorrow`, `Wed 4.3.`.
        public var label: String
        public var isSelected: Bool
    }

    /// One show, every value ready to show.
    public struct ShowRow: Sendable, Hashable {
        public var id: Int
        /// The area the show is listed in, which addresses its page.
        public var area: Int
        public var movieID: Int
        public var title: String
        /// `10:30–12:03`.
        public var time: String
        public var auditorium: String
        /// What the show is, in words: `Descriptive subtitles for the hard of hearing`, `2D`,
        /// `Spoken: Finnish`, `Subtitles: Swedish`.
        public var badges: [ShowBadge]
        /// The show's run badges: the final show of a last chance, any show of a rare movie, the
        /// first show back on screen (``ScreenRuns``).
        public var runs: [RunBadge] = []
        public var ticketURL: URL?
    }

    public struct Theatre: Sendable, Hashable {
        public var name: String
        public var shows: [ShowRow]
    }

    /// A language a filter can choose: its code and its name in the interface's language.
    public struct LanguageOption: Sendable, Hashable {
        /// ISO 639-1, lower case.
        public var code: String
        public var name: String
        public var isSelected: Bool
    }

    /// A theatre the person can count as their own.
    public struct TheatreOption: Sendable, Hashable {
        /// The TheatreAreas ID that selects the theatre alone.
        public var areaID: Int
        /// `Omena, Espoo`.
        public var name: String
        public var isMine: Bool
    }

    public struct Outputs: Sendable {
        public var movieID: Int?
        /// The movie's title when one movie is shown.
        public var movieTitle: String?
        public var areas: [AreaOption] = []
        public var selectedArea = ShowtimesViewModel.defaultArea
        public var date: LocalDate
        public var dates: [DateOption] = []
        public var theatres: [Theatre] = []
        public var showCount = 0
        public var emptyMessage: String?
        public var staleNotice: String?
        /// The area's theatres that Finnkino's feed no longer lists, when there are any.
        public var missingTheatres: MissingTheatres?
        public var errorMessage: String?
        /// What the showtimes could show: ``ScreenOutcome/unavailable`` with ``errorMessage``.
        public var outcome = ScreenOutcome.shown
        /// With a location: the area whose theatre is nearest, with its distance.
        public var nearestArea: AreaOption?
        /// `Nearest: Helsinki, 2.1 km`, with a location.
        public var nearestAreaText: String?
        /// The filter the shows are shown through.
        public var filter = ShowFilter()
        /// The spoken and subtitle languages of the day's shows, by name.
        public var spokenOptions: [LanguageOption] = []
        public var subtitleOptions: [LanguageOption] = []
        /// Every theatre, by city and name, those of the person's own marked.
        public var theatreOptions: [TheatreOption] = []
        /// Only the shows of this run (``ScreenRuns``).
        public var run: ScreenRuns.Kind?
        /// How many of the day's shows the filter leaves out.
        public var hiddenCount = 0
    }

    /// Helsinki.
    public static let defaultArea = AreaChoice.helsinki

    public private(set) var outputs: Outputs
    private let store: FeedStore
    private let format: DisplayFormat
    private let language: UILanguage
    private let now: @Sendable () -> Date
    private var location: Coordinate?
    private var myTheatres: [Int] = []
    private var followed: @Sendable () -> Set<Int> = { [] }

    public init(store: FeedStore, language: UILanguage, now: @escaping @Sendable () -> Date = Date.init) {
        self.store = store
        self.language = language
        format = DisplayFormat(strings: language.strings)
        self.now = now
        outputs = Outputs(date: HelsinkiTime.localDate(of: now()))
    }

    // MARK: Inputs

    /// The user chose one movie's showtimes (nil: every movie).
    public mutating func movieSelected(_ id: Int?) { outputs.movieID = id }
    public mutating func areaSelected(_ id: Int) { outputs.selectedArea = id }
    public mutating func dateSelected(_ date: LocalDate) { outputs.date = date }
    /// The user's location became known, changed, or was forgotten (nil): with one, the areas are
    /// listed nearest first with their distances.
    public mutating func locationChanged(_ location: Coordinate?) { self.location = location }
    /// The person chose which shows they want.
    public mutating func filterChanged(_ filter: ShowFilter) { outputs.filter = filter }
    /// The person chose a run (nil: every show).
    public mutating func runSelected(_ run: ScreenRuns.Kind?) { outputs.run = run }
    /// How to read the movies the person follows (only theirs are told *back on screen*); read only
    /// when the programme has a movie coming back.
    public mutating func followedMoviesRead(_ read: @escaping @Sendable () -> Set<Int>) { followed = read }
    /// The person's own theatres (TheatreAreas IDs of single theatres), across areas.
    public mutating func myTheatresChanged(_ theatres: [Int]) { myTheatres = theatres }

    /// The spoken and subtitle languages of `shows`, by name, the filter's own kept even when the
    /// day has none of it (so that the person can see and undo their choice).
    private func languageOptions(_ day: [ShowFeatures], filter: ShowFilter) -> ([LanguageOption], [LanguageOption]) {
        var spoken = Set<String>()
        var subtitles = Set<String>()
        for features in day {
            switch features.soundtrack {
            case .original(let code?), .dubbed(let code): spoken.insert(code)
            case .original(nil), .severalLanguages: break
            }
            subtitles.formUnion(features.subtitles)
        }
        if let code = filter.spoken { spoken.insert(code) }
        if let code = filter.subtitles { subtitles.insert(code) }
        func options(_ codes: Set<String>, selected: String?) -> [LanguageOption] {
            codes.map { LanguageOption(code: $0, name: language.name(ofLanguage: $0), isSelected: $0 == selected) }
                .sorted { ($0.name, $0.code) < ($1.name, $1.code) }
        }
        return (options(spoken, selected: filter.spoken), options(subtitles, selected: filter.subtitles))
    }

    /// Loads the shows the inputs ask for into `outputs`. Today's shows that have started are left out.
    public mutating func load() async {
        let strings = format.strings
        let instant = now()
        let today = HelsinkiTime.localDate(of: instant)
        outputs.errorMessage = nil
        outputs.outcome = .shown
        outputs.staleNotice = nil
        let areas = (try? await store.areas().value) ?? []
        (outputs.areas, outputs.nearestArea) = AreaOption.options(
            areas, selected: outputs.selectedArea, allLabel: nil, near: location, format: format)
        outputs.missingTheatres = MissingTheatres.notice(area: outputs.selectedArea, areas: areas, strings: strings)
        outputs.nearestAreaText = outputs.nearestArea.map(format.nearest)
        var days = (try? await store.scheduleDates(area: outputs.selectedArea).value) ?? []
        if !days.contains(outputs.date) { days = (days + [outputs.date]).sorted() }
        let selected = outputs.date
        outputs.dates = days.map {
            DateOption(date: $0, label: format.day($0, today: today), isSelected: $0 == selected)
        }
        let mine = Set(myTheatres)
        outputs.theatreOptions = TheatreLocations.all
            .sorted { ($0.city, $0.name) < ($1.city, $1.name) }
            .map { TheatreOption(areaID: $0.areaID, name: $0.name + ", " + $0.city, isMine: mine.contains($0.areaID)) }
        do {
            // With "only my theatres", their schedules instead of the area's (none chosen: the area's).
            let onlyMine = outputs.filter.onlyMyTheatres && !myTheatres.isEmpty
            let area = outputs.selectedArea
            let loaded =
                onlyMine
                ? try await store.showtimes(areas: myTheatres, date: selected, movieID: outputs.movieID)
                : try await store.showtimes(area: area, date: selected, movieID: outputs.movieID).map { shows in
                    shows.map { (area: area, show: $0) }
                }
            // Each show's features read once: for the filter, the language choices and the badges.
            let day = (selected == today ? loaded.value.filter { $0.show.start >= instant } : loaded.value)
                .map { (area: $0.area, show: $0.show, features: $0.show.features) }
            let filter = outputs.filter
            // The runs are the selected area's (its programme), also across the person's theatres.
            let runs = await ScreenRuns.load(area: area, store: store, now: instant)
            let followed = runs.hasReturns ? followed() : []
            let run = outputs.run
            let listed = day.filter { show in
                (filter.isEmpty || filter.matches(show.show, features: show.features))
                    && (run.map {
                        runs.show(show.show, is: $0, followed: followed.contains(show.show.eventID), now: instant)
                    } ?? true)
            }
            let shows = listed.map(\.show)
            outputs.hiddenCount = day.count - listed.count
            (outputs.spokenOptions, outputs.subtitleOptions) = languageOptions(day.map(\.features), filter: filter)
            var theatres: [Theatre] = []
            var positions: [String: Int] = [:]
            for (area, show, features) in listed {
                let row = ShowRow(
                    id: show.id, area: area, movieID: show.eventID, title: show.title,
                    time: format.timeRange(show.start, show.end), auditorium: show.auditorium,
                    badges: ShowBadge.badges(features, language: language),
                    runs: runs.badges(
                        of: show, followed: followed.contains(show.eventID), now: instant, format: format),
                    ticketURL: show.showURL)
                if let position = positions[show.theatre] {
                    theatres[position].shows.append(row)
                } else {
                    positions[show.theatre] = theatres.count
                    theatres.append(Theatre(name: show.theatre, shows: [row]))
                }
            }
            outputs.theatres = theatres
            outputs.showCount = shows.count
            outputs.staleNotice = format.staleNotice(loaded, now: instant)
            outputs.emptyMessage =
                !shows.isEmpty ? nil : outputs.hiddenCount > 0 ? language.shows.noShowsMatch : strings.noShows
            if let movieID = outputs.movieID {
                if let title = loaded.value.first?.show.title {
                    outputs.movieTitle = title
                } else {
                    outputs.movieTitle = try? await store.movie(id: movieID).title
                }
            }
        } catch {
            outputs.theatres = []
            outputs.showCount = 0
            outputs.hiddenCount = 0
            outputs.emptyMessage = nil
            outputs.errorMessage = strings.loadFailed
            outputs.outcome = .unavailable
        }
    }
}

extension ShowtimesViewModel: ObservingScreen {
    /// The day's shows of the area and its days, or, when the person wants only their own
    /// theatres (and has some), each of those theatres' day.
    public var observedFeeds: [ObservedFeed] {
        if outputs.filter.onlyMyTheatres && !myTheatres.isEmpty {
            return Set(myTheatres).sorted().map { ObservedFeed(store.showtimesFeed(area: $0, date: outputs.date)) }
        }
        return [
            ObservedFeed(store.showtimesFeed(area: outputs.selectedArea, date: outputs.date)),
            ObservedFeed(store.scheduleDatesFeed(area: outputs.selectedArea)),
        ]
    }
}
