import AppPatterns
import AppPatternsTesting
import FinnkinoKit
import FinnkinoPresentation
import Testing

@testable import FinnkinoWeb

/// A page's status code says what it could show (``ScreenOutcome``): 404 for a thing the source
/// does not have, and 503 with `Retry-After` and the offline page when the source cannot be read
/// and nothing of it is saved, never 200 with an error text.
@Suite struct PageOutcomeTests {
    static let tomorrow = "2026-11-23"

    /// Every page made from the source's data.
    static let pages = [
        "/movies?area=1014", "/movie/1800001", "/showtimes?area=1014&date=\(tomorrow)",
        "/show/1014/\(tomorrow)/1800001", "/news", "/news/1800001", "/international?list=box-office",
        "/international/movie/550",
    ]

    /// A source that refuses every connection, and nothing saved of it.
    @Sendable static func downStore(_ language: ContentLanguage) -> FeedStore {
        FeedStore(
            webService: WebService(
                transport: StubTransport(.failure(TransportError(.unreachable, "connection refused"))),
                offlineRetryInterval: 0),
            language: language)
    }

    @Test(arguments: pages)
    func aPageTheSourceCannotMakeIsUnavailableWithTheOfflinePage(path: String) async throws {
        // Given a server whose source is down, with nothing saved
        let server = try await WebServer.start(makeStore: Self.downStore)
        defer { Task { await server.stop() } }
        // When the page is asked for
        let page = try await server.get(path, headers: ["Cookie": "lang=en"])
        // Then it is 503, to be asked again in a minute, and the page says why and offers a retry
        #expect(page.status == 503)
        #expect(page.header("Retry-After") == String(PageRenderer.retryAfterSeconds))
        #expect(page.body.contains("<h1>\(OfflineStrings.english.sourceDownTitle.htmlEscaped)</h1>"))
        #expect(page.body.contains("id=\"try-again\""))
        #expect(page.header("Content-Type") == "text/html; charset=utf-8")
        // And not the banner of pages shown from saved data: nothing saved is shown
        #expect(!page.body.contains("<p class=\"offline\" role=\"status\">"))
    }

    @Test(arguments: [
        "/movie/999999999", "/show/1014/\(tomorrow)/999999999", "/news/no-such-article",
        "/international/movie/999999999",
    ])
    func aThingTheSourceDoesNotHaveIsNotFound(path: String) async throws {
        // Given a server on the bundled dataset and international lists, which answer
        let server = try await WebServer.start(makeStore: InternationalPagesTests.chartsStore)
        defer { Task { await server.stop() } }
        // Then a movie, show, article or international movie it does not have is 404, on its own page
        let page = try await server.get(path, headers: ["Cookie": "lang=en"])
        #expect(page.status == 404)
        #expect(page.header("Retry-After") == nil)
        #expect(!page.body.contains(OfflineStrings.english.sourceDownTitle.htmlEscaped))
    }
}

extension String {
    /// As the pages write text: `'` is `&#39;`.
    var htmlEscaped: String { replacingOccurrences(of: "'", with: "&#39;") }
}
