import AppPatterns
import Foundation

extension FeedStore {
    /// An image the feeds name, e.g. `media/Event_14048/portrait_small.jpg` (the path of a
    /// `bundled:///media/…` URL), fetched through the store's transport. Nil when the source has
    /// no such image or the path is not a plain relative path below `media/`.
    public func media(path: String) async -> (contentType: String, body: Data)? {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        // While the source does not answer, images are not asked for (the page keeps their space).
        guard !webService.reachability.status.isUnreachable, segments.count >= 2, segments[0] == "media",
            segments.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }),
            !path.contains("%"), !path.contains("\\"), !path.contains("\0"), !path.contains("?"),
            let response = try? await webService.transport.send(TransportRequest(path: "/" + path)),
            response.status == 200, let type = response.header("content-type"), type.hasPrefix("image/")
        else { return nil }
        return (type, response.body)
    }
}
