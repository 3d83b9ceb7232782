import FinnkinoKit
import FinnkinoPresentation
import FinnkinoStores
import Foundation
import Logging
import Testing

/// The watchlist import on the bundled programme of a fixed day: films on now are bookmarked, those
/// coming wanted, the others kept (and matched again when they come); a refused file changes
/// nothing; an import is undone as one step.
@Suite struct WatchlistImportViewModelTests {
    let person = PersonID(rawValue: 7)

    struct Stores {
        let store: FeedStore
        let bookmarks: any BookmarkStore
        let wanted = SQLiteWantedMovies()
        let watchlists = SQLiteWatchlists()

        init() throws {
            store = try PresentationFixtures.bundledStore()
            bookmarks = try SQLiteBookmarkStore.inMemory()
        }

        init(store: FeedStore, bookmarks: any BookmarkStore) {
            self.store = store
            self.bookmarks = bookmarks
        }
    }

    func viewModel(_ stores: Stores, _ language: UILanguage = .en) -> WatchlistImportViewModel {
        WatchlistImportViewModel(
            store: stores.store, bookmarks: stores.bookmarks, wanted: stores.wanted, watchlists: stores.watchlists,
            person: person, area: 1002, language: language, now: { PresentationFixtures.morning })
    }

    /// A plain list: a film on now (by its original title), one coming (by its Finnish title), one
    /// that is on no programme, one without a year.
    static func list(_ stores: Stores) async throws -> (text: String, now: Event, coming: Event) {
        let now = try await stores.store.movies(.nowInTheatres).value
        let showing = Set(now.map(\.id))
        let onNow = try #require(now.first { $0.productionYear != nil })
        let coming = try #require(
            try await stores.store.movies(.comingSoon).value.first {
                $0.productionYear != nil && !showing.contains($0.id)
            })
        let text = [
            "\(onNow.originalTitle) (\(onNow.productionYear!))", "\(coming.title) \(coming.productionYear!)",
            "A Film Nobody Made (1901)", "Kesäyön valot",
        ].joined(separator: "\n")
        return (text, onNow, coming)
    }

    @Test func filmsOnNowAreBookmarkedThoseComingWantedTheOthersKept() async throws {
        let stores = try Stores()
        let (text, onNow, coming) = try await Self.list(stores)
        var page = viewModel(stores)
        #expect(try await page.importRequested(Data(text.utf8), named: "films.txt"))
        let outputs = page.outputs
        // The two on the programme, each with what was done and where it plays
        #expect(outputs.matched.map(\.movieID) == [onNow.id, coming.id])
        #expect(outputs.matched.map(\.done) == [UILanguage.en.watchlist.bookmarked, UILanguage.en.watchlist.wanted])
        #expect(
            outputs.matched[0].when.hasPrefix("Next show ")
                || outputs.matched[0].when == "No shows in your area within a week")
        #expect(stores.bookmarks.contains(movieID: onNow.id))
        #expect(try stores.wanted.wanted(by: person).map(\.movieID) == [coming.id])
        // The others kept, each with why
        #expect(outputs.missed.map(\.text) == ["A Film Nobody Made (1901)", "Kesäyön valot"])
        #expect(
            outputs.missed.map(\.why) == [UILanguage.en.watchlist.notOnTheProgramme, UILanguage.en.watchlist.noYear])
        #expect(outputs.kept == ["A Film Nobody Made (1901)", "Kesäyön valot"])
        #expect(outputs.canUndo && outputs.lastImport == "Last imported: films.txt, 22.11.2026")
        // Imported again: nothing twice, and said so
        var again = viewModel(stores)
        #expect(try await again.importRequested(Data(text.utf8), named: "films.txt"))
        #expect(again.outputs.matched.map(\.done).allSatisfy { $0 == UILanguage.en.watchlist.alreadyYours })
        #expect(try stores.watchlists.kept(of: person).count == 2)
    }

    @Test func anIMDbExportsFilmIsMatchedByTheIDItsScoresKnow() async throws {
        // Given the bundled programme with its international lists, and a movie whose match to
        // TMDB knows its IMDb ID (matched beforehand: the import waits only so long)
        let store = try #require(PresentationFixtures.sharedStoreWithCharts)
        let movies = try await store.movies(.nowInTheatres).value
        let scores = await store.scores(of: movies, waitingAtMost: .seconds(30))
        let (id, imdbID) = try #require(
            scores.compactMap { id, known in known.critics.map { (id, $0.imdbID) } }.sorted { $0.0 < $1.0 }.first)
        var stores = try Stores()
        stores = Stores(store: store, bookmarks: stores.bookmarks)
        var viewModel = viewModel(stores)
        // When an IMDb export lists it under a title Finnkino does not use, and no year
        let csv =
            "Position,Const,Created,Modified,Description,Title,URL,Title Type,Year\n"
            + "1,\(imdbID),2026-01-01,2026-01-01,,Nobody Calls It This,https://www.imdb.com/title/\(imdbID)/,movie,\n"
        #expect(try await viewModel.importRequested(Data(csv.utf8), named: "imdb-list.csv"))
        // Then it is that movie, bookmarked (it is on now)
        #expect(viewModel.outputs.matched.map(\.movieID) == [id])
        #expect(stores.bookmarks.contains(movieID: id))
    }

    @Test func undoTakesBackWhatTheLastImportAddedAndKept() async throws {
        let stores = try Stores()
        let (text, onNow, coming) = try await Self.list(stores)
        // A bookmark of the person's own, made before
        let earlier = try #require(try await stores.store.movies(.nowInTheatres).value.last)
        try stores.bookmarks.add(Bookmark(earlier, addedAt: PresentationFixtures.morning))
        var page = viewModel(stores, .fi)
        _ = try await page.importRequested(Data(text.utf8), named: "films.txt")
        #expect(try page.undoRequested())
        #expect(page.outputs.message == UILanguage.fi.watchlist.undone && !page.outputs.canUndo)
        #expect(!stores.bookmarks.contains(movieID: onNow.id) && stores.bookmarks.contains(movieID: earlier.id))
        #expect(try !stores.wanted.wanted(by: person).contains { $0.movieID == coming.id })
        #expect(try stores.watchlists.kept(of: person).isEmpty)
        // Nothing more to undo
        #expect(try !page.undoRequested())
    }

    @Test(arguments: [
        ("watched.csv", "Date,Name,Year,Letterboxd URI\n2024-03-01,A Film,2023,https://boxd.it/x\n"),
        ("bank.csv", "Account,Amount,Date\nrent,900,2026-11-01\n"), ("empty.txt", ""),
    ])
    func aRefusedFileChangesNothingAndSaysWhy(name: String, content: String) async throws {
        let stores = try Stores()
        var page = viewModel(stores, .sv)
        #expect(try await !page.importRequested(Data(content.utf8), named: name))
        let message = try #require(page.outputs.message)
        #expect(message.hasSuffix(UILanguage.sv.watchlist.nothingChanged))
        #expect(try stores.bookmarks.all().isEmpty && stores.wanted.wanted(by: person).isEmpty)
        #expect(try stores.watchlists.imports(of: person).isEmpty)
    }

    @Test func aKeptFilmThatComesOnIsMadeThePersonsAndNoLongerKept() async throws {
        let stores = try Stores()
        let coming = try #require(
            try await stores.store.movies(.comingSoon).value.first { $0.productionYear != nil })
        // Given a film kept for later (it was on no programme when imported) that is now coming
        _ = try stores.watchlists.record(
            fileName: "watchlist.csv",
            kept: [
                WatchlistEntry(title: coming.originalTitle, year: coming.productionYear, origin: .letterboxd),
                WatchlistEntry(title: "Still Nowhere", year: 2026, origin: .letterboxd),
            ], wanted: [], bookmarked: [], for: person, now: PresentationFixtures.morning)
        let bookmarks = try SQLiteBookmarkStores.inMemory()
        // When the kept films are matched again
        let came = try await WatchlistRematch(
            watchlists: stores.watchlists, wanted: stores.wanted, bookmarks: bookmarks, store: stores.store,
            logger: Logger(label: "test")
        ).run(now: PresentationFixtures.morning)
        // Then it is wanted (so the check that follows announces it), and only the other is kept
        #expect(came == 1)
        #expect(try stores.wanted.wanted(by: person).map(\.movieID) == [coming.id])
        #expect(try stores.watchlists.kept(of: person).map(\.entry.title) == ["Still Nowhere"])
    }

    /// (Its time is measured where it is not beside 700 other tests: the browser suite's import of
    /// 1,000 films prints it.)
    @Test func aThousandFilmsAreImportedWholeInOneStep() async throws {
        let stores = try Stores()
        let movies = try await stores.store.movies(.nowInTheatres).value + stores.store.movies(.comingSoon).value
        var lines = movies.compactMap { movie in movie.productionYear.map { "\(movie.originalTitle) (\($0))" } }
        for index in lines.count..<1000 { lines.append("Unknown Film \(index) (2020)") }
        var page = viewModel(stores)
        #expect(try await page.importRequested(Data(lines.joined(separator: "\n").utf8), named: "big.txt"))
        let outputs = page.outputs
        #expect(outputs.matched.count + outputs.missed.count + outputs.skipped.count == 1000)
        #expect(outputs.matched.count >= movies.count / 2 && outputs.missed.count >= 1000 - movies.count)
        #expect(try stores.watchlists.imports(of: person).count == 1)
    }
}
