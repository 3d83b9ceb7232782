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
        public var movieID: Int
        public var title: String
        /// `10:30–12:03`.
        public var time: String
        public var auditorium: String
        /// What the show is, in words: `Descriptive subtitles for the hard of hearing`, `2D`,
        /// `Spoken: Finnish`, `Subtitles: Swedish`.
        public var badges: [ShowBadge]
        public var ticketURL: URL?
    }

    public struct Theatre: Sendable, Hashable {
        public var name: String
        public var shows: [ShowRow]
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
        public var errorMessage: String?
        /// With a location: the area whose theatre is nearest, with its distance.
        public var nearestArea: AreaOption?
        /// `Nearest: Helsinki, 2.1 km`, with a location.
        public var nearestAreaText: String?
    }

    /// Helsinki.
    public static let defaultArea = 1002

    public private(set) var outputs: Outputs
    private let store: FeedStore
    private let format: DisplayFormat
    private let language: UILanguage
    private let now: @Sendable () -> Date
    private var location: Coordinate?

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

    /// Loads the shows the inputs ask for into `outputs`. Today's shows that have started are left out.
    public mutating func load() async {
        let strings = format.strings
        let instant = now()
        let today = HelsinkiTime.localDate(of: instant)
        outputs.errorMessage = nil
        outputs.staleNotice = nil
        (outputs.areas, outputs.nearestArea) = AreaOption.options(
            (try? await store.areas().value) ?? [], selected: outputs.selectedArea, allLabel: nil, near: location,
            format: format)
        outputs.nearestAreaText = outputs.nearestArea.map(format.nearest)
        var days = (try? await store.scheduleDates(area: outputs.selectedArea).value) ?? []
        if !days.contains(outputs.date) { days = (days + [outputs.date]).sorted() }
        let selected = outputs.date
        outputs.dates = days.map {
            DateOption(date: $0, label: format.day($0, today: today), isSelected: $0 == selected)
        }
        do {
            let loaded = try await store.showtimes(area: outputs.selectedArea, date: selected, movieID: outputs.movieID)
            let shows = selected == today ? loaded.value.filter { $0.start >= instant } : loaded.value
            var theatres: [Theatre] = []
            var positions: [String: Int] = [:]
            for show in shows {
                let row = ShowRow(
                    id: show.id, movieID: show.eventID, title: show.title,
                    time: format.timeRange(show.start, show.end), auditorium: show.auditorium,
                    badges: ShowBadge.badges(show.features, language: language), ticketURL: show.showURL)
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
            outputs.emptyMessage = shows.isEmpty ? strings.noShows : nil
            if let movieID = outputs.movieID {
                if let title = loaded.value.first?.title {
                    outputs.movieTitle = title
                } else {
                    outputs.movieTitle = try? await store.movie(id: movieID).title
                }
            }
        } catch {
            outputs.theatres = []
            outputs.showCount = 0
            outputs.emptyMessage = nil
            outputs.errorMessage = strings.loadFailed
        }
    }
}
