import FinnkinoKit
import FinnkinoPresentation
import Foundation
import Hummingbird

/// The trailer player: `GET /trailer/<movie>`, the clip in the player; `…/clip.mp4`, the clip
/// (byte ranges). Its Edit button posts to `/editor` (``EditorController``).
struct TrailerController: Sendable {
    let clips: TrailerClips
    let renderer: PageRenderer

    func add(to routes: RouteGroups) {
        routes.on(.trailer) { _, context in
            let client = context.client
            let (movie, _) = try await clip(context)
            return renderer.page(
                TrailerView.page(
                    movieID: movie.id, title: movie.title,
                    layout: renderer.layout(client, path: WebRoute.trailer(movie: movie.id).path)),
                client: client)
        }
        routes.on(.trailerClip) { request, context in
            let (_, file) = try await clip(context)
            return try await VideoFile.response(file, contentType: "video/mp4", request: request, context: context)
        }
    }

    /// The clip of the movie the address names, or 404.
    private func clip(_ context: PageRequestContext) async throws -> (Event, URL) {
        guard let id = context.parameters.get("movie", as: Int.self) else { throw HTTPError(.notFound) }
        return try await clips.clip(id, client: context.client)
    }
}
