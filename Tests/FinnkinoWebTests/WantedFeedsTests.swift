import FinnkinoKit
import FinnkinoPresentation
import Foundation
import Testing

@testable import FinnkinoWeb

/// The private feeds of a person's wanted movies: found under their wanted movies on the
/// Bookmarks page, fetched without cookies, theirs alone, renewable.
@Suite struct WantedFeedsTests {
    /// The address `id`'s link on `page` has, without its scheme and host.
    private static func link(_ id: String, in page: String) throws -> String? {
        guard let match = page.firstMatch(of: try Regex("id=\"\(id)\"[^>]* href=\"[a-z]+://[^/]+(/[^\"]+)\"")) else {
            return nil
        }
        return match.output[1].substring.map(String.init)
    }

    @Test func aPersonsFeedsListTheirWantedMoviesAndRenewalEndsTheOldAddresses() async throws {
        let server = try await WebServer.start(hosted: true)
        defer { Task { await server.stop() } }
        var a = HostedBrowser(server)
        var b = HostedBrowser(server)
        let movies = try await WebServer.bundledStore(.fi).movies(.nowInTheatres, area: 1002).value
        let movie = try #require(movies.first)
        // Given A's Bookmarks page before A wants anything: no feeds
        #expect(!(try await a.get("/bookmarks").body.contains("id=\"wanted-movies\"")))
        // When A wants a movie on in Helsinki
        _ = try await a.post("/movies/wanted", "movie=\(movie.id)&wanted=yes")
        let page = try await a.get("/bookmarks").body
        // Then the page lists it, not yet announced, with a webcal: calendar and an Atom feed
        #expect(page.contains("data-movie=\"\(movie.id)\"") && page.contains(AlertStrings.finnish.notYet))
        #expect(page.contains("href=\"webcal://127.0.0.1/feeds/"))
        let calendar = try #require(try Self.link("calendar-feed", in: page))
        let atom = try #require(try Self.link("atom-feed", in: page))
        // And the calendar, fetched without cookies, has the movie's shows in Helsinki, nothing else
        let ics = try await server.get(calendar)
        #expect(ics.status == 200 && ics.header("Content-Type") == "text/calendar; charset=utf-8")
        #expect(ics.header("Cache-Control") == "private, no-cache" && ics.cookies.isEmpty)
        let summaries = ics.body.components(separatedBy: "\r\n").filter { $0.hasPrefix("SUMMARY:") }
        #expect(!summaries.isEmpty)
        #expect(Set(summaries) == ["SUMMARY:" + movie.title.replacingOccurrences(of: ",", with: "\\,")])
        // And the Atom feed has no entry until the check announces it, then one saying where and when
        #expect(!(try await server.get(atom).body.contains("<entry>")))
        let told = try #require(await server.wantedMovieWatch.check().first)
        let feed = try await server.get(atom)
        #expect(feed.header("Content-Type") == "application/atom+xml; charset=utf-8")
        #expect(feed.body.contains("<entry>") && feed.body.contains("/movie/\(movie.id)"))
        #expect(feed.body.contains(told.theatre.replacingOccurrences(of: "&", with: "&amp;")))
        // And B has no feeds; a token altered by one character is nobody's
        #expect(!(try await b.get("/bookmarks").body.contains("id=\"wanted-movies\"")))
        var altered = Array(calendar)
        let index = altered.index(altered.startIndex, offsetBy: "/feeds/".count + 20)
        altered[index] = altered[index] == "A" ? "B" : "A"
        #expect(try await server.get(String(altered)).status == 404)
        // and the calendar's token does not open the Atom feed
        let calendarToken = calendar.dropFirst("/feeds/".count).prefix { $0 != "/" }
        #expect(try await server.get("/feeds/\(calendarToken)/atom.xml").status == 404)
        // When A renews the addresses
        let renewed = try await a.post("/feeds/renew", "back=%2Fbookmarks")
        #expect(renewed.status == 303)
        // Then the old ones are not found, and the new ones work
        #expect(try await server.get(calendar).status == 404)
        #expect(try await server.get(atom).status == 404)
        let newPage = try await a.get("/bookmarks").body
        let newCalendar = try #require(try Self.link("calendar-feed", in: newPage))
        #expect(newCalendar != calendar)
        #expect(try await server.get(newCalendar).status == 200)
        // And once A is erased, their addresses are nobody's
        _ = try await a.post("/me/delete", "confirm=yes")
        #expect(try await server.get(newCalendar).status == 404)
    }
}
