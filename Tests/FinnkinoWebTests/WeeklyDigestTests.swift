import AppPatterns
import AppPatternsTesting
import FinnkinoKit
import FinnkinoPresentation
import FinnkinoStores
import Foundation
import NIOConcurrencyHelpers
import Testing

@testable import FinnkinoWeb

/// The weekly digest on the web: off until a person turns it on on the Bookmarks page (a form
/// without a script), sent at its hour once whichever instance runs the round, in the person's
/// Atom feed, with its own words for bad input.
@Suite struct WeeklyDigestTests {
    /// What a post's answer tells the person (its flash).
    private func told(_ reply: LoopbackClient.Reply) -> String? { reply.cookies["flash"]?.removingPercentEncoding }

    @Test func aDigestTurnedOnComesAtItsHourOnceAcrossInstancesAndIsInTheFeed() async throws {
        // Given two instances over one store of wanted movies, at 9:00 on Sunday 22 November 2026
        let clock = ManualClock(origin: WebServer.morning)
        let wanted = SQLiteWantedMovies()
        let bookmarks = try SQLiteBookmarkStores.inMemory()
        let server = try await WebServer.start(
            bookmarks: bookmarks, hosted: true, wanted: wanted, now: clock.dateSource)
        let other = try await WebServer.start(
            bookmarks: bookmarks, hosted: true, wanted: wanted, now: clock.dateSource)
        defer {
            Task {
                await server.stop()
                await other.stop()
            }
        }
        var a = HostedBrowser(server)
        let movies = try await WebServer.bundledStore(.fi).movies(.nowInTheatres, area: 1014).value
        let movie = try #require(movies.first)
        // And A's Bookmarks page: the digest is off, offered for Friday at 17
        _ = try await a.get("/movie/\(movie.id)")
        _ = try await a.post("/bookmarks/toggle", "movie=\(movie.id)")
        let before = try await a.get("/bookmarks").body
        #expect(
            before.contains("id=\"weekly-digest\"")
                && !before.contains("id=\"digest-on\" name=\"on\" value=\"1\" checked"))
        #expect(before.contains("<option value=\"5\" selected>pe</option>"))
        // When A turns it on for Sundays at 10, in the feed only
        let saved = try await a.post("/feeds/digest", "on=1&weekday=7&hour=10&feed=1&back=%2Fbookmarks")
        #expect(saved.status == 303)
        // Then the page says when it comes, shows the choice and the feed's address
        #expect(told(saved) == DigestStrings.finnish.saved("su 22.11. 10:00"))
        let page = try await a.get("/bookmarks").body
        #expect(page.contains("<option value=\"7\" selected>su</option>") && page.contains("id=\"digest-atom\""))
        #expect(page.contains("id=\"digest-on\" name=\"on\" value=\"1\" checked"))
        let atom = try #require(
            page.firstMatch(of: /id="digest-atom"[^>]* href="[a-z]+:\/\/[^\/]+(\/[^"]+)"/).map { String($0.output.1) })
        // And nothing is sent before 10:00
        #expect(await server.weeklyDigests.send().isEmpty)
        #expect(!(try await server.get(atom).body.contains("<entry>")))
        // When 10:00 has come and both instances run their round
        clock.advance(by: .seconds(3_630))
        let sent = await server.weeklyDigests.send()
        let sentByOther = await other.weeklyDigests.send()
        // Then one of them sent it, once, listing the bookmarked movie with its shows this week
        #expect(sent.count == 1 && sentByOther.isEmpty)
        let digest = try #require(sent.first?.digest)
        #expect(digest.text.hasPrefix(DigestStrings.finnish.heartbeat("su 29.11. 10:00")))
        #expect(digest.text.contains(movie.title + ": "))
        // And the feed has it as an entry, fetched without cookies
        let feed = try await server.get(atom).body
        #expect(feed.contains("<entry>") && feed.contains(digest.title.replacingOccurrences(of: "&", with: "&amp;")))
        #expect(feed.contains(movie.title.replacingOccurrences(of: "&", with: "&amp;")))
        // And the next round a minute later sends nothing
        clock.advance(by: .seconds(60))
        #expect(await server.weeklyDigests.send().isEmpty)
        // When A turns it off, the form says so and the feed no longer has it
        let off = try await a.post("/feeds/digest", "weekday=7&hour=10&feed=1&back=%2Fbookmarks")
        #expect(told(off) == DigestStrings.finnish.off)
        #expect(!(try await a.get("/bookmarks").body.contains("id=\"digest-atom\"")))
        #expect(!(try await server.get(atom).body.contains("<entry>")))
    }

    @Test func aDigestWhoseProgrammeCannotBeReadWaitsForTheNextRound() async throws {
        // Given a source whose 31-day programmes fail while `down` holds, and a digest due at 10:00
        let down = NIOLockedValueBox(true)
        let bundled = try BundledTransport(today: { WebServer.today })
        let makeStore: @Sendable (ContentLanguage) throws -> FeedStore = { language in
            let transport = StubTransport { request in
                if request.queryValue("nrOfDays") != nil, down.withLockedValue({ $0 }) { return .status(503) }
                let answer = bundled.response(for: request)
                return .status(answer.status, body: answer.body, headers: answer.headers)
            }
            return FeedStore(webService: WebService(transport: transport), language: language)
        }
        let clock = ManualClock(origin: WebServer.morning)
        let wanted = SQLiteWantedMovies()
        let server = try await WebServer.start(
            makeStore: makeStore, hosted: true, wanted: wanted, now: clock.dateSource)
        defer { Task { await server.stop() } }
        var a = HostedBrowser(server)
        _ = try await a.get("/bookmarks")
        #expect(try await a.post("/feeds/digest", "on=1&weekday=7&hour=10&feed=1&back=%2Fbookmarks").status == 303)
        clock.advance(by: .seconds(3_630))
        // When the round comes while the programme cannot be read, nothing is sent (it would say
        // that nothing is on) and the digest stays due
        #expect(await server.weeklyDigests.send().isEmpty)
        let person = try #require(try wanted.digestsDue(at: clock.dateSource(), after: nil, limit: 10).first)
        #expect(person.last == nil)
        // Then the next round, the source back, sends it
        down.withLockedValue { $0 = false }
        #expect(await server.weeklyDigests.send().map(\.person) == [person.person])
    }

    @Test func badDigestChoicesChangeNothing() async throws {
        let server = try await WebServer.start(hosted: true)
        defer { Task { await server.stop() } }
        var a = HostedBrowser(server)
        _ = try await a.get("/bookmarks")
        // A day or an hour the form never offers is refused
        for body in [
            "on=1&weekday=8&hour=10&push=1", "on=1&weekday=0&hour=10&push=1", "on=1&weekday=1&hour=24&push=1",
            "on=1&weekday=x&hour=10&push=1", "on=1&hour=10&push=1",
        ] {
            #expect(try await a.post("/feeds/digest", body).status == 400, "\(body)")
        }
        // On, but going nowhere, is said and changes nothing
        let nowhere = try await a.post("/feeds/digest", "on=1&weekday=1&hour=10&back=%2Fbookmarks")
        #expect(nowhere.status == 303)
        #expect(told(nowhere) == DigestStrings.finnish.nowhere)
        #expect(!(try await a.get("/bookmarks").body.contains("id=\"digest-on\" name=\"on\" value=\"1\" checked")))
        // And a post without the form's token is refused
        #expect(try await a.post("/feeds/digest", "on=1&weekday=1&hour=10&push=1", token: "x").status == 403)
    }
}
