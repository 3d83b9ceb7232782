import AppPatterns
import AppPatternsTesting
import Foundation
import Testing

@testable import FinnkinoKit
@testable import FinnkinoPresentation

/// The International screens' view models: rows and paging; a movie's scores shown only when
/// known; unavailable lists said in words.
@Suite struct ChartViewModelTests {
    private func store(omdb: (any Transport)? = nil) throws -> FeedStore {
        let today: @Sendable () -> LocalDate = { PresentationFixtures.today }
        return FeedStore(
            webService: WebService(transport: try BundledTransport(today: today)),
            charts: .success(
                ChartSources(
                    tmdb: WebService(transport: try BundledChartsTransport(.tmdb, today: today)),
                    omdb: WebService(transport: try omdb ?? BundledChartsTransport(.omdb, today: today)))))
    }

    @Test func rowsAndTheNextPage() async throws {
        var model = ChartsViewModel(
            store: try store(), strings: .english, words: .english, now: { PresentationFixtures.morning })
        await model.load(.topRated, page: 1)
        #expect(model.outputs.rows.count == 20 && model.outputs.nextPage == 2)
        #expect(model.outputs.rows.allSatisfy { $0.posterURL?.absoluteString.contains("/w92/") == true })
        await model.load(.upcoming, page: 1)
        #expect(model.outputs.nextPage == nil && model.outputs.rows.allSatisfy { $0.facts.hasPrefix("Opens ") })
    }

    @Test func scoresOnlyWhenKnownAndNoneWhenOMDbRefuses() async throws {
        var model = ChartMovieViewModel(store: try store(), strings: .english, words: .english)
        await model.load(id: 900019)
        #expect(model.outputs.critics.map(\.source) == ["Rotten Tomatoes", "Metacritic", "IMDb"])
        // When OMDb says no (a bad key), the page has the audience's score and no critics'
        let refusing = StubTransport(.status(401, body: Data(#"{"Response":"False","Error":"Invalid API key!"}"#.utf8)))
        var without = ChartMovieViewModel(store: try store(omdb: refusing), strings: .english, words: .english)
        await without.load(id: 900019)
        #expect(without.outputs.critics.isEmpty && without.outputs.audience.hasPrefix("5.2/10"))
        #expect(without.outputs.errorMessage == nil)
    }

    @Test func unavailableListsAreSaidInWords() async {
        let store = FeedStore(webService: WebService(transport: StubTransport(.status(503))))
        var model = ChartsViewModel(store: store, strings: .finnish, words: .finnish)
        await model.load(.boxOffice, page: 1)
        #expect(model.outputs.errorMessage?.hasPrefix(UILanguage.fi.charts.unavailable) == true)
        #expect(model.outputs.rows.isEmpty)
    }
}
