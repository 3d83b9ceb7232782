import Foundation

/// Where the user's location comes from.
public enum LocationSource: Sendable, Hashable {
    /// What a person typed for a location that is neither a position nor a known city.
    public enum InputError: Error, Sendable, Equatable, CustomStringConvertible {
        case coordinate(Coordinate.InputError)
        case unknownCity(String)

        public var description: String {
            switch self {
            case .coordinate(let error): error.description
            case .unknownCity(let name):
                "no city called \"\(name)\" is known: write LAT,LON (60.17,24.94) or a city such as Tampere"
            }
        }
    }

    /// No location: nothing is sorted by distance.
    case none
    /// A position given once (`--near 60.17,24.94`).
    case fixed(Coordinate)
    /// A city's centre (`--near tampere`).
    case city(FinnishCities.City)
    /// A position the browser reported (only after the user asked), and when; it goes stale.
    case browser(Coordinate, reportedAt: Date)

    /// `60.17,24.94` (a fixed position) or a city name (`tampere`, `Jyväskylä`).
    public init(parsing text: String) throws(InputError) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        // Text with a digit or a comma is meant as a position.
        if trimmed.isEmpty || trimmed.contains(where: { $0.isNumber || $0 == "," }) {
            do { self = .fixed(try Coordinate(parsing: trimmed)) } catch { throw .coordinate(error) }
            return
        }
        guard let city = FinnishCities.city(named: trimmed) else { throw .unknownCity(trimmed) }
        self = .city(city)
    }
}
