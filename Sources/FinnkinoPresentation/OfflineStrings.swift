/// The words of the app without a connection: the offline page, and the note on a page the
/// service worker kept.
public struct OfflineStrings: Sendable {
    public var title: String
    public var notKept: String
    public var keptPages: String
    public var tryAgain: String
    /// On a kept page opened without a connection: `%@` is how old it is, which the page's
    /// script fills in the browser (`5 minutes ago (27.11.2026 10.05)`).
    public var keptNote: Template

    public static let finnish = OfflineStrings(
        title: "Ei verkkoyhteyttä",
        notKept: "Tätä sivua ei ole tallennettu tälle laitteelle, joten se ei aukea ilman yhteyttä.",
        keptPages: "Avaamasi elokuvalista, kirjanmerkit sekä elokuvat ja näytökset aukeavat ilman yhteyttäkin:",
        tryAgain: "Yritä uudelleen",
        keptNote: "Ei verkkoyhteyttä. Sivu on tallennettu %@.")

    public static let swedish = OfflineStrings(
        title: "Ingen nätverksanslutning",
        notKept: "Den här sidan har inte sparats på den här enheten och öppnas inte utan anslutning.",
        keptPages: "Filmlistan, bokmärkena och de filmer och visningar du har öppnat öppnas även utan anslutning:",
        tryAgain: "Försök igen",
        keptNote: "Ingen nätverksanslutning. Sidan sparades %@.")

    public static let english = OfflineStrings(
        title: "No connection",
        notKept: "This page has not been saved on this device, so it does not open without a connection.",
        keptPages: "The movie list, your bookmarks and the movies and shows you opened open without one too:",
        tryAgain: "Try again",
        keptNote: "No connection. This page was saved %@.")
}
