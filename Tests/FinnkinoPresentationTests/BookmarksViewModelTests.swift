import AppPatterns
import FinnkinoStores
import Foundation
import NIOConcurrencyHelpers
import Testing

@testable import FinnkinoKit
@testable import FinnkinoPresentation

/// The bundled transport, counting the Schedule requests that reach it.
private final class CountingTransport: Transport {
    let inner: BundledTransport
    let scheduleRequests = NIOLockedValueBox<[String]>([])

    init() throws {
        inner = try BundledTransport(today: { PresentationFixtures.today })
    }

    var sourceDescription: String { inner.sourceDescription }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        if request.path.hasSuffix("/xml/Schedule/") {
            scheduleRequests.withLockedValue { $0.append(request.queryValue("dt") ?? "") }
        }
        return try await inner.send(request)
    }
}

@Suite struct BookmarksViewModelTests {
    let today = PresentationFixtures.today
    let morning = PresentationFixtures.morning

    func viewModel(_ store: FeedStore, _ bookmarks: BookmarkStore, strings: UIStrings = .english)
        -> BookmarksViewModel
    {
        let morning = self.morning
        return BookmarksViewModel(store: store, bookmarks: bookmarks, strings: strings, now: { morning })
    }

    /// A show of today (Helsinki) in `area` that has not started at 09:00, and its movie.
    func showLaterToday(_ store: FeedStore, area: Int) async throws -> (Show, Event) {
        let shows = try await store.showtimes(area: area, date: today).value
        for show in shows where show.start >= morning && HelsinkiTime.localDate(of: show.start) == today {
            if let event = try? await store.movie(id: show.eventID) { return (show, event) }
        }
        throw CancellationError()
    }

    /// An area and a movie of the nationwide lists that has no show there in the next three days.
    func listedMovieWithoutShows(_ store: FeedStore) async throws -> (area: Int, event: Event) {
        var listed: [Event] = []
        for list in EventListType.allCases { listed += try await store.movies(list).value }
        for area in try await store.areas().value {
            var playing = Set<Int>()
            for offset in 0..<BookmarksViewModel.daysAhead {
                let shows = try await store.showtimes(area: area.id, date: today.adding(days: offset)).value
                playing.formUnion(shows.map(\.eventID))
            }
            if let event = listed.first(where: { !playing.contains($0.id) }) { return (area.id, event) }
        }
        throw CancellationError()
    }

