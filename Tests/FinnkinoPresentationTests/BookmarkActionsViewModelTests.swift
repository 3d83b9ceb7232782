import AppPatterns
import FinnkinoStores
import Foundation
import Testing

@testable import FinnkinoKit
@testable import FinnkinoPresentation

/// The bookmark actions every page offers, as view-model inputs: a Finnkino movie and an
/// international list's movie take the same path; undo and redo say what they did.
@Suite struct BookmarkActionsViewModelTests {
    private func chartsStore() throws -> FeedStore {
        let today: @Sendable () -> LocalDate = { PresentationFixtures.today }
        return FeedStore(
            webService: WebService(transport: try BundledTransport(today: today)),
            charts: .success(
                ChartSources(
                    tmdb: WebService(transport: try BundledChartsTransport(.tmdb, today: today)),
                    omdb: WebService(transport: try BundledChartsTransport(.omdb, today: today)))))
    }

    private func viewModel(_ store: FeedStore, _ bookmarks: BookmarkStore) -> BookmarkActionsViewModel {
        BookmarkActionsViewModel(
            store: store, bookmarks: bookmarks, language: .en, now: { PresentationFixtures.morning })
    }

    @Test func aFinnkinoMovieAndAnInternationalOneAreToggledAlike() async throws {
        // Given an empty list, a Finnkino movie and an international one
        let store = try chartsStore()
        let bookmarks = try SQLiteBookmarkStore.inMemory()
        let movie = try #require(try await store.movies(.nowInTheatres).value.first)
        var actions = viewModel(store, bookmarks)
        // When each is toggled
        await actions.bookmarkToggled(Bookmark.Key(.finnkino, movie.id))
        let words = UIStrings.english
        #expect(actions.outputs.message == words.bookmarkAdded(movie.title))
        #expect(bookmarks.contains(movieID: movie.id))
        await actions.bookmarkToggled(Bookmark.Key(.international, 900019))
        // Then both are bookmarked, each from its own source
        #expect(actions.outputs.message?.hasPrefix("Bookmarked ") == true)
        #expect(bookmarks.all().map(\.source).sorted { "\($0)" < "\($1)" } == [.finnkino, .international])
        #expect(bookmarks.contains(movieID: 900019, source: .international))
        // When the international one is toggled again, its bookmark goes
        await actions.bookmarkToggled(Bookmark.Key(.international, 900019))
        #expect(actions.outputs.message?.hasPrefix("Removed ") == true)
        #expect(bookmarks.all().map(\.movieID) == [movie.id])
    }

    @Test func undoAndRedoSayWhatTheyDidAndWhenThereIsNothing() async throws {
        let store = try PresentationFixtures.bundledStore()
        let bookmarks = try SQLiteBookmarkStore.inMemory()
        let movie = try #require(try await store.movies(.nowInTheatres).value.first)
        let words = UIStrings.english
        var actions = viewModel(store, bookmarks)
        actions.undoSelected()
        #expect(actions.outputs.message == words.nothingToUndo)
        await actions.bookmarkToggled(Bookmark.Key(.finnkino, movie.id))
        actions.undoSelected()
        #expect(actions.outputs.message == words.undone(words.bookmarkAdded(movie.title)) && bookmarks.all().isEmpty)
        actions.redoSelected()
        #expect(actions.outputs.message == words.redone(words.bookmarkAdded(movie.title)) && bookmarks.all().count == 1)
        actions.redoSelected()
        #expect(actions.outputs.message == words.nothingToRedo)
    }

    @Test func aMovieNoSourceKnowsIsNotBookmarkedAndSaysSo() async throws {
        let bookmarks = try SQLiteBookmarkStore.inMemory()
        var actions = viewModel(try chartsStore(), bookmarks)
        await actions.bookmarkToggled(Bookmark.Key(.international, 999_999_999))
        #expect(actions.outputs.message == UIStrings.english.bookmarksFailed)
        await actions.bookmarkToggled(Bookmark.Key(.finnkino, 999_999_999))
        #expect(actions.outputs.message == UIStrings.english.bookmarksFailed)
        #expect(bookmarks.all().isEmpty)
    }
}
