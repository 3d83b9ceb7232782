import FinnkinoKit
import FinnkinoPresentation
import Foundation
import Hummingbird

/// The Movies tab: `GET /movies?area=…&list=now|soon&q=…&scope=begins|contains` (without a query,
/// the list as the person left it), and `GET /movies/results?…`, only the results (what the
/// script swaps in while the person types).
struct MoviesController: Sendable {
    let screens: Screens
    let renderer: PageRenderer

    func add(to routes: RouteGroups) {
        routes.on(.movies) { request, context in try await page(request, context, resultsOnly: false) }
        routes.on(.moviesResults) { request, context in try await page(request, context, resultsOnly: true) }
        routes.on(.hiddenMovies) { _, context in
            let client = context.client
            let movies = try await screens.hiddenMovies(client: client)
            let layout = renderer.layout(client, path: WebRoute.hiddenMovies.path)
            return renderer.page(HiddenMoviesView.page(movies, layout: layout), client: client)
        }
        routes.on(.setInterest) { _, context in try await setInterest(context) }
    }

    /// Hides a movie from the person's lists (`interested=no`) or brings it back (`yes`), then goes
    /// back to the page the form was on, saying what was done (the page then offers the opposite).
    private func setInterest(_ context: PageRequestContext) async throws -> Response {
        let form = context.form
        guard let id = form["movie"].flatMap({ Int($0) }), id > 0, id < 1_000_000_000 else {
            throw HTTPError(.badRequest)
        }
        let interested: Bool
        switch form["interested"] {
        case "no": interested = false
        case "yes": interested = true
        default: throw HTTPError(.badRequest)
        }
        let client = context.client
        screens.place(client).update { interested ? $0.bringBack(id) : $0.hide(id) }
        let words = client.language.shows
        let title = (try? await screens.store(client).movie(id: id).title) ?? words.movieNoLongerListed(String(id))
        return ClientState.redirect(to: form.back, flash: interested ? words.broughtBack(title) : words.hidden(title))
    }

    private func page(_ request: Request, _ context: PageRequestContext, resultsOnly: Bool) async throws -> Response {
        let client = context.client
        let place = screens.place(client)
        guard
            let screen = ScreenRequest(request: request, client: client, place: place.place, today: screens.today()),
            case .movies(let area, _, let list, let text, let scope, let sort) = screen
        else { throw HTTPError(.notFound) }
        let outputs = try await screens.movies(
            area: area, list: list, text: text, scope: scope, sort: sort, client: client)
        place.update {
            if !resultsOnly { $0.tab = .movies }
            $0.movies = AppPlace.Movies(area: area, list: list, searchText: text, scope: scope, sort: sort)
            if case .some(.some(let chosen)) = screen.chosenArea { $0.homeArea = chosen }
        }
        let path = WebRoute.movies.path + "?" + MoviesView.query(outputs)
        return renderer.screen(outputs.outcome, client: client, path: path, area: screen.chosenArea) {
            let results = screens.moviesResults(outputs, client: client)
            return resultsOnly
                ? results
                : MoviesView.page(
                    outputs, results: results, location: screens.userLocation(client),
                    layout: renderer.layout(client, path: path))
        }
    }
}
