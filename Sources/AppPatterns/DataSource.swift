import Foundation

/// Where an app's data comes from: what `--source` names.
public enum DataSource: Sendable, Hashable, CustomStringConvertible {
    /// The dataset bundled with the app, offline.
    case bundled
    /// The real service.
    case live
    /// A server with the real service's URL layout at another address (a mirror, a test server).
    case server(URL)

    /// Reads `bundled`, `live`, or an `http(s)://` URL.
    public init?(argument: String) {
        switch argument.lowercased() {
        case "bundled": self = .bundled
        case "live": self = .live
        default:
            guard let url = URL(string: argument), let scheme = url.scheme?.lowercased(),
                scheme == "http" || scheme == "https", url.host != nil
            else { return nil }
            self = .server(url)
        }
    }

    /// The address requests go to, `live` being the real service's; nil for the bundled data.
    public func baseURL(live: URL) -> URL? {
        switch self {
        case .bundled: nil
        case .live: live
        case .server(let url): url
        }
    }

    public var description: String {
        switch self {
        case .bundled: "bundled"
        case .live: "live"
        case .server(let url): url.absoluteString
        }
    }

    /// A file-name-safe name for this source's cache, so that two sources never share entries.
    public var cacheName: String {
        switch self {
        case .bundled: "bundled"
        case .live: "live"
        case .server(let url):
            "server-" + String(url.absoluteString.map { $0.isLetter || $0.isNumber ? $0 : "_" })
        }
    }
}
