import AppPatterns
import FinnkinoKit
import Foundation
import ImagePipeline

/// Where a page links an image the feeds name: `/image/<variant>/<key>`, served by ``ImageController``
/// through the ImagePipeline, on this origin (the Content-Security-Policy allows no other).
///
/// The key of a bundled image is its path (`media/Event_14048/portrait_small.jpg`). An image on the
/// web is keyed by a hash of its URL and its file name (`web/1f0c…/poster.jpg`) and is served only
/// after a page has linked it: the route fetches images the feeds named, never an address a
/// visitor made up.
enum ImageLink {
    /// The web images pages have linked, by key (bounded; far more than any feed names).
    private static let linked = MemoryCache<String, URL>(countLimit: 50_000)

    /// The route path of `url` as `variant` shows it; nil when the URL is not an image the app
    /// serves (another scheme, a path that climbs out of `media/`).
    static func path(_ url: URL?, variant: ImageVariant) -> String? {
        guard let url, let key = key(for: url) else { return nil }
        return path(key: key, variant: variant)
    }

    /// The route path of an image key as `variant` shows it.
    static func path(key: String, variant: ImageVariant) -> String {
        WebRoute.image(variant: variant.name, key: key).path
    }

    /// The key of `url`, remembering a web image's URL so that its key can be served.
    static func key(for url: URL) -> String? {
        let text = url.absoluteString
        if text.hasPrefix(bundledPrefix) {
            let path = String(text.dropFirst(bundledPrefix.count - "media/".count))
            return isPlain(path) ? path : nil
        }
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil else {
            return nil
        }
        let name = url.lastPathComponent
        let file = isPlain(name) && !name.isEmpty && name != "/" ? name : "image"
        let key = "web/" + hash(text) + "/" + file
        if linked.value(for: key) == nil { linked.set(url, for: key) }
        return key
    }

    /// The image URL a key names: a bundled path as it is, a web key only when a page linked it.
    static func url(forKey key: String) -> URL? {
        if key.hasPrefix("media/") {
            return isPlain(key) ? URL(string: "bundled:///" + key) : nil
        }
        guard key.hasPrefix("web/") else { return nil }
        return linked.value(for: key)
    }

    private static let bundledPrefix = "bundled:///media/"

    /// Only letters, digits and `-_.~/`, with no empty, `.` or `..` segment.
    private static func isPlain(_ path: String) -> Bool {
        let allowed = path.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
                || byte == UInt8(ascii: "~") || byte == UInt8(ascii: "/")
        }
        return allowed
            && path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy {
                !$0.isEmpty && $0 != "." && $0 != ".."
            }
    }

    /// A short stable name for a URL (collisions are harmless: the linked URL is kept, and a
    /// second URL with the same hash and file name replaces nothing).
    static func hash(_ text: String) -> String { FNV1a.hex(text.utf8) }
}
