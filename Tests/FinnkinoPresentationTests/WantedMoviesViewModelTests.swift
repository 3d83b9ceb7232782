import FinnkinoKit
import FinnkinoPresentation
import FinnkinoStores
import Foundation
import Testing

/// "Tell me when it's on" without HTTP: wanting, the limit, a movie the source does not list,
/// no longer wanting, new feed addresses.
@Suite struct WantedMoviesViewModelTests {
    @Test func wantAndUnwantSayWhichMovie() async throws {
        let store = try PresentationFixtures.bundledStore()
        let movie = try #require(try await store.movies(.comingSoon).value.first)
        let wanted = SQLiteWantedMovies()
        let person = PersonID(rawValue: 7)
        var viewModel = WantedMoviesViewModel(store: store, wanted: wanted, person: person, language: .en)
        let wanting = try await viewModel.wantSelected(movie.id)
        #expect(wanting == .wanted)
        #expect(viewModel.outputs.message == AlertStrings.english.wanted(movie.title))
        #expect(try wanted.wanted(by: person).map(\.title) == [movie.title])
        let unwanting = try viewModel.unwantSelected(movie.id)
        #expect(unwanting == .unwanted)
        #expect(viewModel.outputs.message == AlertStrings.english.unwanted(movie.title))
        #expect(try wanted.wanted(by: person).isEmpty)
        // A movie no longer wanted, unknown to the list: named by its ID
        let unwantingAnUnknown = try viewModel.unwantSelected(42)
        #expect(unwantingAnUnknown == .unwanted)
        #expect(
            viewModel.outputs.message == AlertStrings.english.unwanted(ShowStrings.english.movieNoLongerListed("42")))
    }

    @Test func aMovieTheSourceDoesNotListIsNotWanted() async throws {
        let wanted = SQLiteWantedMovies()
        var viewModel = WantedMoviesViewModel(
            store: try PresentationFixtures.bundledStore(), wanted: wanted, person: PersonID(rawValue: 7),
            language: .en)
        let wantingAnUnknown = try await viewModel.wantSelected(999_999_999)
        #expect(wantingAnUnknown == .notListed)
        #expect(try wanted.wanted(by: PersonID(rawValue: 7)).isEmpty && viewModel.outputs.message == nil)
    }

    @Test func beyondTheLimitItSaysSoAndRenewingChangesTheFeeds() async throws {
        let store = try PresentationFixtures.bundledStore()
        let movie = try #require(try await store.movies().value.first)
        let wanted = SQLiteWantedMovies()
        let person = PersonID(rawValue: 7)
        for id in 1...WantedMovieLimits.perPerson { _ = try wanted.want(id, title: "M\(id)", by: person, now: Date()) }
        var viewModel = WantedMoviesViewModel(store: store, wanted: wanted, person: person, language: .fi)
        let wantingTooMany = try await viewModel.wantSelected(movie.id)
        #expect(wantingTooMany == .full)
        #expect(viewModel.outputs.message == AlertStrings.finnish.full)
        let generation = try wanted.feedGeneration(of: person)
        let renewing = try viewModel.renewFeedsSelected()
        #expect(renewing == .feedsRenewed)
        #expect(try wanted.feedGeneration(of: person) != generation)
        #expect(viewModel.outputs.message == AlertStrings.finnish.feedsRenewed)
    }
}