    @Test func aMovieShowingTodayGetsItsNextShowAndTheRowItsFacts() async throws {
        // Given a bookmarked movie that plays in Helsinki later today
        let store = try PresentationFixtures.bundledStore()
        let (show, event) = try await showLaterToday(store, area: 1002)
        let bookmarks = try SQLiteBookmarkStore.inMemory()
        try bookmarks.add(Bookmark(event, addedAt: morning))
        // When the screen loads
        var viewModel = viewModel(store, bookmarks)
        await viewModel.load()
        // Then its row has its title, poster, date added and the first show not started yet
        let firstShow = try #require(
            try await store.showtimes(area: 1002, date: today, movieID: event.id).value.first { $0.start >= morning })
        #expect(firstShow.start <= show.start)
        let row = try #require(viewModel.outputs.rows.first)
        #expect(viewModel.outputs.rows.count == 1)
        #expect(row.movieID == event.id)
        #expect(row.title == event.title)
        #expect(row.posterURL == event.images.poster)
        #expect(row.added == "Added \(today.day).\(today.month).\(today.year)")
        let expected = "Today \(HelsinkiTime.clockTime(of: firstShow.start)), \(firstShow.theatre)"
        #expect(row.nextShow == expected)
        #expect(row.showing == expected)
        #expect(viewModel.outputs.areaName == "Helsinki")
        #expect(viewModel.outputs.emptyMessage == nil)
        #expect(viewModel.outputs.canUndo)
    }

    @Test func moviesWithoutShowsInTheAreaAndMoviesNoLongerListedSaySo() async throws {
        // Given an area and a listed movie with no show there in the next three days
        let store = try PresentationFixtures.bundledStore()
        let (area, event) = try await listedMovieWithoutShows(store)
        // And a bookmark of a movie that is in neither list
        let bookmarks = try SQLiteBookmarkStore.inMemory()
        try bookmarks.add(Bookmark(event, addedAt: morning))
        let gone = Bookmark(movieID: 1, title: "Gone", originalTitle: "Gone", posterURL: nil, addedAt: morning - 60)
        try bookmarks.add(gone)
        // When the screen loads for that area
        var viewModel = viewModel(store, bookmarks)
        viewModel.areaSelected(area)
        await viewModel.load()
        // Then the listed movie has no show in the area and the other is not showing
        #expect(viewModel.outputs.rows.map(\.movieID) == [event.id, 1])
        #expect(viewModel.outputs.rows.map(\.showing) == ["No shows in this area", "Not showing"])
        #expect(viewModel.outputs.rows.allSatisfy { $0.nextShow == nil })
        #expect(viewModel.outputs.selectedArea == area)
    }

    @Test func theNextShowIsLookedForOnThreeDaysAtMostAndNoLongerThanNeeded() async throws {
        // Given a store that counts Schedule requests, and a movie playing later today in Helsinki
        let transport = try CountingTransport()
        let (_, event) = try await showLaterToday(try PresentationFixtures.bundledStore(), area: 1002)
        let bookmarks = try SQLiteBookmarkStore.inMemory()
        try bookmarks.add(Bookmark(event, addedAt: morning))
        // When the screen loads (on a store that has cached nothing)
        let store = FeedStore(webService: WebService(transport: transport, cache: InMemoryPayloadCache()))
        var viewModel = viewModel(store, bookmarks)
        await viewModel.load()
        // Then only today's schedule was asked for
        #expect(transport.scheduleRequests.withLockedValue { $0 } == [today.finnkinoQueryValue])
        // When a listed movie without shows in an area is bookmarked and that area is chosen
        let (area, unplayed) = try await listedMovieWithoutShows(try PresentationFixtures.bundledStore())
        try bookmarks.add(Bookmark(unplayed, addedAt: morning + 1))
        viewModel.areaSelected(area)
        transport.scheduleRequests.withLockedValue { $0.removeAll() }
        await viewModel.load()
        // Then exactly the three days from today were asked for, once each, and no further
        let asked = transport.scheduleRequests.withLockedValue { $0 }
        #expect(asked == (0..<BookmarksViewModel.daysAhead).map { today.adding(days: $0).finnkinoQueryValue })
        #expect(viewModel.outputs.rows.first?.showing == "No shows in this area")
    }

    @Test func removeUndoAndRedoUpdateTheListTheBannerAndTheButtons() async throws {
        // Given three bookmarks
        let store = try PresentationFixtures.bundledStore()
        let movies = Array(try await store.movies().value.prefix(3))
        try #require(movies.count == 3)
        let bookmarks = try SQLiteBookmarkStore.inMemory()
        for (index, movie) in movies.enumerated() {
            try bookmarks.add(Bookmark(movie, addedAt: morning + Double(index)))
        }
        var viewModel = viewModel(store, bookmarks)
        await viewModel.load()
        let newestFirst = movies.reversed().map(\.id)
        #expect(viewModel.outputs.rows.map(\.movieID) == newestFirst)
        #expect(viewModel.outputs.undoBanner == nil)
        // When one is removed
        await viewModel.removeSelected(movieIDs: [movies[1].id])
        // Then it is gone and the banner names it with an undo
        #expect(viewModel.outputs.rows.map(\.movieID) == [movies[2].id, movies[0].id])
        #expect(
            viewModel.outputs.undoBanner
                == .init(message: "Removed \(movies[1].title)", actionTitle: "Undo", movieIDs: [movies[1].id]))
        #expect(viewModel.outputs.canUndo && !viewModel.outputs.canRedo)
        // When the removal is undone
        await viewModel.undoSelected()
        // Then it is back in its place, the banner is gone and redo is possible
        #expect(viewModel.outputs.rows.map(\.movieID) == newestFirst)
        #expect(viewModel.outputs.undoBanner == nil)
        #expect(viewModel.outputs.canRedo)
        // When it is redone
        await viewModel.redoSelected()
        // Then it is removed again and the banner is back
        #expect(viewModel.outputs.rows.map(\.movieID) == [movies[2].id, movies[0].id])
        #expect(viewModel.outputs.undoBanner?.message == "Removed \(movies[1].title)")
        #expect(!viewModel.outputs.canRedo)
        // When two are removed at once
        await viewModel.removeSelected(movieIDs: [movies[0].id, movies[2].id])
        // Then the list is empty, says so, and the banner counts them
        #expect(viewModel.outputs.rows.isEmpty)
        #expect(viewModel.outputs.emptyMessage == UIStrings.english.noBookmarks)
        #expect(viewModel.outputs.undoBanner?.message == "Removed 2 movies")
        #expect(Set(viewModel.outputs.undoBanner?.movieIDs ?? []) == [movies[0].id, movies[2].id])
        #expect(viewModel.outputs.errorMessage == nil)
    }

    @Test func removingNothingShowsNoBanner() async throws {
        let bookmarks = try SQLiteBookmarkStore.inMemory()
        var viewModel = viewModel(try PresentationFixtures.bundledStore(), bookmarks, strings: .finnish)
        await viewModel.removeSelected(movieIDs: [123])
        #expect(viewModel.outputs.undoBanner == nil)
        #expect(viewModel.outputs.emptyMessage == UIStrings.finnish.noBookmarks)
        #expect(!viewModel.outputs.canUndo)
        await viewModel.undoSelected()
        #expect(viewModel.outputs.errorMessage == nil)
    }

    @Test func bookmarksAreListedWhenTheSourceIsDown() async throws {
        // Given a bookmark and a source that cannot be reached
        let bookmarks = try SQLiteBookmarkStore.inMemory()
        try bookmarks.add(
            Bookmark(
                movieID: 5, title: "Movie 5", originalTitle: "Original 5", posterURL: nil,
                addedAt: PresentationFixtures.morning))
        var viewModel = viewModel(PresentationFixtures.unreachableStore(), bookmarks)
        // When the screen loads
        await viewModel.load()
        // Then the bookmark is listed without any claim about its shows
        #expect(viewModel.outputs.rows.map(\.title) == ["Movie 5"])
        #expect(viewModel.outputs.rows.first?.showing == "")
        #expect(viewModel.outputs.rows.first?.nextShow == nil)
        #expect(viewModel.outputs.areaName == nil)
    }

    @Test func theMovieScreenSaysWhetherTheMovieIsBookmarked() async throws {
        // Given one bookmarked movie and one that is not
        let store = try PresentationFixtures.bundledStore()
        let movies = Array(try await store.movies().value.prefix(2))
        try #require(movies.count == 2)
        let bookmarks = try SQLiteBookmarkStore.inMemory()
        try bookmarks.add(Bookmark(movies[0], addedAt: morning))
        // When each is opened
        var kept = MovieViewModel(store: store, strings: .english, bookmarks: bookmarks)
        kept.movieSelected(movies[0].id)
        await kept.load()
        var other = MovieViewModel(store: store, strings: .english, bookmarks: bookmarks)
        other.movieSelected(movies[1].id)
        await other.load()
        var withoutStore = MovieViewModel(store: store, strings: .english)
        withoutStore.movieSelected(movies[0].id)
        await withoutStore.load()
        // Then only the bookmarked one says so
        #expect(kept.outputs.isBookmarked)
        #expect(!other.outputs.isBookmarked)
        #expect(!withoutStore.outputs.isBookmarked)
    }
}
