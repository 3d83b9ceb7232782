import AppPatterns
import FinnkinoKit
import FinnkinoPresentation
import Foundation
import Hummingbird
import WebSupport

/// A movie's page: `GET /movie/<id>` (its bookmark button posts to `/bookmarks/toggle`, its "Tell
/// me when it's on" to `/movies/wanted`, its "Not interested" to `/movies/interest`).
struct MovieController: Sendable {
    let app: AppDependencies
    let renderer: PageRenderer
    /// A movie's next days as made (and written as the page's section) in the minute they were made,
    /// per movie, area, language and location: after the list, the movie page is what people open
    /// most, and its next days change only as shows start (minute by minute) and as feeds refresh
    /// (seen within the minute). One entry per key, replaced in a later minute: with the minute in
    /// the key, each minute's entries stayed until 1,000 pushed them out, and the hosted soak's
    /// memory grew with the minutes, not with the persons (docs/PERFORMANCE.md, issue 41, item 4).
    let showsMade = MemoryCache<ShowsKey, MovieShows>(countLimit: 1_000)
    /// The parts of the movies' pages that are everyone's.
    let partsMade = MoviePartsCache()

    /// A movie's next days, and their section of the page, as made in `minute`.
    struct MovieShows: Sendable {
        var minute: Int
        var outputs: MovieShowsViewModel.Outputs
        var section: SafeHTML
    }

    func add(to routes: RouteGroups) {
        routes.on(.movie) { _, context in
            let client = context.client
            guard let id = context.parameters.get("id", as: Int.self) else { throw HTTPError(.notFound) }
            async let shows = movieShows(id: id, client: client)
            let outputs = try await movie(id: id, client: client)
            if outputs.errorMessage == nil {
                app.place(client).update {
                    $0.tab = .movie
                    $0.openMovieID = id
                }
            }
            // (A browser that has changed nothing wants nothing: the movie page, the most opened
            // after the list, asks no store for it.)
            let wanted =
                client.person == .nobody
                ? nil : try app.wanted.wanted(id, by: client.person)
            let shown = try await shows
            let path = WebRoute.movie(id: id).path
            let parts =
                outputs.errorMessage == nil
                ? partsMade.parts(outputs, language: client.language) { MovieView.parts($0, language: client.language) }
                : .none
            return renderer.screen(outputs.outcome, client: client, path: path) {
                MovieView.page(
                    outputs, parts: parts, shows: shown.outputs, upcoming: shown.section,
                    isHidden: app.place(client).place.isNotInterested(in: id),
                    wanted: wanted, pushKey: app.pushKey, layout: renderer.layout(client, path: path))
            }
        }
    }

    /// The movie's page, loaded.
    private func movie(id: Int, client: ClientState) async throws -> MovieViewModel.Outputs {
        var viewModel = MovieViewModel(
            store: try app.store(client), strings: client.strings, words: client.language.charts, media: app.media)
        viewModel.movieSelected(id)
        // One question to everyone's bookmarks, not the person's store read (and kept) for it.
        let person = client.person
        let bookmarks = app.allBookmarks
        viewModel.bookmarkedRead { movie in (try? bookmarks.isBookmarked(movie, source: .finnkino, by: person)) ?? false
        }
        await viewModel.load()
        return viewModel.outputs
    }

    /// A movie's shows of the next days in the client's area, nearest theatre first with a location.
    private func movieShows(id: Int, client: ClientState) async throws -> MovieShows {
        let area = client.area(asked: nil).showsArea
        let coordinate = app.coordinate(client)
        let key = ShowsKey(
            movie: id, area: area, language: client.language, latitude: coordinate?.latitude,
            longitude: coordinate?.longitude)
        let minute = Int(app.now().timeIntervalSince1970 / 60)
        if let made = showsMade.value(for: key), made.minute == minute { return made }
        var viewModel = MovieShowsViewModel(store: try app.store(client), language: client.language, now: app.now)
        viewModel.movieSelected(id)
        viewModel.areaSelected(area)
        viewModel.locationChanged(coordinate)
        await viewModel.load()
        let made = MovieShows(
            minute: minute, outputs: viewModel.outputs,
            section: MovieView.upcoming(viewModel.outputs, words: client.language.shows))
        // A failure is not kept: the next request asks again.
        if viewModel.outputs.errorMessage == nil { showsMade.set(made, for: key) }
        return made
    }

    struct ShowsKey: Hashable, Sendable {
        var movie: Int
        var area: Int
        var language: UILanguage
        var latitude: Double?
        var longitude: Double?
    }
}
