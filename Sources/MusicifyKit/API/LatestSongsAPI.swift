import AppPatterns

/// The one network service every architecture asks for the latest songs (the study's
/// `MoyaProvider<MusicifyAPI>`): a typed endpoint sent through the toolkit's ``WebService``, the
/// answer as songs or as one of the two errors the screen shows. Each call asks the source: a
/// screen that appears shows what the chart says now.
public struct LatestSongsAPI: Sendable {
    private let fetch: @Sendable () async throws(WebServiceError) -> [Song]

    /// Songs from `endpoint`, sent through `service`.
    public init<E: Endpoint>(service: WebService, endpoint: E) where E.Response == [Song] {
        fetch = { () throws(WebServiceError) in try await service.send(endpoint) }
    }

    /// Songs from `endpoint` through `transport` (a web service of its own, nothing cached).
    public init<E: Endpoint>(transport: any Transport, endpoint: E) where E.Response == [Song] {
        self.init(service: WebService(transport: transport), endpoint: endpoint)
    }

    /// The latest songs in chart order, or why not.
    public func latestSongs() async -> Result<[Song], SongsLoadError> {
        do throws(WebServiceError) {
            return .success(try await fetch())
        } catch {
            return .failure(SongsLoadError(error))
        }
    }
}
