import AppPatterns
import FinnkinoKit
import FinnkinoPresentation
import Foundation

/// Builds each screen's view model from a request's inputs and loads it: the only bridge between
/// routes and presentation.
struct Screens: Sendable {
    let catalog: StoreCatalog
    let now: @Sendable () -> Date
    /// Each person's place and location.
    let people: PersonStates
    /// Every person's bookmarks.
    let allBookmarks: BookmarkStores
    /// Only its availability is read here (the library's pages have routes of their own).
    let library: VideoLibrary
    /// Every person's wanted movies ("Tell me when it's on").
    let wanted: any WantedMovies
    /// The server's VAPID public key (base64url): what a browser subscribes to pushes with.
    let pushKey: String
    /// The bundled trailer clips and tunes; nil when the dataset cannot be read.
    let media: BundledMedia?
    let movieLists = MovieListCache()
    /// A movie's next days as made in the current minute, per movie, area, language and location:
    /// after the list, the movie page is what people open most, and its next days change only as
    /// shows start (minute by minute) and as feeds refresh (seen within the minute).
    let movieShowsMade = MemoryCache<MovieShowsKey, MovieShowsViewModel.Outputs>(countLimit: 1_000)

    struct MovieShowsKey: Hashable, Sendable {
        var movie: Int
        var area: Int
        var language: UILanguage
        var latitude: Double?
        var longitude: Double?
        var minute: Int
    }

    /// The client's person's bookmarks.
    func bookmarkStore(_ client: ClientState) throws -> BookmarkStore { try allBookmarks.store(for: client.person) }

    /// The client's person's place: where they left off, their language and home area.
    func place(_ client: ClientState) -> PlaceKeeper { people.state(of: client.person).place }

    /// Today in Helsinki, on the app's clock.
    func today() -> LocalDate { HelsinkiTime.localDate(of: now()) }

    /// Where the client's person is (for areas by distance); nil when unknown or never said.
    func userLocation(_ client: ClientState) -> UserLocation? { people.state(of: client.person).location?.location }

    /// The coordinate of ``userLocation(_:)``.
    func coordinate(_ client: ClientState) -> Coordinate? { userLocation(client)?.coordinate }

    /// The client's person's location service, to change where they are.
    func location(_ client: ClientState) -> LocationService { people.location(of: client.person) }

    func store(_ client: ClientState) throws -> FeedStore {
        try catalog.store(for: client.language.contentLanguage)
    }

    /// Whether the area `screen` names, if any, is one the source lists. Live updates follow only
    /// real areas: any other number would make a feed that asks the source for nothing. When the
    /// list itself cannot be had, no area counts as known.
    func namesKnownArea(_ screen: ScreenRequest, client: ClientState) async -> Bool {
        guard let area = screen.area else { return true }
        guard let areas = try? await store(client).areas().value else { return false }
        return areas.contains { $0.id == area }
    }

    func movies(
        area: Int?, list: EventListType, text: String, scope: SearchScope, sort: MovieSort, client: ClientState
    ) async throws -> MoviesViewModel.Outputs {
        var viewModel = try moviesViewModel(
            area: area, list: list, text: text, scope: scope, sort: sort, client: client)
        await viewModel.load()
        return viewModel.outputs
    }

    /// The Movies screen with its inputs, not loaded.
    func moviesViewModel(
        area: Int?, list: EventListType, text: String, scope: SearchScope, sort: MovieSort, client: ClientState
    ) throws -> MoviesViewModel {
        var viewModel = MoviesViewModel(store: try store(client), strings: client.strings, now: now)
        viewModel.areaSelected(area)
        viewModel.listSelected(list)
        viewModel.searchTextChanged(text)
        viewModel.scopeChanged(scope)
        viewModel.sortSelected(sort)
        viewModel.hiddenMoviesChanged(Set(place(client).place.notInterested ?? []))
        viewModel.locationChanged(coordinate(client))
        return viewModel
    }

    /// The rendered list of the Movies screen, from the cache when it was rendered before.
    func moviesResults(_ outputs: MoviesViewModel.Outputs, client: ClientState) -> String {
        movieLists.results(outputs, language: client.language) { MoviesView.results($0, language: client.language) }
    }

