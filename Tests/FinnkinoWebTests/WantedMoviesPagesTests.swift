import FinnkinoKit
import FinnkinoPresentation
import FinnkinoStores
import Foundation
import Testing

@testable import FinnkinoWeb

/// "Tell me when it's on" on a movie's page: one person's wanted movie, checked with everyone's
/// after a schedule refresh, announced on their page once; nobody else's page changes.
@Suite struct WantedMoviesPagesTests {
    private static func cards(_ page: String) throws -> [Int] {
        page.matches(of: try Regex(#"class="movie-link" href="/movie/([0-9]+)""#)).compactMap {
            $0.output[1].substring.flatMap { Int($0) }
        }
    }

    @Test func aWantedMovieIsAnnouncedToItsPersonOnceOnItsPage() async throws {
        let wanted = SQLiteWantedMovies()
        let server = try await WebServer.start(hosted: true, wanted: wanted)
        defer { Task { await server.stop() } }
        var a = HostedBrowser(server)
        var b = HostedBrowser(server)
        // Given a movie on in Helsinki (the home area of a person who never chose one)
        let movie = try #require(try Self.cards(try await a.get("/movies?area=1002&list=now").body).first)
        let page = try await a.get("/movie/\(movie)").body
        // Then its page, with shows and not bookmarked, offers no "Tell me"
        #expect(!page.contains("id=\"wanted\""))
        _ = try await b.get("/movie/\(movie)")
        // When A asks all the same (as from a bookmarked movie's page)
        let asked = try await a.post("/movies/wanted", "movie=\(movie)&wanted=yes&back=%2Fmovie%2F\(movie)")
        #expect(asked.status == 303)
        // Then A's page shows the toggle pressed, waiting; B's shows nothing
        let waiting = try await a.get("/movie/\(movie)").body
        #expect(waiting.contains("id=\"wanted\" aria-describedby=\"wanted-status\" aria-pressed=\"true\""))
        #expect(waiting.contains(AlertStrings.finnish.waiting))
        #expect(!(try await b.get("/movie/\(movie)").body.contains("id=\"wanted\"")))
        // When the check runs after a refresh, A is told once: which movie, where, from when
        let told = await server.wantedMovieWatch.check()
        let announcement = try #require(told.first)
        #expect(told.count == 1 && announcement.movieID == movie && announcement.area == 1002)
        #expect(announcement.firstShow > WebServer.morning && announcement.theatre.contains("Helsinki"))
        #expect(await server.wantedMovieWatch.check().isEmpty)
        let announced = try await a.get("/movie/\(movie)").body
        let text = AlertStrings.finnish.announcement(announcement)
        #expect(text.contains(announcement.theatre))
        #expect(announced.contains(text.replacingOccurrences(of: "'", with: "&#39;")))
        // When A no longer wants it, the page is as before
        let unasked = try await a.post("/movies/wanted", "movie=\(movie)&wanted=no&back=%2Fmovie%2F\(movie)")
        #expect(unasked.status == 303)
        #expect(!(try await a.get("/movie/\(movie)").body.contains("id=\"wanted\"")))
        #expect(try wanted.waiting(after: nil, limit: 10).isEmpty)
    }

    @Test func aComingSoonMovieOffersItAndBadFormsAreRefused() async throws {
        let server = try await WebServer.start(hosted: true)
        defer { Task { await server.stop() } }
        var a = HostedBrowser(server)
        // Given a coming-soon movie without shows in the next week
        var offered: Int?
        for movie in try Self.cards(try await a.get("/movies?area=1002&list=soon").body) {
            let page = try await a.get("/movie/\(movie)").body
            if page.contains(ShowStrings.finnish.noUpcomingShows) {
                // Then its page offers "Tell me when it's on", not pressed
                #expect(page.contains("id=\"wanted\" aria-describedby=\"wanted-status\" aria-pressed=\"false\""))
                offered = movie
                break
            }
        }
        let movie = try #require(offered, "a coming-soon movie without shows next week")
        // And what is not a form of it is refused; a movie the source does not list is not found
        for body in ["movie=abc&wanted=yes", "movie=-5&wanted=yes", "movie=\(movie)&wanted=maybe", "wanted=yes"] {
            #expect(try await a.post("/movies/wanted", body + "&back=%2F").status == 400, "\(body)")
        }
        #expect(try await a.post("/movies/wanted", "movie=999999&wanted=yes&back=%2F").status == 404)
        #expect(
            !(try await a.get("/movie/\(movie)").body.contains("aria-pressed=\"true\">\(AlertStrings.finnish.tellMe)")))
    }
}
