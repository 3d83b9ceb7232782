import FinnkinoKit
import FinnkinoPresentation
import Foundation
import Hummingbird

/// Not interested: `GET /movies/hidden` lists the movies the person hid; `POST /movies/interest`
/// (`movie`, `interested=no|yes`) hides one or brings it back from any page, and `POST
/// /movies/hidden/bring-back` brings them all back. Each change goes back to the page the form was
/// on (its `back`) with what was done.
struct HiddenMoviesController: Sendable {
    let app: AppDependencies
    let renderer: PageRenderer

    func add(to routes: RouteGroups) {
        routes.on(.hiddenMovies) { _, context in
            let client = context.client
            var viewModel = try hiddenMovies(client)
            await viewModel.load()
            let layout = renderer.layout(client, path: WebRoute.hiddenMovies.path)
            return renderer.page(HiddenMoviesView.page(viewModel.outputs, layout: layout), client: client)
        }
        routes.on(.setInterest) { _, context in
            let form = context.form
            guard let id = form["movie"].flatMap({ Int($0) }), id > 0, id < 1_000_000_000 else {
                throw HTTPError(.badRequest)
            }
            var viewModel = try hiddenMovies(context.client)
            switch form["interested"] {
            case "no": await viewModel.hideSelected(id)
            case "yes": await viewModel.bringBackSelected(id)
            default: throw HTTPError(.badRequest)
            }
            return ClientState.redirect(to: form.back, flash: viewModel.outputs.message)
        }
        routes.on(.bringAllBack) { _, context in
            var viewModel = try hiddenMovies(context.client)
            viewModel.bringAllBackSelected()
            return ClientState.redirect(to: context.form.back, flash: viewModel.outputs.message)
        }
    }

    /// The movies the client's person hid, and hiding or bringing back one or all.
    private func hiddenMovies(_ client: ClientState) throws -> HiddenMoviesViewModel {
        HiddenMoviesViewModel(store: try app.store(client), place: app.place(client), language: client.language)
    }
}
