import AppPatterns
import FinnkinoKit
import FinnkinoPresentation
import Foundation
import Testing

@testable import FinnkinoWeb

/// The area pages when Finnkino's feed lacks theatres (issue 39): the Movies and Showtimes pages
/// of an area say which of its theatres the feed no longer lists, and link to Finnkino's site.
@Suite(.timeLimit(.minutes(3))) struct MissingTheatresPagesTests {
    /// The bundled dataset, except that its area list lacks the Espoo areas (1012, 1038, 1039) and
    /// names the capital region "Pääkaupunkiseutu (pl. Espoo)", as the feed did once Espoo's
    /// theatres moved to Finnkino's new ticketing platform.
    struct WithoutEspoo: Transport {
        let bundled: BundledTransport
        var sourceDescription: String { "bundled dataset without Espoo" }

        func send(_ request: TransportRequest) async throws -> TransportResponse {
            var response = try await bundled.send(request)
            guard request.path.hasSuffix("/xml/TheatreAreas/") else { return response }
            var text = String(decoding: response.body, as: UTF8.self)
            for id in [1012, 1038, 1039] {
                let area = try #require(
                    text.firstRange(
                        of: try Regex("\\s*<TheatreArea>\\s*<ID>\(id)</ID>.*?</TheatreArea>").dotMatchesNewlines()))
                text.removeSubrange(area)
            }
            text = text.replacingOccurrences(
                of: "<Name>Pääkaupunkiseutu</Name>", with: "<Name>Pääkaupunkiseutu (pl. Espoo)</Name>")
            response.body = Data(text.utf8)
            return response
        }
    }

    @Sendable static func storeWithoutEspoo(_ language: ContentLanguage) throws -> FeedStore {
        let transport = WithoutEspoo(bundled: try BundledTransport(today: { WebServer.today }))
        return FeedStore(
            webService: WebService(transport: transport, cache: InMemoryPayloadCache()), language: language)
    }

    @Test(arguments: [
        (
            "/movies?area=1014", "en",
            "Finnkino's data source no longer lists these theatres: Omena (Espoo), Sello (Espoo)."
        ),
        (
            "/showtimes?area=1014", "sv",
            "Finnkinos datakälla listar inte längre dessa biografer: Omena (Espoo), Sello (Espoo)."
        ),
        (
            "/movies?area=all", "fi",
            "Finnkinon tietolähde ei enää listaa näitä teattereita: Omena (Espoo), Sello (Espoo)."
        ),
    ])
    func anAreaWhoseTheatresTheFeedLacksSaysWhichAndLinksToFinnkino(path: String, language: String, words: String)
        async throws
    {
        // Given a feed without Espoo's theatres
        let server = try await WebServer.start(makeStore: Self.storeWithoutEspoo)
        defer { Task { await server.stop() } }
        // When the page of the capital region, or of all of Finland, is asked for
        let page = try await server.get(path, headers: ["Cookie": "lang=\(language)"])
        // Then it says which theatres are missing, in the page's language, with a link to Finnkino
        #expect(page.status == 200)
        #expect(page.body.contains(words.htmlEscaped))
        #expect(
            page.body.contains("<a href=\"https://www.finnkino.fi/\" rel=\"noopener\" hreflang=\"fi\">finnkino.fi</a>"))
    }

    @Test(arguments: ["/movies?area=1002", "/showtimes?area=1021"])
    func anAreaWithAllItsTheatresSaysNothing(path: String) async throws {
        // Given a feed without Espoo's theatres, and an area none of whose theatres is in Espoo
        let server = try await WebServer.start(makeStore: Self.storeWithoutEspoo)
        defer { Task { await server.stop() } }
        let page = try await server.get(path)
        // Then there is no notice
        #expect(page.status == 200)
        #expect(!page.body.contains("missing-theatres"))
    }

    @Test func theFullBundledListLacksNothing() async throws {
        // Given the bundled feed, which lists all 17 theatres
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        for path in ["/movies?area=all", "/movies?area=1014", "/showtimes?area=1014"] {
            let page = try await server.get(path)
            #expect(page.status == 200)
            #expect(!page.body.contains("missing-theatres"), "\(path)")
        }
    }

    @Test func areaTenFortySevenShowsTurkuAndRaisioNotMaxim() async throws {
        // Given the bundled feed, whose area 1047 is "Turku ja Raisio" (and whose show TheatreID
        // 1047 is Maxim, in Helsinki)
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        // When the showtimes of area 1047 are asked for
        let page = try await server.get("/showtimes?area=1047")
        // Then they are Luxe Mylly's and Kinopalatsi Turku's, and none is Maxim's
        #expect(page.status == 200)
        let theatres = page.body.matches(of: /<section class="theatre"><h2>([^<]*)<\/h2>/).map { String($0.1) }
        #expect(Set(theatres) == ["Luxe Mylly, Raisio", "Kinopalatsi, Turku"])
        #expect(page.body.contains("<option value=\"1047\" selected>Turku ja Raisio</option>"))
    }
}
