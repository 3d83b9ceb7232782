import AppPatterns
import FinnkinoKit
import FinnkinoPresentation
import Foundation

/// What the web app is made of, built once at the composition root (``FinnkinoRoutes``): the
/// feeds per language, the clock, each person's state and stores, the server's push key, the
/// bundled media; and what a request reads of them (its person's store, place, location, the
/// banners every page shows). Each feature builds its own view models from these (a controller
/// for its own screens; the `…Screens` factories for the screens that live updates and the
/// responder chain also build).
struct AppDependencies: Sendable {
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
    /// Every person's watchlist imports and the films kept from them.
    let watchlists: any Watchlists
    /// Every "watch together" group.
    let together: any TogetherGroups
    /// The server's VAPID public key (base64url): what a browser subscribes to pushes with.
    let pushKey: String
    /// The bundled trailer clips and tunes; nil when the dataset cannot be read.
    let media: BundledMedia?

    /// The feeds in the client's content language.
    func store(_ client: ClientState) throws -> FeedStore {
        try catalog.store(for: client.language.contentLanguage)
    }

    /// The client's person's bookmarks.
    func bookmarkStore(_ client: ClientState) throws -> BookmarkStore { try allBookmarks.store(for: client.person) }

    /// The client's person's place: where they left off, their language and home area.
    func place(_ client: ClientState) -> PlaceKeeper { people.state(of: client.person).place }

    /// Today in Helsinki, on the app's clock.
    func today() -> LocalDate { HelsinkiTime.localDate(of: now()) }

    /// The movies `person` shares with a "watch together" group: the movies they follow
    /// (``FollowedMovies``), ID to title.
    @Sendable func sharedMovies(of person: PersonID) -> [Int: String] {
        FollowedMovies.of(person, wanted: wanted, bookmarks: try? allBookmarks.store(for: person))
    }

    /// How to read the movies `client`'s person follows (``FollowedMovies``), for ``ScreenRuns``'
    /// *back on screen*.
    func followedMovies(_ client: ClientState) -> @Sendable () -> Set<Int> {
        let person = client.person
        let wanted = wanted
        let bookmarks = allBookmarks
        return {
            Set(FollowedMovies.of(person, wanted: wanted, bookmarks: try? bookmarks.store(for: person)).keys)
        }
    }

    /// Where the client's person is (for areas by distance); nil when unknown or never said.
    func userLocation(_ client: ClientState) -> UserLocation? { people.state(of: client.person).location?.location }

    /// The coordinate of ``userLocation(_:)``.
    func coordinate(_ client: ClientState) -> Coordinate? { userLocation(client)?.coordinate }

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
}
