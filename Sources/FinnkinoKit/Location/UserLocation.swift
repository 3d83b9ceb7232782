/// Where the user is, and how that is known.
public struct UserLocation: Sendable, Hashable {
    public var coordinate: Coordinate
    public var source: LocationSource

    public init(coordinate: Coordinate, source: LocationSource) {
        self.coordinate = coordinate
        self.source = source
    }

    /// `Tampere` for a city, else the position as `60.17,24.94`.
    public var label: String {
        if case .city(let city) = source { return city.name }
        return coordinate.description
    }
}
