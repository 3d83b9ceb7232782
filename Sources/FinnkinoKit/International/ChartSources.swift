import AppPatterns
import Foundation
import Logging

/// Where the international lists come from: TMDB for the lists and details, OMDb for the critics'
/// scores (optional: without it, details come without them). In live mode each needs its API key
/// from the environment; the bundled dataset needs none.
public struct ChartSources: Sendable {
    public static let tmdbKeyVariable = "TMDB_API_KEY"
    public static let omdbKeyVariable = "OMDB_API_KEY"
    public static let tmdbBaseURL = URL(string: "https://api.themoviedb.org")
    public static let omdbBaseURL = URL(string: "https://www.omdbapi.com")

    let tmdb: WebService
    let omdb: WebService?

    public init(tmdb: WebService, omdb: WebService?) {
        self.tmdb = tmdb
        self.omdb = omdb
    }

    /// Why there are no international lists, as one line a person can act on.
    public static let missingKey =
        "the international lists need a TMDB API key with --source live: set \(tmdbKeyVariable) "
        + "(and \(omdbKeyVariable) for the critics' scores); see https://www.themoviedb.org/settings/api"

    /// The sources for `source`; `.failure` with ``missingKey`` in live mode without a TMDB key.
    static func make(
        source: DataSource, environment: [String: String], caches: (String) -> any PayloadCache, logger: Logger
    ) -> Result<ChartSources, FeedStoreError> {
        switch source {
        case .bundled:
            do {
                return .success(
                    ChartSources(
                        tmdb: WebService(transport: try BundledChartsTransport(.tmdb), cache: NoPayloadCache()),
                        omdb: WebService(transport: try BundledChartsTransport(.omdb), cache: NoPayloadCache())))
            } catch {
                return .failure(.chartsUnavailable("the bundled international lists cannot be read: \(error)"))
            }
        case .live, .server:
            let server: URL? =
                switch source {
                case .server(let url): url
                default: nil
                }
            guard let tmdbKey = environment[tmdbKeyVariable].flatMap(Self.key),
                let tmdbBase = server ?? tmdbBaseURL
            else { return .failure(.chartsUnavailable(missingKey)) }
            let omdb = environment[omdbKeyVariable].flatMap(Self.key).flatMap { key in
                (server ?? omdbBaseURL).map { service(base: $0, keyName: "apikey", key: key, cache: "omdb") }
            }
            func service(base: URL, keyName: String, key: String, cache: String) -> WebService {
                let transport = RateLimitedTransport(
                    APIKeyTransport(HTTPTransport(baseURL: base), name: keyName, key: key))
                return WebService(transport: transport, cache: caches("\(cache)-\(source.cacheName)"), logger: logger)
            }
            return .success(
                ChartSources(tmdb: service(base: tmdbBase, keyName: "api_key", key: tmdbKey, cache: "tmdb"), omdb: omdb)
            )
        }
    }

    /// A key as given, without blanks; nil when empty.
    private static func key(_ value: String) -> String? {
        let key = value.trimmingCharacters(in: .whitespacesAndNewlines)
        return key.isEmpty ? nil : key
    }
}
