import FinnkinoKit
import FinnkinoPresentation
import Foundation

/// The Bookmarks screen of a request (its page, its changes, its live updates), and what a
/// person does to their bookmarks from any page.
struct BookmarksScreens: Sendable {
    let app: AppDependencies

    /// The Bookmarks screen with the next shows in `area`, not loaded.
    func viewModel(area: Int, client: ClientState) throws -> BookmarksViewModel {
        var viewModel = BookmarksViewModel(
            store: try app.store(client), bookmarks: try app.bookmarkStore(client), strings: client.strings,
            now: app.now)
        viewModel.areaSelected(area)
        return viewModel
    }

    /// The Bookmarks screen after `change` (a removal, an undo...), loaded.
    func load(
        area: Int, client: ClientState, change: (inout BookmarksViewModel) async -> Void = { _ in }
    ) async throws -> BookmarksViewModel.Outputs {
        var viewModel = try viewModel(area: area, client: client)
        await change(&viewModel)
        await viewModel.load()
        return viewModel.outputs
    }

    /// What the client's person can do to their bookmarks from any page.
    func actions(_ client: ClientState) throws -> BookmarkActionsViewModel {
        BookmarkActionsViewModel(
            store: try app.store(client), bookmarks: try app.bookmarkStore(client), language: client.language,
            now: app.now)
    }
}
