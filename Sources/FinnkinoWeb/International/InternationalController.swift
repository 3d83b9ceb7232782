import FinnkinoKit
import FinnkinoPresentation
import Foundation
import Hummingbird

/// The International tab: `GET /international?list=box-office|upcoming|top&page=N`, the rows of a
/// further page for the script to append (`GET /international/rows?…`), and a movie's page
/// (`GET /international/movie/<id>`; its bookmark button posts to `/bookmarks/toggle`).
struct InternationalController: Sendable {
    let app: AppDependencies
    let renderer: PageRenderer

    func add(to routes: RouteGroups) {
        routes.on(.international) { request, context in try await list(request, context, rowsOnly: false) }
        routes.on(.internationalRows) { request, context in try await list(request, context, rowsOnly: true) }
        routes.on(.internationalMovie) { _, context in
            let client = context.client
            guard let id = context.parameters.get("id", as: Int.self), id > 0 else { throw HTTPError(.notFound) }
            var viewModel = ChartMovieViewModel(
                store: try app.store(client), strings: client.strings, words: client.language.charts,
                bookmarks: try app.bookmarkStore(client))
            await viewModel.load(id: id, now: app.now())
            let outputs = viewModel.outputs
            let path = WebRoute.internationalMovie(id: id).path
            return renderer.screen(outputs.outcome, client: client, path: path) {
                ChartMovieView.page(outputs, layout: renderer.layout(client, path: path))
            }
        }
    }

    /// A list's page, or only its rows (what the script appends).
    private func list(_ request: Request, _ context: PageRequestContext, rowsOnly: Bool) async throws -> Response {
        let client = context.client
        let (list, page) = try Self.listAndPage(request)
        let outputs = await outputs(list, page, client)
        let path = InternationalView.path(list, page: page)
        return renderer.screen(outputs.outcome, client: client, path: path) {
            let layout = renderer.layout(client, path: path)
            return rowsOnly
                ? InternationalView.rows(outputs, layout: layout)
                : InternationalView.page(outputs, layout: layout)
        }
    }

    private func outputs(_ list: ChartList, _ page: Int, _ client: ClientState) async -> ChartsViewModel.Outputs {
        guard let store = try? app.store(client) else {
            var outputs = ChartsViewModel.Outputs()
            outputs.errorMessage = client.language.charts.unavailable
            outputs.outcome = .unavailable
            return outputs
        }
        var viewModel = ChartsViewModel(
            store: store, strings: client.strings, words: client.language.charts, now: app.now)
        await viewModel.load(list, page: page)
        return viewModel.outputs
    }

    /// The list and page a request names; 404 for an unknown list or a page outside 1-500.
    static func listAndPage(_ request: Request) throws -> (ChartList, Int) {
        guard let query = InternationalQuery.requested(FormBody(request.uri.query ?? "").values) else {
            throw HTTPError(.notFound)
        }
        return (query.list, query.page)
    }
}
