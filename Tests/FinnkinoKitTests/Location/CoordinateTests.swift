import Foundation
import Testing

@testable import FinnkinoKit

@Suite struct CoordinateTests {
    @Test func parsesLatitudeCommaLongitudeWithOrWithoutSpaces() throws {
        // Given the two ways people write a position
        // When they are parsed
        let tight = try Coordinate(parsing: "60.17,24.94")
        let spaced = try Coordinate(parsing: " 60.17, 24.94 ")
        let southWest = try Coordinate(parsing: "-33.8688,-151.2093")
        // Then both give the same point, latitude first
        #expect(tight == spaced)
        #expect(tight.latitude == 60.17 && tight.longitude == 24.94)
        #expect(southWest.latitude == -33.8688 && southWest.longitude == -151.2093)
        #expect(try Coordinate(parsing: tight.description) == tight)
    }

    @Test(arguments: [
        ("", Coordinate.InputError.empty),
        ("   ", .empty),
        ("60.17", .malformed("60.17")),
        ("60.17,24.94,1", .malformed("60.17,24.94,1")),
        ("60.17;24.94", .malformed("60.17;24.94")),
        ("60,17, 24,94", .malformed("60,17, 24,94")),
        ("north,east", .malformed("north,east")),
        ("nan,24.94", .malformed("nan,24.94")),
        ("inf,24.94", .malformed("inf,24.94")),
        ("0x1p4,24.94", .malformed("0x1p4,24.94")),
        ("6e1,24.94", .malformed("6e1,24.94")),
        ("60.1.7,24.94", .malformed("60.1.7,24.94")),
        ("6-0,24.94", .malformed("6-0,24.94")),
        (",24.94", .malformed(",24.94")),
        ("90.5,24.94", .latitudeOutOfRange(90.5)),
        ("-91,24.94", .latitudeOutOfRange(-91)),
        ("60.17,180.01", .longitudeOutOfRange(180.01)),
        ("60.17,-200", .longitudeOutOfRange(-200)),
    ])
    func rejectsAnythingElseNamingTheProblem(text: String, expected: Coordinate.InputError) {
        // Given text that is not a valid position
        // When it is parsed
        // Then the typed error says what is wrong
        #expect(throws: expected) { try Coordinate(parsing: text) }
    }

    @Test func checkedInitialiserRejectsNonFiniteAndOutOfRange() {
        #expect(throws: Coordinate.InputError.notFinite("nan")) { try Coordinate(latitude: .nan, longitude: 0) }
        #expect(throws: Coordinate.InputError.notFinite("inf")) { try Coordinate(latitude: 0, longitude: .infinity) }
        #expect(throws: Coordinate.InputError.latitudeOutOfRange(-90.0001)) {
            try Coordinate(latitude: -90.0001, longitude: 0)
        }
        #expect(throws: Never.self) { try Coordinate(latitude: 90, longitude: -180) }
        // Digits enough to overflow a Double
        let huge = String(repeating: "9", count: 400)
        #expect(throws: Coordinate.InputError.notFinite("\(huge),24")) { try Coordinate(parsing: "\(huge),24") }
    }

    @Test func decodingValidatesToo() throws {
        // Given JSON with a good and a bad position
        let good = Data(#"{"latitude":60.1699,"longitude":24.9384}"#.utf8)
        let bad = Data(#"{"latitude":160.0,"longitude":24.9384}"#.utf8)
        // When decoded, then the good one round-trips and the bad one is a decoding error
        let decoded = try JSONDecoder().decode(Coordinate.self, from: good)
        #expect(decoded == (try Coordinate(latitude: 60.1699, longitude: 24.9384)))
        #expect(try JSONDecoder().decode(Coordinate.self, from: JSONEncoder().encode(decoded)) == decoded)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Coordinate.self, from: bad) }
    }

    @Test func greatCircleDistancesMatchKnownValues() throws {
        // Given city centres and points whose distances are known independently
        let helsinki = try Coordinate(latitude: 60.1699, longitude: 24.9384)
        let tampere = try Coordinate(latitude: 61.4978, longitude: 23.7610)
        let equatorZero = try Coordinate(latitude: 0, longitude: 0)
        let equatorOne = try Coordinate(latitude: 0, longitude: 1)
        let northPole = try Coordinate(latitude: 90, longitude: 0)
        // Then Helsinki-Tampere is about 160 km as the crow flies (road distance is 178 km)
        #expect(abs(helsinki.distance(to: tampere) - 160) < 3)
        // One degree along the equator is 2πR/360 km
        #expect(abs(equatorZero.distance(to: equatorOne) - 2 * Double.pi * Coordinate.earthRadius / 360) < 1e-9)
        // The equator to a pole is a quarter of the circumference
        #expect(abs(equatorZero.distance(to: northPole) - Double.pi * Coordinate.earthRadius / 2) < 1e-9)
        // Symmetric, zero to itself, antipodes half the circumference (to a metre: the formula
        // loses precision there)
        #expect(helsinki.distance(to: tampere) == tampere.distance(to: helsinki))
        #expect(helsinki.distance(to: helsinki) == 0)
        let antipode = try Coordinate(latitude: -60.1699, longitude: 24.9384 - 180)
        #expect(abs(helsinki.distance(to: antipode) - Double.pi * Coordinate.earthRadius) < 1e-3)
    }
}
