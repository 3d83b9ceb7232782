import Foundation
import MusicifyKit

/// Where the chart's links lead in the web app. The bundled chart's links name the host
/// ``BundledSongsTransport/host``, which exists only in this app: their pages and artwork are
/// served here under `/bundled`. Any other https link (Apple's artwork and song pages) is used as
/// it is; anything else is not followed.
enum ChartLink {
    /// The prefix the bundled chart's paths are served under.
    static let bundledPrefix = "/bundled"

    /// The address a page links to for `url`: a local `/bundled/…` path for the bundled host, the
    /// URL itself for other https URLs, nil for anything else.
    static func address(of url: URL) -> String? {
        guard url.scheme?.lowercased() == "https", let host = url.host, !host.isEmpty else { return nil }
        if host.lowercased() == BundledSongsTransport.host {
            let path = url.path(percentEncoded: true)
            return bundledPrefix + (path.hasPrefix("/") ? path : "/" + path)
        }
        return url.absoluteString
    }

    /// `/songs/<id>`: the app's address of selecting the song `id` (percent-encoded as one path
    /// segment, whatever the feed put in its ID).
    static func selection(of id: String) -> String {
        "/songs/" + segment(id)
    }

    /// `text` percent-encoded so that it stays one path segment.
    static func segment(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: segmentCharacters) ?? ""
    }

    /// Unreserved characters only: `/`, `?`, `#`, `%` and the rest are encoded.
    private static let segmentCharacters = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
}
