import FinnkinoKit
import FinnkinoPresentation
import Foundation
import Hummingbird

/// The Showtimes tab: `GET /showtimes?movie=…&area=…&date=…` with the filter's parts
/// (``ShowFilter/init(query:)``); without a query, as the person left it.
struct ShowtimesController: Sendable {
    let app: AppDependencies
    let showtimes: ShowtimesScreens
    let renderer: PageRenderer

    func add(to routes: RouteGroups) {
        routes.on(.showtimes) { request, context in
            let client = context.client
            let place = app.place(client)
            guard
                let requested = ScreenRequest(
                    request: request, client: client, place: place.place, today: app.today()),
                case .showtimes(let movie, let area, _, let date, let filter, let run) = requested
            else { throw HTTPError(.notFound) }
            var viewModel = try showtimes.viewModel(
                movie: movie, area: area, date: date, filter: filter, run: run, client: client)
            await viewModel.load()
            let outputs = viewModel.outputs
            let chosenArea = requested.chosenArea
            place.update {
                $0.tab = .showtimes
                $0.showtimes = AppPlace.Showtimes(
                    movieID: movie, area: area, date: date, filter: filter.isEmpty ? nil : filter, run: run)
                if case .area(let chosen) = chosenArea { $0.homeArea = chosen }
            }
            let path = WebRoute.showtimes.path(ShowtimesQuery(outputs, date: outputs.date))
            return renderer.screen(outputs.outcome, client: client, path: path, area: chosenArea) {
                ShowtimesView.page(
                    outputs, location: app.userLocation(client), layout: renderer.layout(client, path: path))
            }
        }
    }
}
