import AppPatterns
import Foundation

/// Where the chart comes from: the bundled chart (offline, the default), Apple's real feed, or any
/// server with the feed's URL layout (a mirror, a test server).
public enum SongsSource: Sendable, Equatable, CustomStringConvertible {
    case bundled
    case live
    case server(URL)

    /// Apple's marketing RSS host.
    public static let liveHost = "rss.applemarketingtools.com"

    /// `bundled`, `live`, or an http(s) URL.
    public init(parsing text: String) throws(SongsSourceError) {
        switch text.lowercased() {
        case "bundled": self = .bundled
        case "live": self = .live
        default:
            guard let url = URL(string: text), url.scheme == "http" || url.scheme == "https",
                url.host?.isEmpty == false
            else { throw SongsSourceError(text: text) }
            self = .server(url)
        }
    }

    public var description: String {
        switch self {
        case .bundled: "bundled"
        case .live: "live"
        case .server(let url): url.absoluteString
        }
    }

    /// The transport that reaches this source.
    public func makeTransport(timeout: TimeInterval = 20) throws -> any Transport {
        switch self {
        case .bundled:
            return try BundledSongsTransport()
        case .live:
            var components = URLComponents()
            components.scheme = "https"
            components.host = Self.liveHost
            guard let url = components.url else { throw SongsSourceError(text: Self.liveHost) }
            return HTTPTransport(baseURL: url, timeout: timeout, userAgent: "Musicify/1.0 (+unofficial)")
        case .server(let url):
            return HTTPTransport(baseURL: url, timeout: timeout, userAgent: "Musicify/1.0 (+unofficial)")
        }
    }
}

/// A `--source` that is none of the three.
public struct SongsSourceError: Error, Sendable, Equatable, CustomStringConvertible {
    public var text: String
    public var description: String { "\(text) is not a source: say bundled, live or an http(s) URL" }
}
