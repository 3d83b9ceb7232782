import FinnkinoKit
import FinnkinoPresentation
import Foundation
import Testing

/// Not interested, without HTTP: hiding, bringing back one or all, and the list of what is hidden.
@Suite struct HiddenMoviesViewModelTests {
    @Test func hideThenBringBackSaysWhichMovie() async throws {
        let store = try PresentationFixtures.bundledStore()
        let movie = try #require(try await store.movies().value.first)
        let place = MemoryPlace()
        var viewModel = HiddenMoviesViewModel(store: store, place: place, language: .en)
        await viewModel.hideSelected(movie.id)
        #expect(place.place.notInterested == [movie.id])
        #expect(viewModel.outputs.message == ShowStrings.english.hidden(movie.title))
        await viewModel.bringBackSelected(movie.id)
        #expect(place.place.notInterested == [])
        #expect(viewModel.outputs.message == ShowStrings.english.broughtBack(movie.title))
    }

    @Test func theListNamesListedMoviesAndThoseNoLongerListed() async throws {
        let store = try PresentationFixtures.bundledStore()
        let movie = try #require(try await store.movies().value.first)
        var place = AppPlace()
        place.hide(movie.id)
        place.hide(42)
        var viewModel = HiddenMoviesViewModel(store: store, place: MemoryPlace(place), language: .en)
        await viewModel.load()
        let rows = viewModel.outputs.rows
        #expect(rows.map(\.id) == [42, movie.id])
        #expect(rows[0].title == ShowStrings.english.movieNoLongerListed("42") && !rows[0].isListed)
        #expect(rows[1].title == movie.title && rows[1].isListed && rows[1].thumbnailURL == movie.images.thumbnail)
        #expect(viewModel.outputs.emptyMessage == nil)
    }

    @Test func bringAllBackEmptiesTheListAndSaysHowMany() async throws {
        var hidden = AppPlace()
        for id in [1, 2, 3] { hidden.hide(id) }
        let place = MemoryPlace(hidden)
        var viewModel = HiddenMoviesViewModel(
            store: try PresentationFixtures.bundledStore(), place: place, language: .fi)
        viewModel.bringAllBackSelected()
        #expect(place.place.notInterested == nil)
        #expect(viewModel.outputs.message == ShowStrings.finnish.allBroughtBack("3"))
        await viewModel.load()
        #expect(viewModel.outputs.rows.isEmpty && viewModel.outputs.emptyMessage == ShowStrings.finnish.noHiddenMovies)
        // Nothing hidden: nothing changes, and it says so
        viewModel.bringAllBackSelected()
        #expect(viewModel.outputs.message == ShowStrings.finnish.noHiddenMovies)
        #expect(place.changes.withLockedValue { $0 } == 1)
    }
}
