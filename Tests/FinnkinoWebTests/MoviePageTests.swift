import AppPatternsTesting
import FinnkinoKit
import Foundation
import Testing

@testable import FinnkinoWeb

/// A movie's page, served: what it keeps between requests.
@Suite struct MoviePageTests {
    @Test func aMoviesNextDaysAreKeptOnceAndMadeAgainInALaterMinute() async throws {
        // Given the app at 9:00 on Sunday 22 November 2026, and a movie with shows today
        let clock = ManualClock(origin: WebServer.morning)
        let server = try await WebServer.start(now: clock.dateSource)
        defer { Task { await server.stop() } }
        let movies = try await WebServer.bundledStore(.fi).movies(.nowInTheatres, area: 1014).value
        let todays = try Regex(#"/show/[0-9]+/2026-11-22/[0-9]+"#)
        var movie: Int?
        for candidate in movies where movie == nil {
            if try await server.get("/movie/\(candidate.id)").body.contains(todays) { movie = candidate.id }
        }
        let id = try #require(movie, "a movie with shows today")
        let kept = { server.movieShowsMade.keysByRecency.filter { $0.movie == id }.count }
        #expect(kept() == 1)
        // When its page is opened again in each of the next five minutes
        for _ in 1...5 {
            clock.advance(by: .seconds(60))
            #expect(try await server.get("/movie/\(id)").status == 200)
        }
        // Then its next days are kept once, not once a minute
        #expect(kept() == 1)
        // And the next day, today's shows have left its page: made anew, not the kept ones
        clock.advance(by: .seconds(86_400))
        let tomorrow = try await server.get("/movie/\(id)").body
        #expect(!tomorrow.contains(todays))
        #expect(kept() == 1)
    }
}
