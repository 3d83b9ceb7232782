/// The words of the weekly digest, "your list this week": its settings on the Bookmarks page, and
/// the digest itself (a push, a feed entry), in one language.
public struct DigestStrings: Sendable {
    public var heading: String
    /// What the digest is, above its settings.
    public var note: String
    public var turnOn: String
    public var day: String
    public var hour: String
    public var byPush: String
    public var inFeed: String
    public var save: String
    /// The flash after saving: `%@` is when the next one comes (`pe 4.12. 18:00`).
    public var saved: Template
    public var off: String
    /// The flash when neither way was chosen.
    public var nowhere: String
    /// The digest's title: `%@` is how many movies, or ``nothingOn``.
    public var title: Template
    /// `%@` movies (more than one).
    public var movieCount: Template
    public var oneMovie: String
    public var nothingOn: String
    /// `%@` shows (more than one).
    public var showCount: Template
    public var oneShow: String
    /// `%@` is the first show's day, time and theatre.
    public var first: Template
    /// The line that says the digest still works, first in every digest: `%@` is when the next comes.
    public var heartbeat: Template
    /// In a digest of a week in which nothing of the list plays.
    public var nothingThisWeek: String

    public static let finnish = DigestStrings(
        heading: "Viikkokooste",
        note:
            "Kerran viikossa listasi elokuvat ja niiden näytökset alueillasi: odottamasi ja suosikkeihin lisäämäsi, "
            + "myös tuodun katselulistan elokuvat.",
        turnOn: "Lähetä minulle viikkokooste", day: "Päivä", hour: "Kello", byPush: "ilmoituksena laitteilleni",
        inFeed: "Atom-syötteeseeni", save: "Tallenna", saved: "Viikkokooste tulee seuraavan kerran %@.",
        off: "Viikkokooste on pois päältä.",
        nowhere: "Valitse, tuleeko kooste ilmoituksena, syötteeseen vai molempiin.",
        title: "Listasi tällä viikolla: %@", movieCount: "%@ elokuvaa", oneMovie: "1 elokuva",
        nothingOn: "ei näytöksiä", showCount: "%@ näytöstä", oneShow: "1 näytös", first: "ensimmäinen %@",
        heartbeat: "Viikkokooste on päällä: seuraava %@.",
        nothingThisWeek: "Mikään listasi elokuva ei ole tällä viikolla ohjelmistossa alueillasi.")

    public static let swedish = DigestStrings(
        heading: "Veckosammandrag",
        note:
            "En gång i veckan filmerna på din lista med deras föreställningar i dina områden: de du väntar på och "
            + "dina favoriter, också filmerna från en importerad bevakningslista.",
        turnOn: "Skicka mig ett veckosammandrag", day: "Dag", hour: "Klockan",
        byPush: "som avisering till mina enheter", inFeed: "i mitt Atom-flöde", save: "Spara",
        saved: "Veckosammandraget kommer nästa gång %@.", off: "Veckosammandraget är av.",
        nowhere: "Välj om sammandraget kommer som avisering, i flödet eller båda.",
        title: "Din lista den här veckan: %@", movieCount: "%@ filmer", oneMovie: "1 film",
        nothingOn: "inga föreställningar", showCount: "%@ föreställningar", oneShow: "1 föreställning",
        first: "första %@", heartbeat: "Veckosammandraget är på: nästa %@.",
        nothingThisWeek: "Ingen film på din lista går den här veckan i dina områden.")

    public static let english = DigestStrings(
        heading: "Weekly digest",
        note:
            "Once a week, the movies of your list with their shows in your areas: those you wait for and those you "
            + "bookmarked, an imported watchlist's films too.",
        turnOn: "Send me a weekly digest", day: "Day", hour: "Time", byPush: "as a notification to my devices",
        inFeed: "in my Atom feed", save: "Save", saved: "Your weekly digest comes next on %@.",
        off: "The weekly digest is off.",
        nowhere: "Choose whether the digest comes as a notification, in your feed, or both.",
        title: "Your list this week: %@", movieCount: "%@ movies", oneMovie: "1 movie", nothingOn: "nothing on",
        showCount: "%@ shows", oneShow: "1 show", first: "first %@", heartbeat: "Your weekly digest is on: next %@.",
        nothingThisWeek: "None of your list's movies plays in your areas this week.")
}
