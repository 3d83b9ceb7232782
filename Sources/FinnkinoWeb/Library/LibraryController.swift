import FinnkinoKit
import FinnkinoPresentation
import Foundation
import Hummingbird

/// The person's video library: `GET /library`; `…/<id>/video.mp4` (`?download=1` as an
/// attachment), `…/<id>/thumbnail.jpg`; `POST /library/<id>/delete`. Another person's video is
/// a 404, as one that does not exist.
struct LibraryController: Sendable {
    let library: VideoLibrary
    let renderer: PageRenderer

    func add(to routes: RouteGroups) {
        routes.on(.library) { _, context in
            let client = context.client
            let videos = try library.all(of: client.person)
            return renderer.page(
                LibraryView.page(videos, layout: renderer.layout(client, path: WebRoute.library.path)), client: client)
        }
        routes.on(.video) { request, context in
            let video = try video(context)
            let download = request.query(VideoQuery.self).download
            return try await VideoFile.response(
                library.file(of: video), contentType: "video/mp4", download: download ? Self.fileName(video) : nil,
                request: request, context: context)
        }
        routes.on(.thumbnail) { request, context in
            try await VideoFile.response(
                library.thumbnail(of: try video(context)), contentType: "image/jpeg", request: request,
                context: context)
        }
        routes.on(.deleteVideo) { _, context in
            let video = try video(context)
            let words = context.client.language.editor
            try library.delete(id: video.id, of: context.person)
            return ClientState.redirect(
                to: WebRoute.library.path, flash: words.deleted(video.title))
        }
    }

    /// `<title>.mp4` with only characters every file system takes.
    static func fileName(_ video: LibraryVideo) -> String {
        let plain = video.title.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "-") ? Character(scalar) : "-"
        }
        return String(plain).split(separator: "-").joined(separator: "-").lowercased() + "-\(video.id).mp4"
    }

    /// The person's video the address names; 404 for anyone else's.
    private func video(_ context: PageRequestContext) throws -> LibraryVideo {
        guard let id = context.parameters.get("video", as: Int64.self),
            let video = try library.video(id: id, of: context.person)
        else { throw HTTPError(.notFound) }
        return video
    }
}
