/// Where one Finnkino theatre is.
public struct TheatreLocation: Sendable, Hashable {
    /// The TheatreAreas ID that selects this theatre alone (`1039`, "Espoo: OMENA"). Not a show's
    /// `TheatreID`, which is another number space.
    public var areaID: Int
    /// `Omena`.
    public var name: String
    /// `Espoo`.
    public var city: String
    /// The street address the coordinate was geocoded from.
    public var address: String
    public var coordinate: Coordinate
}
