import FinnkinoKit
import FinnkinoPresentation
import Foundation
import Hummingbird

/// The Movies tab: `GET /movies?area=…&list=now|soon&q=…&scope=begins|contains` (without a query,
/// the list as the person left it), and `GET /movies/results?…`, only the results (what the
/// script swaps in while the person types).
struct MoviesController: Sendable {
    let app: AppDependencies
    let movies: MoviesScreens
    let renderer: PageRenderer

    func add(to routes: RouteGroups) {
        routes.on(.movies) { request, context in try await page(request, context, resultsOnly: false) }
        routes.on(.moviesResults) { request, context in try await page(request, context, resultsOnly: true) }
    }

    private func page(_ request: Request, _ context: PageRequestContext, resultsOnly: Bool) async throws -> Response {
        let client = context.client
        let place = app.place(client)
        guard
            let screen = ScreenRequest(request: request, client: client, place: place.place, today: app.today()),
            case .movies(let area, _, let list, let text, let scope, let sort, let run) = screen
        else { throw HTTPError(.notFound) }
        var viewModel = try movies.viewModel(
            area: area, list: list, text: text, scope: scope, sort: sort, run: run, client: client)
        await viewModel.load()
        let outputs = viewModel.outputs
        place.update {
            if !resultsOnly { $0.tab = .movies }
            $0.movies = AppPlace.Movies(
                area: area, list: list, searchText: text, scope: scope, sort: sort, run: outputs.offersRuns ? run : nil)
            if case .area(let chosen) = screen.chosenArea { $0.homeArea = chosen }
        }
        let path = WebRoute.movies.path(MoviesQuery(outputs))
        return renderer.screen(outputs.outcome, client: client, path: path, area: screen.chosenArea) {
            let results = movies.results(outputs, client: client)
            return resultsOnly
                ? results
                : MoviesView.page(
                    outputs, controls: movies.controls(outputs, client: client), results: results,
                    location: app.userLocation(client),
                    layout: renderer.layout(client, path: path))
        }
    }
}
