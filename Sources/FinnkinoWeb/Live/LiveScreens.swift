import FinnkinoKit
import FinnkinoPresentation
import Foundation
import WebSupport

/// The screens that can change while they are open, as their live updates follow them: the feeds
/// each one's view model observes, and its fragment made anew.
struct LiveScreens: Sendable {
    let app: AppDependencies
    let movies: MoviesScreens
    let showtimes: ShowtimesScreens
    let news: NewsScreens
    let bookmarks: BookmarksScreens

    /// A live screen: the feeds its view model observes, and its live fragment (the element's id
    /// and inner HTML), made anew from the person's state as it is then (their hidden movies,
    /// their location).
    struct Live: Sendable {
        let feeds: [ObservedFeed]
        let fragment: @Sendable () async throws -> (id: String, html: SafeHTML)
    }

    /// `screen` as its live updates follow it.
    func live(_ screen: ScreenRequest, client: ClientState) throws -> Live {
        switch screen {
        case .movies(let area, _, let list, let text, let scope, let sort, let run):
            let make: @Sendable () throws -> MoviesViewModel = {
                try movies.viewModel(
                    area: area, list: list, text: text, scope: scope, sort: sort, run: run, client: client)
            }
            return Live(feeds: try make().observedFeeds) {
                var viewModel = try make()
                await viewModel.load()
                return (MoviesView.resultsID, movies.results(viewModel.outputs, client: client))
            }
        case .showtimes(let movie, let area, _, let date, let filter, let run):
            let make: @Sendable () throws -> ShowtimesViewModel = {
                try showtimes.viewModel(
                    movie: movie, area: area, date: date, filter: filter, run: run, client: client)
            }
            return Live(feeds: try make().observedFeeds) {
                var viewModel = try make()
                await viewModel.load()
                return (ShowtimesView.fragmentID, ShowtimesView.shows(viewModel.outputs, language: client.language))
            }
        case .news(let category):
            let make: @Sendable () throws -> NewsViewModel = { try news.viewModel(category: category, client: client) }
            return Live(feeds: try make().observedFeeds) {
                var viewModel = try make()
                await viewModel.load()
                return (NewsView.fragmentID, NewsView.categories(viewModel.outputs))
            }
        case .bookmarks(let area):
            let make: @Sendable () throws -> BookmarksViewModel = {
                try bookmarks.viewModel(area: area, client: client)
            }
            return Live(feeds: try make().observedFeeds) {
                var viewModel = try make()
                await viewModel.load()
                let layout = PageLayout(client: client, path: BookmarksView.path(area: area))
                return (BookmarksView.listID, BookmarksView.list(viewModel.outputs, layout: layout))
            }
        }
    }

    /// Whether the area `screen` names, if any, is one the source lists. Live updates follow only
    /// real areas: any other number would make a feed that asks the source for nothing. When the
    /// list itself cannot be had, no area counts as known.
    func namesKnownArea(_ screen: ScreenRequest, client: ClientState) async -> Bool {
        guard let area = screen.area else { return true }
        guard let areas = try? await app.store(client).areas().value else { return false }
        return areas.contains { $0.id == area }
    }
}
