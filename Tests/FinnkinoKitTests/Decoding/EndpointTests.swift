import AppPatterns
import Foundation
import Testing

@testable import FinnkinoKit

@Suite("Finnkino endpoints")
struct EndpointTests {
    @Test("paths follow the API, with the language prefix before /xml/")
    func paths() {
        #expect(TheatreAreasEndpoint().request.path == "/xml/TheatreAreas/")
        #expect(EventsEndpoint(language: .en).request.path == "/en/xml/Events/")
        #expect(ScheduleEndpoint(language: .sv).request.path == "/sv/xml/Schedule/")
        #expect(ScheduleDatesEndpoint().request.path == "/xml/ScheduleDates/")
        #expect(NewsEndpoint(language: .en).request.path == "/en/xml/News/")
        #expect(NewsCategoriesEndpoint(language: .sv).request.path == "/sv/xml/NewsCategories/")
        #expect(LanguagesEndpoint().request.path == "/xml/Languages/")
    }

    @Test("names are the API's endpoint names")
    func names() {
        #expect(
            [
                TheatreAreasEndpoint().name, EventsEndpoint().name, ScheduleEndpoint().name,
                ScheduleDatesEndpoint().name,
                NewsEndpoint().name, NewsCategoriesEndpoint().name, LanguagesEndpoint().name,
            ]
                == ["TheatreAreas", "Events", "Schedule", "ScheduleDates", "News", "NewsCategories", "Languages"])
    }

    @Test("Schedule: area, dt as dd.mm.yyyy, eventID, nrOfDays; nil parameters omitted")
    func scheduleQuery() {
        let full = ScheduleEndpoint(
            area: 1002, date: LocalDate(year: 2022, month: 2, day: 7), eventID: 303715, numberOfDays: 3)
        #expect(full.request.description == "/xml/Schedule/?area=1002&dt=07.02.2022&eventID=303715&nrOfDays=3")
        #expect(ScheduleEndpoint().request.query.isEmpty)
        #expect(
            ScheduleEndpoint(date: LocalDate(year: 2022, month: 12, day: 31)).request.queryValue("dt") == "31.12.2022")
    }

    @Test("Events: listType, area, eventID and the include flags as true/false")
    func eventsQuery() {
        #expect(
            EventsEndpoint().request.description
                == "/xml/Events/?listType=NowInTheatres&includeVideos=true&includeGallery=false")
        let all = EventsEndpoint(
            listType: .comingSoon, area: 1014, eventID: 302535, includeVideos: false, includeGallery: true,
            language: .en)
        #expect(
            all.request.description
                == "/en/xml/Events/?listType=ComingSoon&area=1014&eventID=302535&includeVideos=false&includeGallery=true"
        )
    }

    @Test("ScheduleDates and News take area and categoryID")
    func otherQueries() {
        #expect(ScheduleDatesEndpoint(area: 1021).request.description == "/xml/ScheduleDates/?area=1021")
        #expect(
            NewsEndpoint(area: 1002, categoryID: 1079).request.description == "/xml/News/?area=1002&categoryID=1079")
        #expect(NewsEndpoint().request.query.isEmpty)
        #expect(TheatreAreasEndpoint().request.query.isEmpty)
    }

    @Test("validate accepts sensible parameters")
    func validParameters() throws {
        try ScheduleEndpoint(area: 1002, date: LocalDate(year: 2024, month: 2, day: 29), eventID: 1, numberOfDays: 31)
            .validate()
        try ScheduleEndpoint(numberOfDays: 1).validate()
        try EventsEndpoint(area: 1029, eventID: 5).validate()
        try NewsEndpoint(area: 1, categoryID: 1007).validate()
        try ScheduleDatesEndpoint(area: 1014).validate()
    }

    @Test(
        "validate rejects nonsense with a message naming the parameter",
        arguments: [
            (ScheduleEndpoint(area: 0) as any Endpoint, "area must be a positive ID, got 0"),
            (ScheduleEndpoint(eventID: -3), "eventID must be a positive ID, got -3"),
            (ScheduleEndpoint(numberOfDays: 0), "numberOfDays must be between 1 and 31, got 0"),
            (ScheduleEndpoint(numberOfDays: 32), "numberOfDays must be between 1 and 31, got 32"),
            (ScheduleEndpoint(date: LocalDate(year: 2023, month: 2, day: 29)), "date 2023-02-29 is not a calendar day"),
            (EventsEndpoint(area: -1), "area must be a positive ID, got -1"),
            (EventsEndpoint(eventID: 0), "eventID must be a positive ID, got 0"),
            (ScheduleDatesEndpoint(area: 0), "area must be a positive ID, got 0"),
            (NewsEndpoint(categoryID: 0), "categoryID must be a positive ID, got 0"),
            (NewsEndpoint(area: -7), "area must be a positive ID, got -7"),
        ])
    func invalidParameters(endpoint: any Endpoint, message: String) {
        #expect(throws: EndpointValidationError(endpoint: endpoint.name, message: message)) { try endpoint.validate() }
    }

    @Test("every endpoint's sample data decodes through its own decode")
    func sampleData() throws {
        #expect(try TheatreAreasEndpoint().decode(TheatreAreasEndpoint().sampleData).count == 3)
        let event = try #require(try EventsEndpoint().decode(EventsEndpoint().sampleData).first)
        #expect(event.synopsis.components(separatedBy: "\n\n").count == 2 && event.productionCompanies == nil)
        let show = try #require(try ScheduleEndpoint().decode(ScheduleEndpoint().sampleData).shows.first)
        #expect(show.start == ReferenceTime.utc(2024, 10, 4, 15, 0) && show.salesStart == nil)
        #expect(try ScheduleDatesEndpoint().decode(ScheduleDatesEndpoint().sampleData).count == 3)
        let article = try #require(try NewsEndpoint().decode(NewsEndpoint().sampleData).first)
        #expect(article.lead == "Ennakkonäytökset alkavat perjantaina.")
        #expect(article.htmlContent == "<p>Ennakkonäytökset alkavat\u{A0}perjantaina – tervetuloa!</p>")
        #expect(article.id == "9001")
        #expect(try NewsCategoriesEndpoint().decode(NewsCategoriesEndpoint().sampleData).count == 2)
        #expect(try LanguagesEndpoint().decode(LanguagesEndpoint().sampleData).count == 2)
    }

    @Test("a bad body makes decode throw the decoding error")
    func decodeThrows() {
        #expect(throws: FinnkinoDecodingError.self) { try ScheduleEndpoint().decode(Data("<html/>".utf8)) }
    }
}
