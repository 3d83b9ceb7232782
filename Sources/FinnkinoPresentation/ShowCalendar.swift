import AppPatterns
import FinnkinoKit
import Foundation

/// A show as an event of a person's calendar: the movie's title, the exact start and end, the
/// theatre with its auditorium and street address, what kind of show it is, the ticket link.
public enum ShowCalendar {
    /// `PRODID` of the documents the app writes.
    public static let productID = "-//Finnkino unofficial//Finnkino app//EN"

    /// The event of `show`, whose theatre is `location` where the app knows it. Its UID depends on
    /// the show alone, so adding the same show again updates it instead of doubling it.
    public static func event(_ show: Show, location: TheatreLocation?, language: UILanguage)
        -> CalendarDocument.Event
    {
        // A show without an end (old data) lasts its length, when that is a film's (a feed may say
        // anything), and the usual ten minutes of ads.
        let length = show.lengthInMinutes.flatMap { (1...600).contains($0) ? $0 : nil } ?? 110
        let end = show.end ?? show.start.addingTimeInterval(TimeInterval((length + 10) * 60))
        var place = [show.theatre, show.auditorium].filter { !$0.isEmpty }.joined(separator: ", ")
        if let address = location?.address { place += " (" + address + ")" }
        let ticket = ShowViewModel.web
        var description = ShowBadge.badges(show.features, language: language).map(\.text)
        if let url = show.showURL.flatMap(ticket) {
            description.append(language.strings.tickets + ": " + url.absoluteString)
        }
        return CalendarDocument.Event(
            uid: "show-\(show.id)@finnkino.fi.unofficial", start: show.start, end: end, summary: show.title,
            location: place, geo: location.map { ($0.coordinate.latitude, $0.coordinate.longitude) },
            description: description.joined(separator: "\n"), url: show.showURL.flatMap(ticket))
    }

    /// A calendar file of one show.
    public static func document(_ event: CalendarDocument.Event) -> CalendarDocument {
        CalendarDocument(productID: productID, events: [event])
    }
}
