import FinnkinoKit
import FinnkinoPresentation
import Foundation
import Hummingbird

/// A screen and its inputs, read from a page URL's path and query: what a page request, a
/// results request and a live-update subscription all start from.
enum ScreenRequest: Sendable {
    case movies(
        area: Int?, areaChosen: Bool, list: EventListType, text: String, scope: SearchScope, sort: MovieSort,
        run: ScreenRuns.Kind?)
    case showtimes(
        movie: Int?, area: Int, areaChosen: Bool, date: LocalDate?, filter: ShowFilter, run: ScreenRuns.Kind?)
    case news(category: Int?)
    /// The Bookmarks list, with next shows in `area`.
    case bookmarks(area: Int)

    /// The screen at `path` (`/movies`, `/movies/results`, `/showtimes`, `/news`, `/bookmarks`)
    /// with `query`; nil for other paths.
    init?(path: String, query: [String: String], client: ClientState) {
        switch WebRoute(path: path) {
        case .movies, .moviesResults:
            let query = MoviesQuery(values: query)
            self = .movies(
                area: client.area(asked: query.area).listArea, areaChosen: query.area != nil, list: query.list,
                text: query.text, scope: query.scope, sort: query.sort, run: query.run)
        case .showtimes:
            let query = ShowtimesQuery(values: query)
            let chosen = if case .area = query.area { true } else { false }
            self = .showtimes(
                movie: query.movie, area: client.area(asked: query.area).showsArea, areaChosen: chosen,
                date: query.date, filter: query.filter, run: query.run)
        case .news:
            self = .news(category: NewsQuery(values: query).category)
        case .bookmarks:
            self = .bookmarks(area: client.area(asked: BookmarksQuery(values: query).area).showsArea)
        default:
            return nil
        }
    }

    /// The screen at `path` as the user left it (`place`), when the address says nothing else (no
    /// query): a tab comes back as it was. Nil when there is nothing to restore; a showtimes date
    /// already past is not restored.
    init?(restoring path: String, from place: AppPlace, today: LocalDate, client: ClientState) {
        switch WebRoute(path: path) {
        case .movies:
            guard let movies = place.movies else { return nil }
            self = .movies(
                area: movies.area, areaChosen: false, list: movies.list, text: movies.searchText, scope: movies.scope,
                sort: movies.sort ?? .title, run: movies.run)
        case .showtimes:
            guard let showtimes = place.showtimes else { return nil }
            self = .showtimes(
                movie: showtimes.movieID, area: showtimes.area ?? client.area(asked: nil).showsArea, areaChosen: false,
                date: showtimes.date.flatMap { $0 >= today ? $0 : nil }, filter: showtimes.filter ?? ShowFilter(),
                run: showtimes.run)
        case .news:
            guard let category = place.newsCategory else { return nil }
            self = .news(category: category)
        default:
            return nil
        }
    }

    /// The screen a page request asks for; a tab's address without a query brings the tab back as
    /// the user left it (`place`).
    init?(request: Request, client: ClientState, place: AppPlace, today: LocalDate) {
        // Read as a form (a GET form's query: `+` is a space), as the page's own links are.
        let query = FormBody(request.uri.query ?? "").values
        if query.isEmpty,
            let restored = ScreenRequest(restoring: request.uri.path, from: place, today: today, client: client)
        {
            self = restored
            return
        }
        self.init(path: request.uri.path, query: query, client: client)
    }

    /// Reads `page`, a path with an optional query (`/movies?area=1002`).
    init?(page: String, client: ClientState) {
        let parts = page.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = parts.first.map(String.init) ?? ""
        let query = parts.count > 1 ? FormBody(String(parts[1])).values : [:]
        self.init(path: path, query: query, client: client)
    }

    /// The theatre area the screen shows, when it names one.
    var area: Int? {
        switch self {
        case .movies(let area, _, _, _, _, _, _): area
        case .showtimes(_, let area, _, _, _, _): area
        case .bookmarks(let area): area
        default: nil
        }
    }

    /// The area to remember in the client's cookie, when the user chose one.
    var chosenArea: AreaChoice? {
        switch self {
        case .movies(let area, true, _, _, _, _, _): AreaChoice(area)
        case .showtimes(_, let area, true, _, _, _): .area(area)
        default: nil
        }
    }
}
