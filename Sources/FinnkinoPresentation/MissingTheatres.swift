import FinnkinoKit

/// The note on an area's Movies and Showtimes pages when Finnkino's feed lacks some of the area's
/// theatres (Finnkino moves its theatres to a new ticketing platform one by one, and a moved one
/// drops out of the feed): which theatres, and a link to Finnkino's site, where they are.
///
/// The theatres come from ``TheatreLocations``, the table of the 17 theatres Finnkino runs; the
/// area list is the feed's own. Nothing is said when the list could not be read.
public struct MissingTheatres: Sendable, Hashable {
    /// `Finnkino's data source no longer lists these theatres: Omena (Espoo), Sello (Espoo). …`
    public var text: String
    /// `finnkino.fi`
    public var linkLabel: String
    /// Finnkino's site.
    public var url: String

    public static let siteURL = "https://www.finnkino.fi/"

    /// The note for the area `areaID` (all of Finland when nil) of the feed's list `areas`, in
    /// `strings`' language; nil when no theatre of the area is missing.
    public static func notice(area areaID: Int?, areas: [TheatreArea], strings: UIStrings) -> MissingTheatres? {
        let area = areaID.flatMap { id in areas.first { $0.id == id } }
        // An area the list does not have (an old link) is judged as all of Finland.
        let missing = TheatreLocations.missing(in: area, from: areas)
        guard !missing.isEmpty else { return nil }
        let names = missing.map { "\($0.name) (\($0.city))" }.joined(separator: ", ")
        return MissingTheatres(text: strings.missingTheatres(names), linkLabel: strings.finnkinoSite, url: siteURL)
    }
}
