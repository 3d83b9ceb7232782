import Foundation

/// Where a page links an image the feeds name.
///
/// The bundled dataset's `bundled:///media/…` images are served by this app under `/media/…`;
/// images elsewhere are not shown, as the Content-Security-Policy allows only this origin's images.
enum MediaLink {
    static func source(_ url: URL?) -> String? {
        guard let url, url.scheme?.lowercased() == "bundled" else { return nil }
        let path = url.path
        guard path.hasPrefix("/media/"), !path.contains("..") else { return nil }
        return path
    }
}
