import AppPatterns
import FinnkinoKit
import Foundation

/// A person's private feeds of their wanted movies, for those who do not take notifications: the
/// calendar of the movies' shows in their areas, and the Atom feed of what they were told.
public enum WantedFeeds {
    /// The most shows the calendar lists: a calendar app fetches it whole, again and again.
    public static let calendarLimit = 500

    /// The calendar of `shows` of the wanted movies (only theirs, each show once, by start, at
    /// most ``calendarLimit``), named in the person's language.
    public static func calendar(wanted: [WantedMovie], shows: [Show], language: UILanguage) -> CalendarDocument {
        let movies = Set(wanted.map(\.movieID))
        var seen = Set<Int>()
        let events = shows.filter { movies.contains($0.eventID) && seen.insert($0.id).inserted }
            .sorted { ($0.start, $0.id) < ($1.start, $1.id) }
            .prefix(calendarLimit)
            .map { ShowCalendar.event($0, location: TheatreLocations.theatre(named: $0.theatre), language: language) }
        return CalendarDocument(
            productID: ShowCalendar.productID, name: "Finnkino: " + language.alerts.heading, events: Array(events))
    }

    /// The Atom feed of the announcements made to the person and of their last weekly digest
    /// (`digest`, when it goes to the feed), newest first; `base` is the app's address (links are
    /// absolute); `feedID`, an ID of the feed that names no person (it changes with the feed's
    /// address), begins the IDs of the feed and its entries.
    public static func atom(
        wanted: [WantedMovie], digest: WeeklyDigest.Sent? = nil, feedID: String, language: UILanguage, base: URL,
        feedURL: URL, created: Date
    ) -> AtomFeed {
        let words = language.alerts
        let announced = wanted.compactMap { movie in movie.announcement.map { (movie, $0) } }
            .sorted { ($0.0.announcedAt ?? .distantPast) > ($1.0.announcedAt ?? .distantPast) }
        var entries = announced.map { movie, announcement in
            let at = movie.announcedAt ?? created
            return AtomFeed.Entry(
                id: "tag:finnkino.unofficial,2026:wanted/\(feedID)/\(movie.movieID)/"
                    + String(Int(at.timeIntervalSince1970)),
                title: words.onNow(movie.title), updated: at, content: words.announcement(announcement),
                link: URL(string: "/movie/\(movie.movieID)", relativeTo: base)?.absoluteURL)
        }
        if let digest {
            // A week's digest is one entry (its slot names it): a reader shows each week's once.
            let entry = AtomFeed.Entry(
                id: "tag:finnkino.unofficial,2026:digest/\(feedID)/" + String(Int(digest.slot.timeIntervalSince1970)),
                title: digest.title, updated: digest.slot, content: digest.text,
                link: URL(string: "/bookmarks", relativeTo: base)?.absoluteURL)
            entries.insert(entry, at: entries.firstIndex { $0.updated < digest.slot } ?? entries.endIndex)
        }
        return AtomFeed(
            id: "tag:finnkino.unofficial,2026:wanted/\(feedID)", title: "Finnkino: " + words.heading,
            selfLink: feedURL, alternateLink: URL(string: "/bookmarks", relativeTo: base)?.absoluteURL,
            updated: entries.first?.updated ?? created, entries: entries)
    }
}
