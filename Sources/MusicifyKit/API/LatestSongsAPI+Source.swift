import AppPatterns
import Foundation

extension LatestSongsAPI {
    /// Apple's marketing RSS host.
    public static let liveHost = "rss.applemarketingtools.com"

    /// The chart from `source`: the bundled chart, Apple's feed (`live`), or a server with the
    /// feed's URL layout; Apple's most-played songs of `country`, 20 of them.
    public init(source: DataSource, country: String = "us", timeout: TimeInterval = 20) throws {
        let endpoint = MostPlayedSongsEndpoint(country: country, count: 20)
        var live = URLComponents()
        live.scheme = "https"
        live.host = Self.liveHost
        guard let liveURL = live.url else { throw TransportError(.invalidRequest, "no URL for \(Self.liveHost)") }
        guard let baseURL = source.baseURL(live: liveURL) else {
            self.init(transport: try BundledSongsTransport(), endpoint: endpoint)
            return
        }
        self.init(
            transport: HTTPTransport(baseURL: baseURL, timeout: timeout, userAgent: "Musicify/1.0 (+unofficial)"),
            endpoint: endpoint)
    }
}
