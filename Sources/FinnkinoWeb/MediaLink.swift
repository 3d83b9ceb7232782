import Foundation

/// Where a page links an image the feeds name.
///
/// The bundled dataset's `bundled:///media/…` images are served by this app under `/media/…`;
/// images elsewhere are not shown, as the Content-Security-Policy allows only this origin's images.
enum MediaLink {
    static func source(_ url: URL?) -> String? {
        // The string as the feed gave it, compared as bytes: called for every image of every page.
        guard let text = url?.absoluteString, text.utf8.starts(with: bundledPrefix.utf8) else { return nil }
        let path = Substring(text.utf8.dropFirst(bundledPrefix.utf8.count - mediaPrefix.utf8.count))
        return hasDotDot(path.utf8) ? nil : String(path)
    }

    private static func hasDotDot(_ bytes: Substring.UTF8View) -> Bool {
        var previous: UInt8 = 0
        for byte in bytes {
            if byte == UInt8(ascii: "."), previous == byte { return true }
            previous = byte
        }
        return false
    }

    private static let mediaPrefix = "/media/"
    private static let bundledPrefix = "bundled://" + mediaPrefix
}
