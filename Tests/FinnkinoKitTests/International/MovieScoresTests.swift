import AppPatterns
import AppPatternsTesting
import Foundation
import NIOConcurrencyHelpers
import TestSupport
import Testing

@testable import FinnkinoKit

/// Finnkino's films matched to the bundled TMDB and OMDb entries of them, as the offline default
/// does it: each film with exactly one entry of its title and year has that entry's scores, and
/// the others (no entry, a namesake of years before, two entries of one year) have none.
@Suite(.timeLimit(.minutes(3))) struct MovieScoresTests {
    /// The dataset's anchor, and a day 612 days later (years of the anchor read as the next year).
    static let days = [LocalDate(year: 2025, month: 3, day: 24), LocalDate(year: 2026, month: 11, day: 26)]

    private func store(today: LocalDate) throws -> FeedStore {
        let charts = ChartSources(
            tmdb: WebService(transport: try BundledChartsTransport(.tmdb, today: { today })),
            omdb: WebService(transport: try BundledChartsTransport(.omdb, today: { today })))
        return FeedStore(
            webService: WebService(transport: try BundledTransport(today: { today })), charts: .success(charts))
    }

    /// TMDB's entries as the dataset writes them (those of Finnkino's films and those of the lists,
    /// one of which shares a film's title and year): original title, year, votes, average, IMDb ID,
    /// by TMDB ID.
    private func entries() throws -> [Int: (title: String, year: Int, votes: Int, average: Double, imdb: String)] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/FinnkinoKit/Bundled/charts/movie")
        var entries: [Int: (String, Int, Int, Double, String)] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".json") {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let id = try #require(object["id"] as? Int)
            guard let year = Int((object["release_date"] as? String ?? "").prefix(4)) else { continue }
            entries[id] = (
                try #require(object["original_title"] as? String), year, try #require(object["vote_count"] as? Int),
                (object["vote_average"] as? NSNumber)?.doubleValue ?? -1, try #require(object["imdb_id"] as? String)
            )
        }
        return entries
    }

    @Test(arguments: days) func eachFilmHasTheScoresOfItsOneEntryAndNoOtherFilmHasAny(today: LocalDate) async throws {
        let store = try store(today: today)
        let entries = try entries()
        let events = try await store.movies(.nowInTheatres).value + store.movies(.comingSoon).value
        let films = events.filter { $0.eventType == .movie }
        var matched = 0
        var namesakes = 0
        var twins = 0
        for event in films {
            // The dataset's production years are the anchor's: compared as written
            let year = try #require(event.productionYear) - (today.year - Self.days[0].year)
            let sameTitle = entries.filter { $0.value.title.lowercased() == event.originalTitle.lowercased() }
            let fitting = sameTitle.filter { abs($0.value.year - year) <= 1 }
            let scores = await store.scores(for: event)
            if fitting.count == 1, let entry = fitting.first {
                matched += 1
                #expect(scores?.tmdbID == entry.key, "\(event.originalTitle)")
                #expect(scores?.audienceVotes == entry.value.votes)
                #expect(scores?.audience == (entry.value.votes > 0 ? entry.value.average : nil))
                #expect(scores?.critics?.imdbID == entry.value.imdb)
            } else {
                #expect(scores == nil, "\(event.originalTitle) matched \(String(describing: scores?.tmdbID))")
                if fitting.count > 1 { twins += 1 } else if !sameTitle.isEmpty { namesakes += 1 }
            }
        }
        // Every kind is there: most films matched, some to a namesake or twins only
        #expect(matched > films.count / 2)
        #expect(namesakes > 0 && twins > 0 && matched + namesakes + twins < films.count)
    }

    @Test func aListsScoresAreThoseOfItsFilmsOneByOne() async throws {
        let store = try store(today: Self.days[1])
        let events = try await store.movies(.nowInTheatres).value
        // Given each film matched on its own
        var each: [Int: MovieScores] = [:]
        for event in events {
            if let scores = await store.scores(for: event) { each[event.id] = scores }
        }
        // Then the list has their scores, known at once (no waiting needed: a 1 ms limit)
        let listed = await store.scores(of: events, waitingAtMost: .milliseconds(1))
        #expect(listed == each)
        #expect(!listed.isEmpty && listed.count < events.count)
    }

    @Test func withoutTheInternationalSourcesNothingIsMatched() async throws {
        let store = FeedStore(webService: WebService(transport: try BundledTransport(today: { Self.days[1] })))
        let events = try await store.movies(.nowInTheatres).value
        #expect(await store.scores(of: events, waitingAtMost: .seconds(1)).isEmpty)
        #expect(await store.scores(for: try #require(events.first)) == nil)
    }

    // MARK: What is kept, and for how long a list waits

    /// A store whose TMDB answers come from `tmdb` (OMDb: the bundled one), on `now`'s time.
    private func store(tmdb: StubTransport, now: @escaping @Sendable () -> Date = Date.init) throws -> FeedStore {
        let charts = ChartSources(
            tmdb: WebService(transport: tmdb, offlineRetryInterval: 0),
            omdb: WebService(transport: try BundledChartsTransport(.omdb, today: { Self.days[1] })))
        return FeedStore(
            webService: WebService(transport: try BundledTransport(today: { Self.days[1] })), charts: .success(charts),
            now: now)
    }

    @Test func aListsKeptScoresAreMatchedAnewWhenTheFirstOfThemExpires() async throws {
        let clock = NIOLockedValueBox(Date(timeIntervalSince1970: 1_800_000_000))
        let store = try store(tmdb: try countingBundledTMDB(), now: { clock.withLockedValue { $0 } })
        let events = try await store.movies(.nowInTheatres).value
        // Given a list whose films are all matched or known to have no match
        let first = await store.scores(of: events, waitingAtMost: .seconds(60))
        let revision = store.scoresRevision
        #expect(!first.isEmpty && revision == events.count)
        // When it is asked for again within the hour, then what was found is given, and nothing
        // is matched anew
        clock.withLockedValue { $0 += 3_000 }
        #expect(await store.scores(of: events, waitingAtMost: .seconds(60)) == first)
        #expect(store.scoresRevision == revision)
        // When the shortest time any of them is kept has passed (an hour: a match without the
        // critics' scores, or a day), then the list's films whose time is up are matched anew, each
        // once: a list kept on would show them forever
        clock.withLockedValue { $0 += 25 * 3_600 }
        #expect(await store.scores(of: events, waitingAtMost: .seconds(60)) == first)
        #expect(store.scoresRevision == revision + events.count)
        #expect(await store.scores(of: events, waitingAtMost: .seconds(60)) == first)
        #expect(store.scoresRevision == revision + events.count)
    }

    /// The bundled TMDB, counting what it is asked.
    private func countingBundledTMDB(delay: Duration? = nil) throws -> StubTransport {
        let bundled = try BundledChartsTransport(.tmdb, today: { Self.days[1] })
        return StubTransport(delay: delay) { request in
            let response = bundled.response(for: request)
            return .status(response.status, body: response.body, headers: response.headers)
        }
    }

    /// A TMDB search page of `movies` (title and release date each).
    private func searchPage(_ movies: [(id: Int, title: String, released: String)]) -> Data {
        let items = movies.map { movie in
            #"{"adult":false,"backdrop_path":null,"genre_ids":[],"id":\#(movie.id),"original_language":"en","#
                + #""original_title":"\#(movie.title)","overview":"","popularity":1,"poster_path":null,"#
                + #""release_date":"\#(movie.released)","title":"\#(movie.title)","video":false,"#
                + #""vote_average":7,"vote_count":100}"#
        }
        return Data(
            (#"{"page":1,"results":["# + items.joined(separator: ",") + #"],"total_pages":1,"total_results":1}"#).utf8)
    }

    @Test func aNoMatchIsKeptAndNotAskedForAgain() async throws {
        let tmdb = try countingBundledTMDB()
        let store = try store(tmdb: tmdb)
        // Given a film of the dataset that TMDB has only a namesake of
        var event = try #require(try await store.movies().value.first { $0.eventType == .movie })
        event.originalTitle = "No Such Film Anywhere"
        #expect(await store.scores(for: event) == nil)
        let asked = tmdb.receivedRequests.count
        #expect(asked == 2)  // with the year, and without
        // When it is asked for again, then TMDB is not
        #expect(await store.scores(for: event) == nil)
        #expect(await store.scores(of: [event], waitingAtMost: .seconds(5)).isEmpty)
        #expect(tmdb.receivedRequests.count == asked)
    }

    @Test func aFailingSourceIsNotAskedOnEveryRequest() async throws {
        let tmdb = StubTransport(.status(500, body: Data(#"{"success":false}"#.utf8)))
        let store = try store(tmdb: tmdb)
        let event = try #require(try await store.movies().value.first { $0.eventType == .movie })
        #expect(await store.scores(for: event) == nil)
        let asked = tmdb.receivedRequests.count
        #expect(asked >= 1)
        #expect(await store.scores(for: event) == nil)
        #expect(tmdb.receivedRequests.count == asked)
    }

    @Test func twinsOfTheYearStayTwinsWhenTheSearchWithoutTheYearFindsOne() async throws {
        // Given two films of one title and year, of which the search without the year finds one
        let tmdb = StubTransport { request in
            guard request.path == "/3/search/movie" else { return .status(404) }
            let twins = request.queryValue("year") != nil
            return .status(
                200,
                body: searchPage(
                    twins
                        ? [(1, "Twins", "2026-03-01"), (2, "Twins", "2026-05-01")] : [(1, "Twins", "2026-03-01")]))
        }
        let store = try store(tmdb: tmdb)
        var event = try #require(try await store.movies().value.first { $0.eventType == .movie })
        event.originalTitle = "Twins"
        event.productionYear = 2026
        // Then the event is neither
        #expect(await store.scores(for: event) == nil)
    }

    @Test func aListWaitsNoLongerThanItsLimitAndTheMatchingGoesOn() async throws {
        // Given a TMDB whose answers come only when its clock is moved on (2 s each)
        let clock = ManualClock()
        let bundled = try BundledChartsTransport(.tmdb, today: { Self.days[1] })
        let tmdb = StubTransport(delay: .seconds(2), clock: clock) { request in
            let response = bundled.response(for: request)
            return .status(response.status, body: response.body, headers: response.headers)
        }
        let store = try store(tmdb: tmdb)
        // (three films that have a match, as a store with the bundled TMDB finds)
        let reference = try self.store(today: Self.days[1])
        var events: [Event] = []
        for event in try await store.movies().value where events.count < 3 {
            if await reference.scores(for: event) != nil { events.append(event) }
        }
        #expect(events.count == 3)
        // When a list asks for their scores, waiting at most 200 ms
        let started = ContinuousClock.now
        let first = await store.scores(of: events, waitingAtMost: .milliseconds(200))
        // Then it returns without them, not waiting for answers that have not come
        #expect(first.isEmpty)
        #expect(ContinuousClock.now - started < .seconds(20))
        // And the matching goes on: once the answers come, a later list has them
        // (the clock is moved on whether or not a request sleeps on it yet: waiting for a sleeper
        // would hang once the last answer has come)
        var later: [Int: MovieScores] = [:]
        await poll(every: .milliseconds(20), upTo: .seconds(30)) {
            clock.advance(by: .seconds(2))
            later = await store.scores(of: events, waitingAtMost: .milliseconds(50))
            return later.count >= events.count
        }
        #expect(later.count == events.count)
    }
}
