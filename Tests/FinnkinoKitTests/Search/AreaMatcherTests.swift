import FinnkinoKit
import Testing

@Suite struct AreaMatcherTests {
    let matcher = AreaMatcher(areas: [
        TheatreArea(id: 1029, name: "Valitse alue/teatteri"),
        TheatreArea(id: 1014, name: "Pääkaupunkiseutu"),
        TheatreArea(id: 1012, name: "Espoo"),
        TheatreArea(id: 1039, name: "Espoo: OMENA"),
        TheatreArea(id: 1002, name: "Helsinki"),
        TheatreArea(id: 1031, name: "Helsinki: KINOPALATSI"),
        TheatreArea(id: 1015, name: "Jyväskylä: FANTASIA"),
        TheatreArea(id: 1021, name: "Tampere"),
        TheatreArea(id: 1022, name: "Turku: KINOPALATSI"),
    ])

    @Test(arguments: [
        ("helsinki", 1002), ("Tampere", 1021), ("omena", 1039), ("1002", 1002), ("  espoo ", 1012),
        ("jyvaskyla", 1015), ("fantasia", 1015), ("paakaupunkiseutu", 1014), ("capital region", 1014),
        ("tamp", 1021),
    ])
    func findsTheAreaAPersonMeans(text: String, id: Int) throws {
        #expect(try matcher.match(text).id == id)
    }

    @Test func wholeNameWinsOverLongerNamesWithTheSamePrefix() throws {
        // "Helsinki" is a whole name; "Helsinki: KINOPALATSI" only begins with it.
        #expect(try matcher.match("HELSINKI").id == 1002)
    }

    @Test func ambiguousTheatreNameListsTheCandidates() {
        #expect(throws: AreaMatcher.MatchError.self) { try matcher.match("kinopalatsi") }
        do {
            _ = try matcher.match("kinopalatsi")
        } catch {
            #expect(error.description.contains("Helsinki: KINOPALATSI (1031)"))
            #expect(error.description.contains("Turku: KINOPALATSI (1022)"))
        }
    }

    @Test func badInputIsAClearError() {
        #expect(throws: AreaMatcher.MatchError.noMatch("oulu")) { try matcher.match("oulu") }
        #expect(throws: AreaMatcher.MatchError.unknownID(9999)) { try matcher.match("9999") }
        #expect(throws: AreaMatcher.MatchError.empty) { try matcher.match("   ") }
        // The placeholder is not a place.
        #expect(throws: AreaMatcher.MatchError.unknownID(1029)) { try matcher.match("1029") }
        #expect(throws: AreaMatcher.MatchError.noMatch("valitse")) { try matcher.match("valitse") }
    }
}
