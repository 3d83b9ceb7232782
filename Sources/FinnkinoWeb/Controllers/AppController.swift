import FinnkinoKit
import FinnkinoPresentation
import Foundation
import Hummingbird
import WebSupport

/// What belongs to the app rather than to one feature: `/` (back to the page open last), the
/// health check and the static files.
struct AppController: Sendable {
    let screens: Screens
    let assets: StaticAssets

    func add(to router: Router<PersonRequestContext>, pages: RouterGroup<PageRequestContext>) {
        router.get("/healthz") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/plain; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: "ok")))
        }
        router.get("/static/:name") { _, context in try assets.response(named: context.parameters.get("name")) }
        pages.get("/") { _, context in
            Response.redirect(to: Self.path(of: screens.place(context.client).place), type: .found)
        }
    }

    /// Where `/` goes: the page open last, with its full address (as it can be bookmarked).
    static func path(of place: AppPlace) -> String {
        switch place.tab {
        case .movies:
            guard let movies = place.movies else { return "/movies" }
            var query = "area=" + (movies.area.map(String.init) ?? ClientState.allAreas)
            query += "&list=" + (movies.list == .comingSoon ? "soon" : "now")
            if !movies.searchText.isEmpty {
                query += "&q=" + (movies.searchText.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
                query += "&scope=" + (movies.scope == .contains ? "contains" : "begins")
            }
            return "/movies?" + query
        case .movie: return place.openMovieID.map { "/movie/\($0)" } ?? "/movies"
        case .showtimes:
            guard let showtimes = place.showtimes else { return "/showtimes" }
            var query = showtimes.movieID.map { "movie=\($0)&" } ?? ""
            query += "area=" + (showtimes.area.map(String.init) ?? String(ClientState.defaultArea))
            if let date = showtimes.date { query += "&date=\(date)" }
            return "/showtimes?" + query
        case .news: return place.newsCategory.map { "/news?category=\($0)" } ?? "/news"
        case .bookmarks: return "/bookmarks"
        }
    }
}