    func showtimes(
        movie: Int?, area: Int, date: LocalDate?, filter: ShowFilter, client: ClientState
    ) async throws -> ShowtimesViewModel.Outputs {
        var viewModel = try showtimesViewModel(movie: movie, area: area, date: date, filter: filter, client: client)
        await viewModel.load()
        return viewModel.outputs
    }

    /// The Showtimes screen with its inputs, not loaded.
    func showtimesViewModel(
        movie: Int?, area: Int, date: LocalDate?, filter: ShowFilter, client: ClientState
    ) throws -> ShowtimesViewModel {
        var viewModel = ShowtimesViewModel(store: try store(client), language: client.language, now: now)
        viewModel.movieSelected(movie)
        viewModel.areaSelected(area)
        if let date { viewModel.dateSelected(date) }
        viewModel.filterChanged(filter)
        viewModel.myTheatresChanged(place(client).place.myTheatres ?? [])
        viewModel.locationChanged(coordinate(client))
        return viewModel
    }

    func show(id: Int, area: Int, date: LocalDate, client: ClientState) async throws -> ShowViewModel.Outputs {
        var viewModel = ShowViewModel(store: try store(client), language: client.language, now: now)
        viewModel.showSelected(id: id, area: area, date: date)
        await viewModel.load()
        return viewModel.outputs
    }

    func news(category: Int?, client: ClientState) async throws -> NewsViewModel.Outputs {
        var viewModel = try newsViewModel(category: category, client: client)
        await viewModel.load()
        return viewModel.outputs
    }

    /// The News screen with its category, not loaded.
    func newsViewModel(category: Int?, client: ClientState) throws -> NewsViewModel {
        var viewModel = NewsViewModel(store: try store(client), strings: client.strings, now: now)
        viewModel.categorySelected(category)
        return viewModel
    }

    func movie(id: Int, client: ClientState) async throws -> MovieViewModel.Outputs {
        var viewModel = MovieViewModel(
            store: try store(client), strings: client.strings, words: client.language.charts,
            bookmarks: try bookmarkStore(client), media: media)
        viewModel.movieSelected(id)
        await viewModel.load()
        return viewModel.outputs
    }

    /// The client's person's settings: language, own theatres, location.
    func settings(_ client: ClientState) -> SettingsViewModel {
        SettingsViewModel(
            place: { [people, person = client.person] in people.state(of: person).place },
            location: { [people, person = client.person] in people.location(of: person) },
            language: client.language)
    }

    /// The client's person's wanted movies and feeds.
    func wantedMovies(_ client: ClientState) throws -> WantedMoviesViewModel {
        WantedMoviesViewModel(
            store: try store(client), wanted: wanted, person: client.person, language: client.language, now: now)
    }

    /// The movies the client's person hid, and hiding or bringing back one or all.
    func hiddenMovies(_ client: ClientState) throws -> HiddenMoviesViewModel {
        HiddenMoviesViewModel(store: try store(client), place: place(client), language: client.language)
    }

    /// A movie's shows of the next days in the client's area, nearest theatre first with a location.
    func movieShows(id: Int, client: ClientState) async throws -> MovieShowsViewModel.Outputs {
        let area = client.area(asked: nil).showsArea
        let coordinate = coordinate(client)
        let key = MovieShowsKey(
            movie: id, area: area, language: client.language, latitude: coordinate?.latitude,
            longitude: coordinate?.longitude, minute: Int(now().timeIntervalSince1970 / 60))
        if let made = movieShowsMade.value(for: key) { return made }
        var viewModel = MovieShowsViewModel(store: try store(client), language: client.language, now: now)
        viewModel.movieSelected(id)
        viewModel.areaSelected(area)
        viewModel.locationChanged(coordinate)
        await viewModel.load()
        // A failure is not kept: the next request asks again.
        if viewModel.outputs.errorMessage == nil { movieShowsMade.set(viewModel.outputs, for: key) }
        return viewModel.outputs
    }

    /// The Bookmarks screen after `change` (a removal, an undo...), for the shows in `area`.
    func bookmarks(
        area: Int, client: ClientState, change: (inout BookmarksViewModel) async -> Void = { _ in }
    ) async throws -> BookmarksViewModel.Outputs {
        var viewModel = try bookmarksViewModel(area: area, client: client)
        await change(&viewModel)
        await viewModel.load()
        return viewModel.outputs
    }

