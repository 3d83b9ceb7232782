import AppPatterns
import Foundation
import Logging

extension FeedStore {
    /// The real Finnkino API's address.
    public static let liveBaseURL = URL(string: "https://www.finnkino.fi")

    /// A store reading from `source`, keeping its answers in `caches`.
    ///
    /// The bundled dataset's answers are not kept (its transport makes any again from memory as
    /// fast as a cache would give it, and the web service keeps their decoded values); other sources keep
    /// their answers where `caches` says (the command line: a file per source in the data folder,
    /// so the last good data outlives the process and is served when the source is down, or the
    /// one PostgreSQL cache that several instances share).
    public static func make(
        source: DataSource, language: ContentLanguage, caches: PayloadCaches = .inMemory,
        policy: CachePolicy = .standard, environment: [String: String] = ProcessInfo.processInfo.environment,
        logger: Logger = Logger(label: "finnkino")
    ) throws -> FeedStore {
        let transport: any Transport
        let cache: any PayloadCache
        switch source {
        case .bundled:
            transport = try BundledTransport()
            cache = NoPayloadCache()
        case .live, .server:
            guard let live = liveBaseURL, let baseURL = source.baseURL(live: live) else {
                throw TransportError(.invalidRequest, "no base URL for \(source)")
            }
            transport = LanguagePathTransport(HTTPTransport(baseURL: baseURL))
            cache = try caches.feeds(source.cacheName)
        }
        let webService = WebService(transport: transport, cache: cache, logger: logger)
        let charts = ChartSources.make(source: source, environment: environment, caches: caches.charts, logger: logger)
        // A server of the operator's choosing (`--source URL`) serves its own images too.
        var imageHosts = liveImageHosts
        if case .server(let url) = source, let host = url.host { imageHosts.insert(host) }
        return FeedStore(
            webService: webService, language: language, policy: policy, charts: charts, imageHosts: imageHosts)
    }
}
