import AppPatterns
import Foundation
import Logging

extension FeedStore {
    /// The real Finnkino API's address.
    public static let liveBaseURL = URL(string: "https://www.finnkino.fi")

    /// A store reading from `source`, caching in `dataDirectory`.
    ///
    /// The bundled dataset is cached in memory only (it is already on disk); other sources keep
    /// their answers in an SQLite payload cache per source, so the last good data outlives the
    /// process and is served when the source is down, or in `sharedCache` (made for the source's
    /// cache name), the one PostgreSQL cache that several instances share.
    public static func make(
        source: DataSource, language: ContentLanguage, dataDirectory: URL, policy: CachePolicy = .standard,
        environment: [String: String] = ProcessInfo.processInfo.environment, logger: Logger = Logger(label: "finnkino"),
        sharedCache: ((String) throws -> any PayloadCache)? = nil
    ) throws -> FeedStore {
        let transport: any Transport
        let cache: any PayloadCache
        switch source {
        case .bundled:
            transport = try BundledTransport()
            cache = InMemoryPayloadCache()
        case .live, .server:
            guard let live = liveBaseURL, let baseURL = source.baseURL(live: live) else {
                throw TransportError(.invalidRequest, "no base URL for \(source)")
            }
            transport = LanguagePathTransport(HTTPTransport(baseURL: baseURL))
            cache =
                try sharedCache?(source.cacheName)
                ?? SQLitePayloadCache(
                    directory: dataDirectory.appendingPathComponent("cache", isDirectory: true),
                    fileName: "\(source.cacheName).sqlite", pageSize: 65_536, logger: logger)
        }
        let webService = WebService(transport: transport, cache: cache, logger: logger)
        let charts = ChartSources.make(
            source: source, environment: environment, dataDirectory: dataDirectory, logger: logger)
        // A server of the operator's choosing (`--source URL`) serves its own images too.
        var imageHosts = liveImageHosts
        if case .server(let url) = source, let host = url.host { imageHosts.insert(host) }
        return FeedStore(
            webService: webService, language: language, policy: policy, charts: charts, imageHosts: imageHosts)
    }
}
