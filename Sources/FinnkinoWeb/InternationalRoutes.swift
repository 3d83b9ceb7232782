import FinnkinoKit
import FinnkinoPresentation
import Foundation
import Hummingbird

/// The International tab: `GET /international?list=box-office|upcoming|top&page=N`, the rows of a
/// further page for the script to append (`GET /international/rows?…`), and a movie's page
/// (`GET /international/movie/<id>`; its bookmark button posts to `/bookmarks/toggle`).
struct InternationalRoutes: Sendable {
    let web: WebRoutes

    func add(to router: Router<PersonRequestContext>) {
        router.get("/international") { request, context in try await list(request, context, rowsOnly: false) }
        router.get("/international/rows") { request, context in try await list(request, context, rowsOnly: true) }
        router.get("/international/movie/:id") { request, context in
            let client = try web.client(request, context)
            guard let id = context.parameters.get("id", as: Int.self), id > 0 else { throw HTTPError(.notFound) }
            var viewModel = ChartMovieViewModel(
                store: try web.screens.store(client), strings: client.strings, words: ChartStrings.of(client.language),
                bookmarks: try web.screens.bookmarkStore(client))
            await viewModel.load(id: id, now: web.screens.now())
            let outputs = viewModel.outputs
            return web.page(
                ChartMovieView.page(outputs, layout: web.layout(client, path: "/international/movie/\(id)")),
                client: client, status: outputs.movieID == nil && outputs.errorMessage != nil ? .notFound : .ok)
        }
    }

    /// A list's page, or only its rows (what the script appends).
    private func list(_ request: Request, _ context: PersonRequestContext, rowsOnly: Bool) async throws -> Response {
        let client = try web.client(request, context)
        let (list, page) = try Self.listAndPage(request)
        let outputs = await outputs(list, page, client)
        let layout = web.layout(client, path: InternationalView.path(list, page: page))
        return web.page(
            rowsOnly
                ? InternationalView.rows(outputs, layout: layout) : InternationalView.page(outputs, layout: layout),
            client: client)
    }

    private func outputs(_ list: ChartList, _ page: Int, _ client: ClientState) async -> ChartsViewModel.Outputs {
        guard let store = try? web.screens.store(client) else {
            var outputs = ChartsViewModel.Outputs()
            outputs.errorMessage = ChartStrings.of(client.language).unavailable
            return outputs
        }
        var viewModel = ChartsViewModel(
            store: store, strings: client.strings, words: ChartStrings.of(client.language), now: web.screens.now)
        await viewModel.load(list, page: page)
        return viewModel.outputs
    }

    /// The list and page a request names; 404 for an unknown list or a page outside 1-500.
    static func listAndPage(_ request: Request) throws -> (ChartList, Int) {
        let query = request.uri.queryParameters
        guard let list = InternationalView.list(named: query["list"].map(String.init)) else {
            throw HTTPError(.notFound)
        }
        let page = query["page"].map { Int($0) } ?? 1
        guard let page, (1...500).contains(page) else { throw HTTPError(.notFound) }
        return (list, page)
    }
}
