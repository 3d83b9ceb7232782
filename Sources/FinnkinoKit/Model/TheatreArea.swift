/// An area or a single theatre that Finnkino's API accepts as `area=` (TheatreAreas).
///
/// Area IDs and the `TheatreID` of a show are different number spaces that overlap: never join them.
public struct TheatreArea: Sendable, Hashable, Codable, Identifiable {
    public var id: Int
    /// As the API writes it: `Helsinki`, `Espoo: OMENA`, `Pääkaupunkiseutu`.
    public var name: String

    public init(id: Int, name: String) {
        self.id = id
        self.name = name
    }

    /// The API's first entry, 1029 "Valitse alue/teatteri" ("choose area/theatre"), is a UI
    /// placeholder, not a place.
    public static let placeholderID = 1029
    public var isPlaceholder: Bool { id == Self.placeholderID }
}
