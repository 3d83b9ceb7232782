import Foundation

/// A point on the Earth in degrees (WGS 84): latitude -90...90, longitude -180...180.
///
/// Always valid: the throwing initialisers reject anything else with a ``InputError`` naming the
/// value and what is wrong with it.
public struct Coordinate: Sendable, Hashable, Codable, CustomStringConvertible {
    /// What is wrong with a coordinate a person or a browser gave.
    public enum InputError: Error, Sendable, Equatable, CustomStringConvertible {
        case empty
        /// Not two numbers separated by a comma, as in `60.17,24.94`.
        case malformed(String)
        case notFinite(String)
        case latitudeOutOfRange(Double)
        case longitudeOutOfRange(Double)

        public var description: String {
            switch self {
            case .empty: "no location given"
            case .malformed(let text): "\"\(text)\" is not a location: write LAT,LON (60.17,24.94) or a city name"
            case .notFinite(let text): "\"\(text)\" is not a finite number"
            case .latitudeOutOfRange(let value): "latitude \(value) is not between -90 and 90"
            case .longitudeOutOfRange(let value): "longitude \(value) is not between -180 and 180"
            }
        }
    }

    /// The mean radius of the Earth in kilometres (IUGG).
    static let earthRadius = 6371.0088

    public let latitude: Double
    public let longitude: Double

    /// A checked coordinate: both values finite and in range.
    public init(latitude: Double, longitude: Double) throws(InputError) {
        guard latitude.isFinite else { throw .notFinite(String(latitude)) }
        guard longitude.isFinite else { throw .notFinite(String(longitude)) }
        guard (-90...90).contains(latitude) else { throw .latitudeOutOfRange(latitude) }
        guard (-180...180).contains(longitude) else { throw .longitudeOutOfRange(longitude) }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// For the committed tables, whose values are known to be in range.
    init(known latitude: Double, _ longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Parses `60.17,24.94` or `60.17, 24.94` (latitude first, decimal points).
    public init(parsing text: String) throws(InputError) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .empty }
        let parts = trimmed.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw .malformed(trimmed) }
        let numbers = parts.map { $0.trimmingCharacters(in: .whitespaces) }
        guard let latitude = Self.number(numbers[0]), let longitude = Self.number(numbers[1]) else {
            throw .malformed(trimmed)
        }
        guard latitude.isFinite, longitude.isFinite else { throw .notFinite(trimmed) }
        try self.init(latitude: latitude, longitude: longitude)
    }

    /// A plain decimal number: digits with an optional sign and point (no `nan`, `inf`, hex or
    /// exponents, which `Double(_:)` would accept).
    private static func number(_ text: String) -> Double? {
        var digits = 0
        var points = 0
        for (offset, byte) in text.utf8.enumerated() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
            case UInt8(ascii: "."): points += 1
            case UInt8(ascii: "-"), UInt8(ascii: "+"): if offset != 0 { return nil }
            default: return nil
            }
        }
        guard digits > 0, points <= 1 else { return nil }
        return Double(text)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let latitude = try container.decode(Double.self, forKey: .latitude)
        let longitude = try container.decode(Double.self, forKey: .longitude)
        do {
            try self.init(latitude: latitude, longitude: longitude)
        } catch {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: error.description, underlyingError: error))
        }
    }

    /// The great-circle distance in kilometres (haversine formula on a sphere of the Earth's mean
    /// radius; within 0.5 % of the ellipsoidal distance).
    public func distance(to other: Coordinate) -> Double {
        let radians = Double.pi / 180
        let lat1 = latitude * radians
        let lat2 = other.latitude * radians
        let dLat = (other.latitude - latitude) * radians
        let dLon = (other.longitude - longitude) * radians
        let h = sin(dLat / 2) * sin(dLat / 2) + cos(lat1) * cos(lat2) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * Self.earthRadius * asin(min(1, h.squareRoot()))
    }

    /// `60.1699,24.9384`: the form ``init(parsing:)`` reads.
    public var description: String { "\(latitude),\(longitude)" }
}
