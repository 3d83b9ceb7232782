import FinnkinoKit
import FinnkinoPresentation
import Foundation
import Hummingbird

/// A movie's page: `GET /movie/<id>` (its bookmark button posts to `/bookmarks/toggle`).
struct MovieController: Sendable {
    let screens: Screens
    let renderer: PageRenderer

    func add(to routes: RouteGroups) {
        routes.on(.movie) { _, context in
            let client = context.client
            guard let id = context.parameters.get("id", as: Int.self) else { throw HTTPError(.notFound) }
            async let shows = screens.movieShows(id: id, client: client)
            let outputs = try await screens.movie(id: id, client: client)
            if outputs.errorMessage == nil {
                screens.place(client).update {
                    $0.tab = .movie
                    $0.openMovieID = id
                }
            }
            let html = MovieView.page(
                outputs, shows: try await shows, isHidden: screens.place(client).place.isNotInterested(in: id),
                layout: renderer.layout(client, path: WebRoute.movie(id: id).path))
            return renderer.page(html, client: client, status: outputs.isNotFound ? .notFound : .ok)
        }
    }
}
