import FinnkinoKit
import Foundation

/// The words of "Tell me when it's on": the movie page's button, the list of wanted movies, and
/// the announcement itself (a push, a feed entry) in each interface language.
public struct AlertStrings: Sendable {
    /// The button on a movie not yet on in the person's areas.
    public var tellMe: String
    /// Under the button while the person waits.
    public var waiting: String
    /// The flash after asking: `%@` is the movie's title.
    public var wanted: Template
    /// The flash after no longer asking.
    public var unwanted: Template
    /// The flash when the person already waits for the most movies one can.
    public var full: String
    /// The Bookmarks page's list of wanted movies.
    public var heading: String
    public var nothingWanted: String
    /// A wanted movie not yet announced, in that list.
    public var notYet: String
    /// The announcement's title: `%@` is the movie's title.
    public var onNow: Template
    /// The title of one notification of several movies: `%@` is how many.
    public var severalOn: Template
    /// Above the private feeds' links: what they are, and that they are the person's own.
    public var feedsNote: String
    public var subscribeCalendar: String
    public var atomFeed: String
    public var renewFeeds: String
    /// The flash after a renewal.
    public var feedsRenewed: String
    /// The toggle that has this device take the announcements as notifications.
    public var pushOn: String
    private let language: UILanguage

    /// The announcement: which movie, where and from when (Helsinki time), and when ticket sales
    /// open if that is still ahead.
    public func announcement(_ announcement: Announcement) -> String {
        let strings = language.strings
        let format = DisplayFormat(strings: strings)
        let when = { (date: Date) in
            format.weekdayAndDate(HelsinkiTime.localDate(of: date)) + " " + HelsinkiTime.clockTime(of: date)
        }
        let first = when(announcement.firstShow)
        let sales = announcement.salesStart.map(when)
        switch language {
        case .fi:
            return "\(announcement.title) tulee ohjelmistoon: \(announcement.theatre) \(first) alkaen"
                + (sales.map { ". Liput myyntiin \($0)." } ?? ". Liput ovat myynnissä.")
        case .sv:
            return "\(announcement.title) kommer på bio: \(announcement.theatre) från \(first)"
                + (sales.map { ". Biljetterna säljs från \($0)." } ?? ". Biljetterna säljs nu.")
        case .en:
            return "\(announcement.title) is on: \(announcement.theatre) from \(first)"
                + (sales.map { ". Tickets on sale from \($0)." } ?? ". Tickets are on sale.")
        }
    }

    public static let finnish = AlertStrings(
        tellMe: "Kerro, kun tulee ohjelmistoon",
        waiting: "Kerromme, kun elokuvalla on näytöksiä kotialueellasi tai omissa teattereissasi.",
        wanted: "Kerromme, kun %@ tulee ohjelmistoon.", unwanted: "Et enää odota elokuvaa %@.",
        full: "Odotat jo \(WantedMovieLimits.perPerson) elokuvaa: poista jokin ensin.",
        heading: "Odottamasi elokuvat", nothingWanted: "Et odota yhtään elokuvaa.",
        notYet: "Ei vielä näytöksiä", onNow: "%@ tulee ohjelmistoon",
        severalOn: "%@ odottamaasi elokuvaa tulee ohjelmistoon",
        feedsNote:
            "Ilman ilmoituksia: tilaa odottamiesi elokuvien näytökset alueellasi kalenteriisi tai seuraa syötettä. "
            + "Osoitteet ovat sinun omiasi: älä jaa niitä.",
        subscribeCalendar: "Tilaa kalenteriin", atomFeed: "Atom-syöte", renewFeeds: "Vaihda osoitteet",
        feedsRenewed: "Syötteillä on uudet osoitteet; vanhat eivät enää toimi.",
        pushOn: "Ilmoitukset tälle laitteelle", language: .fi)

    public static let swedish = AlertStrings(
        tellMe: "Meddela när den kommer",
        waiting: "Vi meddelar när filmen har föreställningar i ditt område eller på dina biografer.",
        wanted: "Vi meddelar när %@ kommer på bio.", unwanted: "Du väntar inte längre på %@.",
        full: "Du väntar redan på \(WantedMovieLimits.perPerson) filmer: ta bort någon först.",
        heading: "Filmer du väntar på", nothingWanted: "Du väntar inte på några filmer.",
        notYet: "Inga föreställningar ännu", onNow: "%@ kommer på bio",
        severalOn: "%@ filmer du väntar på kommer på bio",
        feedsNote:
            "Utan aviseringar: prenumerera på visningarna av filmerna du väntar på i din kalender eller följ flödet. "
            + "Adresserna är dina egna: dela dem inte.",
        subscribeCalendar: "Prenumerera i kalendern", atomFeed: "Atom-flöde", renewFeeds: "Byt adresser",
        feedsRenewed: "Flödena har nya adresser; de gamla fungerar inte längre.",
        pushOn: "Aviseringar på den här enheten", language: .sv)

    public static let english = AlertStrings(
        tellMe: "Tell me when it's on",
        waiting: "We'll tell you when it has shows in your home area or your theatres.",
        wanted: "We'll tell you when %@ is on.", unwanted: "You no longer wait for %@.",
        full: "You already wait for \(WantedMovieLimits.perPerson) movies: remove one first.",
        heading: "Movies you wait for", nothingWanted: "You wait for no movies.",
        notYet: "No shows yet", onNow: "%@ is on",
        severalOn: "%@ movies you wait for are on",
        feedsNote:
            "Without notifications: subscribe to the shows of the movies you wait for in your calendar, or follow "
            + "the feed. The addresses are yours alone: do not share them.",
        subscribeCalendar: "Subscribe in your calendar", atomFeed: "Atom feed", renewFeeds: "New addresses",
        feedsRenewed: "Your feeds have new addresses; the old ones no longer work.",
        pushOn: "Notifications on this device", language: .en)
}
