import AppPatterns
import FinnkinoKit
import Foundation

/// A movie's shows of the next days on its page, to decide on: by day, then by theatre, the
/// nearest theatre first when the person's location is known, each show linking to its page.
public struct MovieShowsViewModel: Sendable {
    /// A show as a link: its time and what makes it special.
    public struct ShowLink: Sendable, Hashable {
        public var id: Int
        /// The area and day it is listed in, which address its page.
        public var area: Int
        public var date: LocalDate
        /// `18:30`.
        public var time: String
        /// Only the special ones (descriptive subtitles, K18, …) and the picture when 3D: the page
        /// has room for the time and what sets a show apart.
        public var badges: [ShowBadge]
    }

    public struct Theatre: Sendable, Hashable {
        public var name: String
        /// `2,1 km`, with a location.
        public var distance: String?
        public var shows: [ShowLink]
    }

    public struct Day: Sendable, Hashable {
        public var date: LocalDate
        /// `Today`, `Tomorrow`, `Sat 28.11.`.
        public var label: String
        public var theatres: [Theatre]
    }

    public struct Outputs: Sendable {
        public var days: [Day] = []
        public var emptyMessage: String?
        public var errorMessage: String?
        /// The movie's run in the area (``ScreenRuns``) for one who does not follow it, and for one
        /// who does (wanted or bookmarked: *back on screen* is told only to them). The outputs are
        /// kept for every person, so both are made; ``runs(followed:)`` picks.
        public var runs: [RunBadge] = []
        public var followedRuns: [RunBadge] = []

        /// The run badges for a person who follows the movie or not.
        public func runs(followed: Bool) -> [RunBadge] { followed ? followedRuns : runs }
    }

    /// How many days ahead the page lists.
    public static let dayCount = 7

    public private(set) var outputs = Outputs()
    private let store: FeedStore
    private let language: UILanguage
    private let format: DisplayFormat
    private let now: @Sendable () -> Date
    private var movieID: Int?
    private var area = ShowtimesViewModel.defaultArea
    private var location: Coordinate?

    public init(store: FeedStore, language: UILanguage, now: @escaping @Sendable () -> Date = Date.init) {
        self.store = store
        self.language = language
        format = DisplayFormat(strings: language.strings)
        self.now = now
    }

    // MARK: Inputs

    public mutating func movieSelected(_ id: Int) { movieID = id }
    /// The area whose theatres are listed: the person's.
    public mutating func areaSelected(_ area: Int) { self.area = area }
    /// Where the person is: theatres are then listed nearest first, with their distances.
    public mutating func locationChanged(_ location: Coordinate?) { self.location = location }

    /// Loads the next ``dayCount`` days' shows into `outputs`; today's shows that have started are
    /// left out.
    public mutating func load() async {
        guard let movieID else { return }
        let instant = now()
        let today = HelsinkiTime.localDate(of: instant)
        outputs.errorMessage = nil
        do {
            let shows = try await store.shows(ofMovie: movieID, area: area, from: today, days: Self.dayCount).value
                .filter { $0.start >= instant }
            var days: [Day] = []
            for show in shows {
                let date = show.accountingDate ?? HelsinkiTime.localDate(of: show.start)
                let features = show.features
                let link = ShowLink(
                    id: show.id, area: area, date: date, time: HelsinkiTime.clockTime(of: show.start),
                    badges: ShowBadge.badges(features, language: language).filter {
                        $0.kind.isSpecial || ($0.kind == .picture && features.picture == .threeD)
                    })
                if days.last?.date != date {
                    days.append(Day(date: date, label: format.day(date, today: today), theatres: []))
                }
                let last = days.count - 1
                if let index = days[last].theatres.firstIndex(where: { $0.name == show.theatre }) {
                    days[last].theatres[index].shows.append(link)
                } else {
                    days[last].theatres.append(Theatre(name: show.theatre, distance: nil, shows: [link]))
                }
            }
            if let location {
                for index in days.indices { days[index].theatres = nearestFirst(days[index].theatres, from: location) }
            }
            outputs.days = days
            outputs.emptyMessage = days.isEmpty ? language.shows.noUpcomingShows : nil
            let runs = await ScreenRuns.load(area: area, store: store, now: instant)
            outputs.runs = runs.badges(of: movieID, followed: false, now: instant, format: format)
            outputs.followedRuns = runs.badges(of: movieID, followed: true, now: instant, format: format)
        } catch {
            outputs.days = []
            outputs.emptyMessage = nil
            outputs.errorMessage = language.strings.loadFailed
        }
    }

    /// `theatres` by their distance from `location`, with it; those the app cannot place last, in
    /// their order.
    private func nearestFirst(_ theatres: [Theatre], from location: Coordinate) -> [Theatre] {
        let measured = theatres.enumerated().map { offset, theatre in
            (
                offset, TheatreLocations.theatre(named: theatre.name).map { location.distance(to: $0.coordinate) },
                theatre
            )
        }
        return measured.sorted { lhs, rhs in
            switch (lhs.1, rhs.1) {
            case (let left?, let right?): left != right ? left < right : lhs.0 < rhs.0
            case (.some, .none): true
            case (.none, .some): false
            case (.none, .none): lhs.0 < rhs.0
            }
        }.map { _, kilometres, theatre in
            var theatre = theatre
            theatre.distance = kilometres.map(format.distance)
            return theatre
        }
    }
}
