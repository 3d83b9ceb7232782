import FinnkinoKit
import FinnkinoPresentation
import Foundation

/// The Showtimes screen of a request (its page and its live updates).
struct ShowtimesScreens: Sendable {
    let app: AppDependencies

    /// The Showtimes screen with its inputs and the person's own theatres and location, not loaded.
    func viewModel(
        movie: Int?, area: Int, date: LocalDate?, filter: ShowFilter, run: ScreenRuns.Kind?, client: ClientState
    ) throws -> ShowtimesViewModel {
        var viewModel = ShowtimesViewModel(store: try app.store(client), language: client.language, now: app.now)
        viewModel.movieSelected(movie)
        viewModel.areaSelected(area)
        if let date { viewModel.dateSelected(date) }
        viewModel.filterChanged(filter)
        viewModel.runSelected(run)
        viewModel.followedMoviesRead(app.followedMovies(client))
        viewModel.myTheatresChanged(app.place(client).place.myTheatres ?? [])
        viewModel.locationChanged(app.coordinate(client))
        return viewModel
    }
}