    /// The Bookmarks screen for the shows in `area`, not loaded.
    func bookmarksViewModel(area: Int, client: ClientState) throws -> BookmarksViewModel {
        var viewModel = BookmarksViewModel(
            store: try store(client), bookmarks: try bookmarkStore(client), strings: client.strings, now: now)
        viewModel.areaSelected(area)
        return viewModel
    }

    func article(id: String, client: ClientState) async throws -> ArticleViewModel.Outputs {
        var viewModel = ArticleViewModel(store: try store(client), strings: client.strings)
        viewModel.articleSelected(id)
        await viewModel.load()
        return viewModel.outputs
    }

    /// The offline banner's text while the client's data source does not answer; nil while it does.
    func connectivityNotice(_ client: ClientState) -> String? {
        guard let store = try? store(client), case .unreachable(let since) = store.reachability.status else {
            return nil
        }
        let format = DisplayFormat(strings: client.strings)
        return client.strings.offlineNotice(format.elapsed(now().timeIntervalSince(since), atLeastAMinute: true))
    }

    /// A banner for each store the server could not open.
    func unavailableNotices(_ client: ClientState) -> [String] {
        var notices: [String] = []
        if allBookmarks.unavailableReason != nil { notices.append(client.strings.bookmarksUnavailable) }
        if library.unavailableReason != nil { notices.append(client.strings.libraryUnavailable) }
        return notices
    }

    /// What the client's person can do to their bookmarks from any page.
    func bookmarkActions(_ client: ClientState) throws -> BookmarkActionsViewModel {
        BookmarkActionsViewModel(
            store: try store(client), bookmarks: try bookmarkStore(client), language: client.language, now: now)
    }

    /// The server's responder chain for a page (``ActionPage``, and `page`, its address): its
    /// screen, then the services (the feeds it shows).
    func responders(for actionPage: ActionPage, client: ClientState, page: String = "") throws -> ScreenResponder {
        let feeds = try ScreenRequest(page: page, client: client).map { try live($0, client: client).feeds } ?? []
        return ScreenResponder(
            page: actionPage, actions: try bookmarkActions(client),
            nextResponder: ServicesResponder(feeds: feeds, strings: client.strings))
    }

    /// A screen that can change while it is open: the feeds its view model observes, and its
    /// live fragment (the element's id and inner HTML), made anew from the person's state as it
    /// is then (their hidden movies, their location).
    struct LiveScreen: Sendable {
        let feeds: [ObservedFeed]
        let fragment: @Sendable () async throws -> (id: String, html: String)
    }

    /// `screen` as its live updates follow it.
    func live(_ screen: ScreenRequest, client: ClientState) throws -> LiveScreen {
        switch screen {
        case .movies(let area, _, let list, let text, let scope, let sort):
            let make: @Sendable () throws -> MoviesViewModel = {
                try moviesViewModel(area: area, list: list, text: text, scope: scope, sort: sort, client: client)
            }
            return LiveScreen(feeds: try make().observedFeeds) {
                var viewModel = try make()
                await viewModel.load()
                return (MoviesView.resultsID, moviesResults(viewModel.outputs, client: client))
            }
        case .showtimes(let movie, let area, _, let date, let filter):
            let make: @Sendable () throws -> ShowtimesViewModel = {
                try showtimesViewModel(movie: movie, area: area, date: date, filter: filter, client: client)
            }
            return LiveScreen(feeds: try make().observedFeeds) {
                var viewModel = try make()
                await viewModel.load()
                return (ShowtimesView.fragmentID, ShowtimesView.shows(viewModel.outputs, language: client.language))
            }
        case .news(let category):
            let make: @Sendable () throws -> NewsViewModel = {
                try newsViewModel(category: category, client: client)
            }
            return LiveScreen(feeds: try make().observedFeeds) {
                var viewModel = try make()
                await viewModel.load()
                return (NewsView.fragmentID, NewsView.categories(viewModel.outputs))
            }
        case .bookmarks(let area):
            let make: @Sendable () throws -> BookmarksViewModel = {
                try bookmarksViewModel(area: area, client: client)
            }
            return LiveScreen(feeds: try make().observedFeeds) {
                var viewModel = try make()
                await viewModel.load()
                let layout = PageLayout(client: client, path: BookmarksView.path(area: area))
                return (BookmarksView.listID, BookmarksView.list(viewModel.outputs, layout: layout))
            }
        }
    }
}
