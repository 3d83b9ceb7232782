import AppPatterns
import FinnkinoKit
import Foundation

/// The page of one show: the movie, where and when, what kind of show it is, until when tickets
/// can be bought and reserved, and the ticket link. The show is addressed by the area and day it
/// was listed in (``showSelected(id:area:date:)``): the API has no look-up by show ID.
public struct ShowViewModel: Sendable {
    public struct Outputs: Sendable {
        public var id: Int?
        public var area: Int?
        public var date: LocalDate?
        public var movieID: Int?
        public var title = ""
        /// Nil when the same as the title.
        public var originalTitle: String?
        public var posterURL: URL?
        /// `Tomorrow`, `Fri 27.11.`.
        public var day = ""
        /// `18:00–19:55`.
        public var time = ""
        /// What a shared link says: `Dyyni – Tennispalatsi, Helsinki, Fri 27.11. 18:00` (an absolute
        /// day: it is read on another day).
        public var shareText = ""
        /// `Tennispalatsi, Helsinki`.
        public var theatre = ""
        public var auditorium = ""
        /// The theatre's street address, where the app knows it.
        public var address: String?
        /// Directions to the theatre in a map service (Google Maps' documented URL form, which
        /// phones open in their maps app).
        public var directionsURL: URL?
        public var badges: [ShowBadge] = []
        /// Labelled facts: length and age limit.
        public var facts: [MovieViewModel.Fact] = []
        /// `Online sales end 17:45` (with the date when not on the show's day); nil when the feed
        /// gives no time.
        public var salesEnd: String?
        public var reservationEnd: String?
        /// The ticket page, http or https only.
        public var ticketURL: URL?
        /// The show as a calendar event (its title, exact start and end, the theatre's address).
        public var calendarEvent: CalendarDocument.Event?
        public var staleNotice: String?
        public var errorMessage: String?
        /// Whether the show is shown, not in the area's schedule of that day (``ScreenOutcome/notFound``),
        /// or cannot be read.
        public var outcome = ScreenOutcome.shown
    }

    public private(set) var outputs = Outputs()
    private let store: FeedStore
    private let language: UILanguage
    private let format: DisplayFormat
    private let now: @Sendable () -> Date

    public init(store: FeedStore, language: UILanguage, now: @escaping @Sendable () -> Date = Date.init) {
        self.store = store
        self.language = language
        format = DisplayFormat(strings: language.strings)
        self.now = now
    }

    // MARK: Inputs

    /// The person opened the show `id` listed in `area` on `date`.
    public mutating func showSelected(id: Int, area: Int, date: LocalDate) {
        outputs.id = id
        outputs.area = area
        outputs.date = date
    }

    /// Loads the selected show into `outputs`.
    public mutating func load() async {
        let strings = format.strings
        let words = language.shows
        outputs.errorMessage = nil
        outputs.outcome = .shown
        guard let id = outputs.id, let area = outputs.area, let date = outputs.date else {
            outputs.errorMessage = words.showNotFound
            outputs.outcome = .notFound
            return
        }
        do {
            let loaded = try await store.show(id: id, area: area, date: date)
            let show = loaded.value
            let instant = now()
            let today = HelsinkiTime.localDate(of: instant)
            outputs.movieID = show.eventID
            outputs.title = show.title
            let original = show.originalTitle.trimmingCharacters(in: .whitespaces)
            outputs.originalTitle = original.isEmpty || original == show.title ? nil : original
            outputs.posterURL = show.images.poster
            outputs.day = format.day(HelsinkiTime.localDate(of: show.start), today: today)
            outputs.time = format.timeRange(show.start, show.end)
            outputs.shareText =
                show.title + " – " + show.theatre + ", "
                + format.weekdayAndDate(HelsinkiTime.localDate(of: show.start)) + " "
                + HelsinkiTime.clockTime(of: show.start)
            outputs.theatre = show.theatre
            outputs.auditorium = show.auditorium
            let location = TheatreLocations.theatre(named: show.theatre)
            outputs.address = location?.address
            outputs.directionsURL = location.flatMap(Self.directions)
            outputs.badges = ShowBadge.badges(show.features, language: language)
            var facts: [MovieViewModel.Fact] = []
            if let minutes = show.lengthInMinutes, minutes > 0 {
                facts.append(MovieViewModel.Fact(label: strings.length, value: format.length(minutes)))
            }
            facts.append(MovieViewModel.Fact(label: strings.ageLabel, value: format.age(show.rating)))
            outputs.facts = facts
            // `17:45` on the show's own day (nearly always), `26.11. 23:00` on another.
            let showDay = HelsinkiTime.localDate(of: show.start)
            let moment = { (date: Date) -> String in
                let day = HelsinkiTime.localDate(of: date)
                let clock = HelsinkiTime.clockTime(of: date)
                return day == showDay ? clock : "\(day.day).\(day.month). \(clock)"
            }
            outputs.salesEnd = show.salesEnd.map { words.salesEnd(moment($0)) }
            outputs.reservationEnd = show.reservationEnd.map { words.reservationEnd(moment($0)) }
            outputs.ticketURL = show.showURL.flatMap(Self.web)
            outputs.calendarEvent = ShowCalendar.event(show, location: location, language: language)
            outputs.staleNotice = format.staleNotice(loaded, now: instant)
        } catch FeedStoreError.showNotFound {
            outputs.errorMessage = words.showNotFound
            outputs.outcome = .notFound
        } catch {
            outputs.errorMessage = strings.loadFailed
            outputs.outcome = .unavailable
        }
    }

    /// `url` when it is a web address (the bundled data's `bundled:` pages exist nowhere).
    public static func web(_ url: URL) -> URL? {
        let scheme = url.scheme?.lowercased()
        return scheme == "https" || scheme == "http" ? url : nil
    }

    private static func directions(to theatre: TheatreLocation) -> URL? {
        var components = URLComponents(string: "https://www.google.com/maps/dir/")
        components?.queryItems = [
            URLQueryItem(name: "api", value: "1"),
            URLQueryItem(name: "destination", value: "Finnkino " + theatre.name + ", " + theatre.address),
        ]
        return components?.url
    }
}
