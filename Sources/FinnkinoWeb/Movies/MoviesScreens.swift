import FinnkinoKit
import FinnkinoPresentation
import Foundation
import WebSupport

/// The Movies screen of a request (its page, its results, its live updates) and its rendered
/// list, kept for the next request that shows the same list.
struct MoviesScreens: Sendable {
    let app: AppDependencies
    let lists = MovieListCache()
    let forms = MoviesFormCache()

    /// The Movies screen with its inputs and the person's hidden movies and location, not loaded.
    func viewModel(
        area: Int?, list: EventListType, text: String, scope: SearchScope, sort: MovieSort, run: ScreenRuns.Kind?,
        client: ClientState
    ) throws -> MoviesViewModel {
        var viewModel = MoviesViewModel(store: try app.store(client), strings: client.strings, now: app.now)
        viewModel.areaSelected(area)
        viewModel.listSelected(list)
        viewModel.searchTextChanged(text)
        viewModel.scopeChanged(scope)
        viewModel.sortSelected(sort)
        viewModel.runSelected(run)
        viewModel.followedMoviesRead(app.followedMovies(client))
        viewModel.hiddenMoviesChanged(Set(app.place(client).place.notInterested ?? []))
        viewModel.locationChanged(app.coordinate(client))
        return viewModel
    }

    /// The search form and list switch of the Movies screen, from the cache when written before.
    func controls(_ outputs: MoviesViewModel.Outputs, client: ClientState) -> MoviesView.Controls {
        forms.controls(outputs, language: client.language) { MoviesView.controls($0, strings: client.strings) }
    }

    /// The rendered list of the Movies screen, from the cache when it was rendered before.
    func results(_ outputs: MoviesViewModel.Outputs, client: ClientState) -> SafeHTML {
        lists.results(outputs, language: client.language) { MoviesView.results($0, language: client.language) }
    }
}
