import FinnkinoKit
import FinnkinoPresentation
import Foundation
import Hummingbird
import WebSupport

/// What belongs to the app rather than to one feature: `/` (back to the page open last), the
/// health check, the static files, the web app manifest with its icons, and the service worker
/// with its offline page.
struct AppController: Sendable {
    let app: AppDependencies
    let renderer: PageRenderer
    let assets: StaticAssets

    func add(to routes: RouteGroups) {
        routes.onPublic(.healthz) { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/plain; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: "ok")))
        }
        routes.onPublic(.staticFile) { _, context in try assets.response(named: context.parameters.get("name")) }
        routes.onPublic(.manifest) { request, _ in
            let language = request.query(ManifestQuery.self).language
            return Self.publicFile(WebAppManifest.json[language] ?? [], type: "application/manifest+json")
        }
        routes.onPublic(.appIcon) { _, context in
            guard let icon = context.parameters.get("name").flatMap(AppIcon.init(rawValue:)) else {
                throw HTTPError(.notFound)
            }
            return Self.publicFile(icon.png, type: "image/png")
        }
        routes.onPublic(.serviceWorker) { _, _ in
            let script = try await ServiceWorkerScript.current()
            // `no-cache`: the browser asks again on every check, so a new release is seen at once.
            return Response(
                status: .ok, headers: [.contentType: "text/javascript; charset=utf-8", .cacheControl: "no-cache"],
                body: ResponseBody(byteBuffer: script.body))
        }
        routes.on(.offline) { _, context in
            // Fetched by the service worker right after a form it sent (a join, a language): the
            // message that form left is for the page it went back to.
            let client = context.client.leavingTheMessage
            return renderer.page(
                OfflineView.page(layout: renderer.layout(client, path: WebRoute.offline.path)), client: client)
        }
        routes.on(.root) { _, context in
            Response.redirect(to: Self.path(of: app.place(context.client).place), type: .found)
        }
    }

    /// A file the app makes (the manifest, an icon): the same for everyone, kept a day.
    private static func publicFile(_ bytes: [UInt8], type: String) -> Response {
        Response(
            status: .ok, headers: [.contentType: type, .cacheControl: "public, max-age=86400"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// Where `/` goes: the page open last, with its full address (as it can be bookmarked).
    static func path(of place: AppPlace) -> String {
        switch place.tab {
        case .movies:
            guard let movies = place.movies else { return WebRoute.movies.path }
            return WebRoute.movies.path(MoviesQuery(movies))
        case .movie: return (place.openMovieID.map { WebRoute.movie(id: $0) } ?? .movies).path
        case .showtimes:
            guard let showtimes = place.showtimes else { return WebRoute.showtimes.path }
            return WebRoute.showtimes.path(
                ShowtimesQuery(
                    movie: showtimes.movieID, area: .area(showtimes.area ?? AreaChoice.helsinki), date: showtimes.date,
                    filter: showtimes.filter ?? ShowFilter()))
        case .news: return WebRoute.news.path(NewsQuery(category: place.newsCategory))
        case .bookmarks: return WebRoute.bookmarks.path
        }
    }
}
