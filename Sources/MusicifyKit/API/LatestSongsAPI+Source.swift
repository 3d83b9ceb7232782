import AppPatterns
import Foundation

extension LatestSongsAPI {
    /// Apple's marketing RSS host.
    public static let liveHost = "rss.applemarketingtools.com"

    /// The chart from `source`: the bundled chart, Apple's feed (`live`), or a server with the
    /// feed's URL layout; Apple's most-played songs of `country`, 20 of them.
    public init(source: DataSource, country: String = "us", timeout: TimeInterval = 20) throws {
        self.init(
            transport: try Self.transport(for: source, timeout: timeout),
            endpoint: MostPlayedSongsEndpoint(country: country, count: 20))
    }

    /// The transport that reaches `source`: ``BundledSongsTransport`` for the bundled chart, HTTP to
    /// Apple's feed or the server otherwise. For front ends that keep the transport (the web app
    /// serves the bundled chart's artwork; a new API per screen shares it).
    public static func transport(for source: DataSource, timeout: TimeInterval = 20) throws -> any Transport {
        var live = URLComponents()
        live.scheme = "https"
        live.host = liveHost
        guard let liveURL = live.url else { throw TransportError(.invalidRequest, "no URL for \(liveHost)") }
        guard let baseURL = source.baseURL(live: liveURL) else { return try BundledSongsTransport() }
        return HTTPTransport(baseURL: baseURL, timeout: timeout, userAgent: "Musicify/1.0 (+unofficial)")
    }
}
