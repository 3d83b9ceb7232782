import FinnkinoKit
import Foundation
import Hummingbird

/// The bundled trailer clips of the movies, which the player plays and the editor starts from.
struct TrailerClips: Sendable {
    let app: AppDependencies
    let media: BundledMedia?

    /// Movie `id` and its clip, or 404 with the reason in the client's words.
    func clip(_ id: Int, client: ClientState) async throws -> (Event, URL) {
        guard let movie = try? await app.store(client).movie(id: id), let file = media?.trailer(of: movie)
        else { throw HTTPError(.notFound, message: client.language.editor.noClip) }
        return (movie, file)
    }

    /// The tunes the editor offers as music.
    var tunes: [BundledMedia.Tune] { media?.tunes ?? [] }
}
