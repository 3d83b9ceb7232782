/// The words of the app without a connection: the offline page, and the note on a page the
/// service worker kept.
public struct OfflineStrings: Sendable {
    public var title: String
    public var notKept: String
    public var keptPages: String
    public var tryAgain: String
    /// The server's page when Finnkino's data cannot be read and none is saved (503).
    public var sourceDownTitle: String
    public var sourceDown: String
    /// On a kept page opened without a connection: `%@` is how old it is, which the page's
    /// script fills in the browser (`5 minutes ago (27.11.2026 10.05)`).
    public var keptNote: Template

    public static let finnish = OfflineStrings(
        title: "Ei verkkoyhteyttä",
        notKept: "Tätä sivua ei ole tallennettu tälle laitteelle, joten se ei aukea ilman yhteyttä.",
        keptPages: "Avaamasi elokuvalista, kirjanmerkit sekä elokuvat ja näytökset aukeavat ilman yhteyttäkin:",
        tryAgain: "Yritä uudelleen",
        sourceDownTitle: "Finnkinon tiedot eivät ole nyt saatavilla",
        sourceDown: "Finnkinon palvelu ei vastaa, eikä tätä sivua ole tallessa. Yritä hetken päästä uudelleen.",
        keptNote: "Ei verkkoyhteyttä. Sivu on tallennettu %@.")

    public static let swedish = OfflineStrings(
        title: "Ingen nätverksanslutning",
        notKept: "Den här sidan har inte sparats på den här enheten och öppnas inte utan anslutning.",
        keptPages: "Filmlistan, bokmärkena och de filmer och visningar du har öppnat öppnas även utan anslutning:",
        tryAgain: "Försök igen",
        sourceDownTitle: "Finnkinos uppgifter kan inte nås just nu",
        sourceDown: "Finnkinos tjänst svarar inte och den här sidan finns inte sparad. Försök igen om en stund.",
        keptNote: "Ingen nätverksanslutning. Sidan sparades %@.")

    public static let english = OfflineStrings(
        title: "No connection",
        notKept: "This page has not been saved on this device, so it does not open without a connection.",
        keptPages: "The movie list, your bookmarks and the movies and shows you opened open without one too:",
        tryAgain: "Try again",
        sourceDownTitle: "Finnkino's data cannot be reached",
        sourceDown: "Finnkino's service is not answering and this page is not saved. Please try again in a moment.",
        keptNote: "No connection. This page was saved %@.")
}
