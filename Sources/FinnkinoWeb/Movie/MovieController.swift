import FinnkinoKit
import FinnkinoPresentation
import Foundation
import Hummingbird

/// A movie's page: `GET /movie/<id>` (its bookmark button posts to `/bookmarks/toggle`), and its
/// "Tell me when it's on": `POST /movies/wanted` with `movie` and `wanted=yes|no`.
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
            // (A browser that has changed nothing wants nothing: the movie page, the most opened
            // after the list, asks no store for it.)
            let wanted =
                client.person == .nobody
                ? nil : try screens.wanted.wanted(by: client.person).first { $0.movieID == id }
            let shown = try await shows
            let path = WebRoute.movie(id: id).path
            return renderer.screen(outputs.outcome, client: client, path: path) {
                MovieView.page(
                    outputs, shows: shown, isHidden: screens.place(client).place.isNotInterested(in: id),
                    wanted: wanted, pushKey: screens.pushKey, layout: renderer.layout(client, path: path))
            }
        }
        routes.on(.setWanted) { _, context in try await setWanted(context) }
    }

    /// Adds the movie to the person's wanted ones (`wanted=yes`, with the title the source gives
    /// now) or removes it (`no`), then goes back to the page the form was on, saying what was done.
    private func setWanted(_ context: PageRequestContext) async throws -> Response {
        let form = context.form
        guard let id = form["movie"].flatMap({ Int($0) }), id > 0, id < 1_000_000_000 else {
            throw HTTPError(.badRequest)
        }
        var viewModel = try screens.wantedMovies(context.client)
        let outcome: WantedMoviesViewModel.Outcome
        switch form["wanted"] {
        case "yes": outcome = try await viewModel.wantSelected(id)
        case "no": outcome = try viewModel.unwantSelected(id)
        default: throw HTTPError(.badRequest)
        }
        if outcome == .notListed { throw HTTPError(.notFound) }
        return ClientState.redirect(to: form.back, flash: viewModel.outputs.message)
    }
}
