import Foundation
import Testing

@testable import FinnkinoKit

@Suite struct TheatreLocationsTests {
    @Test func everyAreaOfTheBundledListHasAPosition() async throws {
        // Given the areas of the bundled TheatreAreas
        let areas = try await BundledStoreFixture.store().areas().value
        // (the 2019 list's 20, and 1046 and 1047 of the newer lists)
        try #require(areas.count == 22)
        // Then every one of them, theatre, city or region, has theatres with coordinates
        for area in areas {
            #expect(!TheatreLocations.theatres(in: area).isEmpty, "\(area.name) (\(area.id))")
        }
        // And every single theatre ("City: THEATRE") is in the table under its own ID, in its city
        for area in areas where area.name.contains(":") {
            let theatre = try #require(TheatreLocations.theatre(areaID: area.id), "\(area.name)")
            #expect(SearchKey(area.name) == SearchKey("\(theatre.city): \(theatre.name)"))
        }
        #expect(TheatreLocations.all.count == areas.filter { $0.name.contains(":") }.count)
    }

    @Test func theTableIsInFinlandAndTheatresAreNearTheirCity() throws {
        for theatre in TheatreLocations.all {
            // Finland's bounding box
            #expect((59.5...70.1).contains(theatre.coordinate.latitude), "\(theatre.name)")
            #expect((19.0...31.6).contains(theatre.coordinate.longitude), "\(theatre.name)")
            // Within 15 km of the centre of its city
            let city = try #require(FinnishCities.city(named: theatre.city), "\(theatre.city)")
            #expect(theatre.coordinate.distance(to: city.coordinate) < 15, "\(theatre.name)")
            #expect(theatre.address.hasSuffix(theatre.city))
        }
        #expect(Set(TheatreLocations.all.map(\.areaID)).count == TheatreLocations.all.count)
    }

    @Test func theTableKnowsTheSeventeenTheatresAndWhichTheFeedLacks() throws {
        // Given the table, and a newer-style list without the Espoo areas (constructed: see
        // Fixtures/constructed/README.md)
        #expect(TheatreLocations.all.count == 17)
        let areas = try FinnkinoXMLDecoder.decodeTheatreAreas(ConstructedFixture.data("theatreareas-without-espoo.xml"))
        // Then Omena and Sello are missing from it, in all of Finland and in the capital region
        let missing = TheatreLocations.missing(from: areas)
        #expect(missing.map(\.name) == ["Omena", "Sello"])
        let region = try #require(areas.first { $0.id == 1014 })
        #expect(TheatreLocations.missing(in: region, from: areas).map(\.name) == ["Omena", "Sello"])
        #expect(TheatreLocations.missing(in: nil, from: areas).count == 2)
        // And nothing is missing in Helsinki, in Turku ja Raisio, or from the full bundled list
        let helsinki = try #require(areas.first { $0.id == 1002 })
        #expect(TheatreLocations.missing(in: helsinki, from: areas).isEmpty)
        let turkuAndRaisio = try #require(areas.first { $0.id == 1047 })
        #expect(TheatreLocations.missing(in: turkuAndRaisio, from: areas).isEmpty)
        #expect(TheatreLocations.missing(from: []).isEmpty)
    }

    @Test func areaTenFortySevenIsTurkuAndRaisioNotTheTheatreMaxim() {
        // Area 1047 selects the theatres of Turku and Raisio; the theatre Maxim, whose show
        // TheatreID is 1047, is the area 1032
        let area = TheatreArea(id: 1047, name: "Turku ja Raisio")
        #expect(Set(TheatreLocations.theatres(in: area).map(\.name)) == ["Kinopalatsi", "Luxe Mylly"])
        #expect(TheatreLocations.theatre(areaID: 1047) == nil)
        #expect(TheatreLocations.theatre(areaID: 1032)?.name == "Maxim")
        #expect(TheatreLocations.theatre(areaID: 1046)?.name == "Luxe Mylly")
    }

    @Test func cityAndRegionAreasAreTheirTheatres() {
        let helsinki = TheatreLocations.theatres(in: TheatreArea(id: 1002, name: "Helsinki"))
        #expect(Set(helsinki.map(\.areaID)) == [1031, 1032, 1033, 1045])
        let region = TheatreLocations.theatres(in: TheatreArea(id: 1014, name: "Pääkaupunkiseutu"))
        #expect(Set(region.map(\.areaID)) == [1031, 1032, 1033, 1045, 1038, 1039, 1013])
        // A city area with an unknown ID is matched by name, accents ignored
        let tampere = TheatreLocations.theatres(in: TheatreArea(id: 9999, name: "TAMPERE"))
        #expect(Set(tampere.map(\.areaID)) == [1034, 1035])
        // Unknown theatres, the placeholder and unknown places have no position
        #expect(TheatreLocations.theatres(in: TheatreArea(id: 9998, name: "Raisio: LUXE MYLLY")).isEmpty)
        #expect(TheatreLocations.theatres(in: TheatreArea(id: 1029, name: "Valitse alue/teatteri")).isEmpty)
        #expect(TheatreLocations.theatres(in: TheatreArea(id: 9997, name: "Atlantis")).isEmpty)
        #expect(TheatreLocations.distance(from: Coordinate(known: 60, 25), to: TheatreArea(id: 9997, name: "X")) == nil)
    }

    @Test func areasSortNearestFirstWithTheNearestTheatreCounting() throws {
        // Given someone at Tampere's railway station and a few areas
        let station = try Coordinate(latitude: 61.4986, longitude: 23.7731)
        let areas = [
            TheatreArea(id: 1002, name: "Helsinki"), TheatreArea(id: 9997, name: "Atlantis"),
            TheatreArea(id: 1021, name: "Tampere"), TheatreArea(id: 1035, name: "Tampere: PLEVNA"),
            TheatreArea(id: 1034, name: "Tampere: CINE ATLAS"), TheatreArea(id: 1018, name: "Oulu: PLAZA"),
        ]
        // When they are sorted by distance
        let sorted = TheatreLocations.byDistance(areas, from: station)
        // Then Cine Atlas (nearer than Plevna) comes first, before the city area it shares a
        // distance with, then Plevna, Helsinki, Oulu, and the unknown place last
        #expect(sorted.map(\.area.id) == [1034, 1021, 1035, 1002, 1018, 9997])
        let distances = sorted.compactMap(\.kilometres)
        #expect(distances == distances.sorted())
        #expect(sorted[0].kilometres == sorted[1].kilometres)
        #expect(sorted.last?.kilometres == nil)
        let atlas = try #require(TheatreLocations.theatre(areaID: 1034))
        #expect(sorted[0].kilometres == station.distance(to: atlas.coordinate))
        #expect(try #require(sorted[3].kilometres) > 150)
    }
}
