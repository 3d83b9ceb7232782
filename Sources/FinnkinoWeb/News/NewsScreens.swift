import FinnkinoKit
import FinnkinoPresentation
import Foundation

/// The News screen of a request (its page and its live updates).
struct NewsScreens: Sendable {
    let app: AppDependencies

    /// The News screen of `category` (nil: all), not loaded.
    func viewModel(category: Int?, client: ClientState) throws -> NewsViewModel {
        var viewModel = NewsViewModel(store: try app.store(client), strings: client.strings, now: app.now)
        viewModel.categorySelected(category)
        return viewModel
    }
}
