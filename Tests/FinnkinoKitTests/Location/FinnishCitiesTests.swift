import Testing

@testable import FinnkinoKit

@Suite struct FinnishCitiesTests {
    @Test func namesMatchIgnoringCaseAndAccents() throws {
        let jyvaskyla = try #require(FinnishCities.city(named: "jyvaskyla"))
        #expect(jyvaskyla.name == "Jyväskylä")
        #expect(FinnishCities.city(named: "Jyväskylä") == jyvaskyla)
        #expect(FinnishCities.city(named: "  TAMPERE ")?.name == "Tampere")
        #expect(FinnishCities.city(named: "hameenlinna")?.name == "Hämeenlinna")
        // Swedish names
        #expect(FinnishCities.city(named: "Helsingfors")?.name == "Helsinki")
        #expect(FinnishCities.city(named: "abo")?.name == "Turku")
    }

    @Test func everyTheatreCityAndTheRestOfTheCapitalRegionAreThere() {
        let cities = Set(TheatreLocations.all.map(\.city)).union(["Espoo", "Vantaa"])
        for name in cities { #expect(FinnishCities.city(named: name) != nil, "\(name)") }
        #expect(Set(FinnishCities.all.map(\.name)).count == FinnishCities.all.count)
    }

    @Test func unknownNamesAreNil() {
        #expect(FinnishCities.city(named: "") == nil)
        #expect(FinnishCities.city(named: "Stockholm") == nil)
        #expect(FinnishCities.city(named: "Tamper") == nil)
        #expect(FinnishCities.city(named: "60.17,24.94") == nil)
    }
}
