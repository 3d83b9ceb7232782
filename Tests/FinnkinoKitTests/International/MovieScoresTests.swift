import AppPatterns
import Foundation
import Testing

@testable import FinnkinoKit

/// Finnkino's films matched to the bundled TMDB and OMDb entries of them, as the offline default
/// does it: each film with exactly one entry of its title and year has that entry's scores, and
/// the others (no entry, a namesake of years before, two entries of one year) have none.
@Suite struct MovieScoresTests {
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
        let listed = await store.scores(of: events, waitingAtMost: .seconds(30))
        for event in events {
            #expect(listed[event.id] == (await store.scores(for: event)))
        }
        #expect(!listed.isEmpty && listed.count < events.count)
    }

    @Test func withoutTheInternationalSourcesNothingIsMatched() async throws {
        let store = FeedStore(webService: WebService(transport: try BundledTransport(today: { Self.days[1] })))
        let events = try await store.movies(.nowInTheatres).value
        #expect(await store.scores(of: events, waitingAtMost: .seconds(1)).isEmpty)
        #expect(await store.scores(for: try #require(events.first)) == nil)
    }
}
