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
            var viewModel = hiddenMovies(client)
            await viewModel.load()
            let layout = renderer.layout(client, path: WebRoute.hiddenMovies.path)
            return renderer.page(HiddenMoviesView.page(viewModel.outputs, layout: layout), client: client)
        }
        routes.on(.setInterest) { _, context in
            let form = context.form
            guard let id = form["movie"].flatMap({ Int($0) }), id > 0, id < 1_000_000_000 else {
                throw HTTPError(.badRequest)
            }
            // The form is read whole before anything of the person is asked for.
            guard let interested = ["no": false, "yes": true][form["interested"] ?? ""] else {
                throw HTTPError(.badRequest)
            }
            var viewModel = hiddenMovies(context.client)
            if interested { await viewModel.bringBackSelected(id) } else { await viewModel.hideSelected(id) }
            return ClientState.redirect(to: form.back, flash: viewModel.outputs.message)
        }
        routes.on(.bringAllBack) { _, context in
            var viewModel = hiddenMovies(context.client)
            // Nothing hidden, nothing changed: a browser whose first change this was stays nobody.
            if viewModel.bringAllBackSelected() == 0 { context.changeFailed() }
            return ClientState.redirect(to: context.form.back, flash: viewModel.outputs.message)
        }
    }

    /// The movies the client's person hid, and hiding or bringing back one or all.
    private func hiddenMovies(_ client: ClientState) -> HiddenMoviesViewModel {
        HiddenMoviesViewModel(store: try? app.store(client), place: app.place(client), language: client.language)
    }
}
