import AppPatterns
import Foundation
import ImagePipeline

extension FeedStore {
    /// How to fetch an image the feeds name: a bundled image (`bundled:///media/…`) through the
    /// store's own transport, an image on the web through an HTTP transport for its site. Nil for
    /// anything else, for a host that is not one of ``imageHosts`` (so a feed cannot send the
    /// server to the loopback interface, a link-local address or any other host), and for a path
    /// that is not a plain path (`..`, `%`, a backslash).
    public func imageRequest(for url: URL) -> ImageRequest? {
        let name = url.absoluteString
        if name.hasPrefix(Self.bundledMediaPrefix) {
            let path = String(name.dropFirst("bundled://".count))
            guard Self.isPlainPath(path) else { return nil }
            return ImageRequest(name: name, transport: webService.transport, request: TransportRequest(path: path))
        }
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", let host = url.host,
            !host.isEmpty, imageHosts.contains(host.lowercased()),
            let origin = URL(string: "\(scheme)://\(host)\(url.port.map { ":\($0)" } ?? "")")
        else { return nil }
        let path = url.path.isEmpty ? "/" : url.path
        guard Self.isPlainPath(path) else { return nil }
        let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.map {
            TransportRequest.QueryItem($0.name, $0.value ?? "")
        }
        return ImageRequest(
            name: name, transport: imageTransports.transport(for: origin),
            request: TransportRequest(path: path, query: query ?? []))
    }

    private static let bundledMediaPrefix = "bundled:///media/"

    private static func isPlainPath(_ path: String) -> Bool {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        return path.hasPrefix("/") && !segments.isEmpty
            && segments.allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
            && !path.contains("\\") && !path.contains("%") && !path.unicodeScalars.contains { $0.value <= 0x20 }
    }
}
