import AppPatterns
import FinnkinoKit
import Foundation
import Testing

@testable import FinnkinoWeb

/// After a restart the app opens where the user left it (the memento of its place).
@Suite struct PlaceRestorationTests {
    @Test func aRestartOpensTheLastPageAndEachTabAsItWasLeft() async throws {
        // Given a server where the user searched coming-soon movies in Tampere, then read a news category
        let storage = InMemorySnapshotStorage()
        let first = try await WebServer.start(stateStorage: storage)
        #expect(try await first.get("/movies?area=1021&list=soon&q=ai&scope=contains").status == 200)
        #expect(try await first.get("/news?category=1").status == 200)
        await first.stop()
        // When the server starts again on the same state
        let second = try await WebServer.start(stateStorage: storage)
        defer { Task { await second.stop() } }
        // Then / opens the news category, and the Movies tab comes back with its area, list and search
        let root = try await second.get("/")
        #expect(root.status == 302 && root.header("Location") == "/news?category=1")
        let news = try await second.get("/news").body
        #expect(news.contains("data-live=\"/news?category=1\""))
        let movies = try await second.get("/movies").body
        #expect(movies.contains("<option value=\"1021\" selected>"))
        #expect(movies.contains("value=\"ai\""))
        #expect(movies.contains("name=\"scope\" value=\"contains\" checked"))
        #expect(movies.contains("data-live=\"/movies?area=1021&amp;list=soon&amp;q=ai&amp;scope=contains\""))
    }

    @Test func aMoviePageIsWhereTheAppReopens() async throws {
        // Given the user left the app on a movie's page
        let storage = InMemorySnapshotStorage()
        let movie = try #require(try await WebServer.bundledStore(.fi).movies().value.first)
        let first = try await WebServer.start(stateStorage: storage)
        #expect(try await first.get("/movie/\(movie.id)").status == 200)
        #expect(try await first.get("/movie/1").status == 404)
        await first.stop()
        // When the app starts again, / opens that movie (not the missing one asked for after it)
        let second = try await WebServer.start(stateStorage: storage)
        defer { Task { await second.stop() } }
        #expect(try await second.get("/").header("Location") == "/movie/\(movie.id)")
    }

    @Test func theChosenLanguageOutlivesTheCookieAndARestart() async throws {
        // Given a user who chose Swedish
        let storage = InMemorySnapshotStorage()
        let first = try await WebServer.start(stateStorage: storage)
        let token = try #require(try await first.get("/news").cookies["csrf"])
        let chosen = try await first.client.request(
            "POST", "/settings/language",
            headers: ["Content-Type": "application/x-www-form-urlencoded", "Cookie": "csrf=\(token)"],
            body: "language=sv&csrf=\(first.formToken(token))&back=%2Fnews")
        #expect(chosen.status == 303 && chosen.cookies["lang"] == "sv")
        await first.stop()
        // When the server starts again and a browser without the cookie, preferring English, opens a page
        let second = try await WebServer.start(stateStorage: storage)
        defer { Task { await second.stop() } }
        let page = try await second.get("/news", headers: ["Accept-Language": "en"]).body
        // Then the page is in Swedish, its interface and its content
        #expect(page.contains("<html lang=\"sv\">") && page.contains("<title>Nyheter – Finnkino</title>"))
        // And a browser's own cookie still wins
        let english = try await second.get("/news", headers: ["Cookie": "lang=en"]).body
        #expect(english.contains("<html lang=\"en\">"))
    }

    @Test(arguments: [Data("garbage".utf8), Data("{\"version\":99,\"savedAt\":0,\"state\":{}}".utf8), Data()])
    func anUnreadablePlaceStartsFromTheBeginning(snapshot: Data) async throws {
        // Given a saved place that cannot be read
        let storage = InMemorySnapshotStorage()
        try storage.save(snapshot, for: "place")
        // When the server starts on it
        let server = try await WebServer.start(stateStorage: storage)
        defer { Task { await server.stop() } }
        // Then it opens on the Movies tab of Helsinki, as on a first start
        #expect(try await server.get("/").header("Location") == "/movies")
        let movies = try await server.get("/movies")
        #expect(movies.status == 200 && movies.body.contains("<option value=\"1002\" selected>"))
    }
}
