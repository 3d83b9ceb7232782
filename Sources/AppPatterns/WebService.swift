import Foundation
import Logging

/// Sends typed ``Endpoint``s through one fixed flow (Template Method): validate, check
/// reachability, send, check the status, decode. The endpoint supplies the steps that differ (its
/// request, validation and decoding); the flow never changes.
///
/// ``send(_:)`` always asks the source. ``load(_:maxAge:)`` adds caching: a cached body younger
/// than `maxAge` is served without a request; an older one is revalidated with
/// `If-None-Match` / `If-Modified-Since`; when fresh data cannot be had (offline, no answer, an
/// error status, an undecodable answer) the last good body is served marked stale. A body is
/// kept in the cache only when it decodes (it is staged while it is decoded and takes the cached
/// body's place only then: ``PayloadCache/stage(_:for:)``).
///
/// Every value `load` returns names the answer it was decoded from (``Loaded/answer``), for what
/// is made of it to be kept by that answer (``AnswerCache``).
///
/// Identical requests in flight (same endpoint type and `request.description`) share one
/// transport call. Every outcome feeds the ``Reachability`` (an HTTP error status still means
/// reachable). While it says unreachable, and that was observed less than `offlineRetryInterval`
/// seconds ago, nothing is sent: the cache is served stale or ``WebServiceError/offline(endpoint:)``
/// is thrown. Give the reachability the same time source as the web service.
public final class WebService: Sendable {
    private struct DecodedKey: Hashable, Sendable {
        var type: ObjectIdentifier
        var request: String
    }

    /// A decoded body, kept so that a fresh cached body is not decoded again (and, kept alive,
    /// the one ``SharedDecodings`` hands to the other web services given the same bytes). It keeps
    /// the body's fingerprint, not the body.
    private struct Decoded: Sendable {
        var decoded: SharedDecodings.Decoded
        var storedAt: Date
        var fingerprint: BodyFingerprint { decoded.fingerprint }
        var value: any Sendable { decoded.value }
    }

    public let transport: any Transport
    public let reachability: Reachability
    /// Seconds during which an observed unreachability stops requests from being sent.
    public let offlineRetryInterval: TimeInterval
    private let cache: any PayloadCache
    /// Its clock: what the ages of its answers are measured by.
    public let now: @Sendable () -> Date
    private let logger: Logger
    private let metrics: SourceMetrics
    private let inFlight = RequestCoalescer<String, any Sendable>()
    private let decoded: MemoryCache<DecodedKey, Decoded>
    private let sharedDecodings: SharedDecodings

    /// - Parameters:
    ///   - transport: where requests go.
    ///   - cache: where bodies are kept for ``load(_:maxAge:)``; nil keeps them in memory only.
    ///   - reachability: fed by every outcome; consulted before sending.
    ///   - now: the time source for ages and storage times.
    ///   - logger: stale answers and cache problems are logged here.
    ///   - offlineRetryInterval: see the type's description.
    ///   - decodedCacheLimit: the most body bytes whose decoded values are kept in memory.
    ///   - metrics: where each endpoint's successes, failures and data times are recorded.
    ///   - sharedDecodings: where values decoded from the same large bodies are shared.
    public init(
        transport: any Transport, cache: (any PayloadCache)? = nil, reachability: Reachability = Reachability(),
        now: @escaping @Sendable () -> Date = Date.init, logger: Logger = Logger(label: "WebService"),
        offlineRetryInterval: TimeInterval = 30, decodedCacheLimit: Int = 32 << 20,
        metrics: SourceMetrics = SourceMetrics(), sharedDecodings: SharedDecodings = .process
    ) {
        self.transport = transport
        self.cache = cache ?? InMemoryPayloadCache()
        self.reachability = reachability
        self.now = now
        self.logger = logger
        self.offlineRetryInterval = offlineRetryInterval
        self.metrics = metrics
        self.sharedDecodings = sharedDecodings
        decoded = MemoryCache(countLimit: 256, costLimit: decodedCacheLimit)
    }

    /// The number of distinct requests being sent right now.
    public var requestsInFlight: Int { inFlight.runningCount }

    /// Sends `endpoint` and decodes the answer, without any cache.
    public func send<E: Endpoint>(_ endpoint: E) async throws(WebServiceError) -> E.Response {
        try validate(endpoint)
        try checkReachability(endpoint)
        let result: Result<E.Response, WebServiceError> = await coalesced(Self.sendKey(endpoint)) { [self] in
            do throws(WebServiceError) {
                let response = try await transmit(endpoint, endpoint.request)
                try checkStatus(endpoint, response)
                let value = try decode(endpoint, response.body)
                metrics.succeeded(endpoint.name, at: now())
                return .success(value)
            } catch {
                metrics.failed(error)
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// The value of `endpoint`, from the cache when younger than `maxAge` seconds, otherwise from
    /// the source (revalidating the cached body); the cached value marked stale when the source
    /// fails. Throws only when there is nothing cached to fall back on.
    public func load<E: Endpoint>(
        _ endpoint: E, maxAge: TimeInterval
    ) async throws(WebServiceError) -> Loaded<E.Response> {
        try validate(endpoint)
        let cacheKey = endpoint.request.description
        let decodedKey = DecodedKey(type: ObjectIdentifier(E.self), request: cacheKey)
        let time = now()

        // Fresh, already decoded: no disk, no decoding.
        if let hit = decoded.value(for: decodedKey), time.timeIntervalSince(hit.storedAt) < maxAge,
            let value = hit.value as? E.Response
        {
            return Loaded(value: value, fetchedAt: hit.storedAt, answer: Answer(hit.decoded))
        }
        var cached = cache.payload(for: cacheKey)
        if let fresh = cached, fresh.age(at: time) < maxAge {
            if case (let answer, let value)? = try? await decodeCached(endpoint, fresh, decodedKey) {
                metrics.served(endpoint.name, fetchedAt: fresh.storedAt)
                return Loaded(value: value, fetchedAt: fresh.storedAt, answer: Answer(answer))
            }
            // A body that no longer decodes (say, written by an older version) is dropped.
            logger.warning("dropping a cached \(endpoint.name) body that does not decode")
            cache.removePayload(for: cacheKey)
            cached = nil
        }

        let revalidated = cached
        let result: Result<Loaded<E.Response>, WebServiceError> = await coalesced(Self.loadKey(endpoint)) {
            [self] in
            // One refresh of a payload at a time across the processes sharing the cache: one that
            // another stored meanwhile is used when fresh, and revalidated from otherwise.
            await cache.refreshAlone(cacheKey, newerThan: revalidated?.storedAt) { stored in
                if let stored, stored.age(at: now()) < maxAge,
                    case (let answer, let value)? = try? await decodeCached(endpoint, stored, decodedKey)
                {
                    return .success(Loaded(value: value, fetchedAt: stored.storedAt, answer: Answer(answer)))
                }
                return await revalidate(
                    endpoint, cached: stored ?? revalidated, cacheKey: cacheKey, decodedKey: decodedKey)
            }
        }
        return try result.get()
    }

    // MARK: - The flow

    private func revalidate<E: Endpoint>(
        _ endpoint: E, cached: CachedPayload?, cacheKey: String, decodedKey: DecodedKey
    ) async -> Result<Loaded<E.Response>, WebServiceError> {
        do throws(WebServiceError) {
            try checkReachability(endpoint)
            var request = endpoint.request
            if let cached {
                if let etag = cached.etag { request.headers["If-None-Match"] = etag }
                if let lastModified = cached.lastModified { request.headers["If-Modified-Since"] = lastModified }
            }
            let response = try await transmit(endpoint, request)
            if response.status == 304, var cached {
                cached.storedAt = now()
                cache.markRevalidated(cacheKey, at: cached.storedAt)
                do throws(WebServiceError) {
                    let (answer, value) = try await decodeCached(endpoint, cached, decodedKey)
                    metrics.succeeded(endpoint.name, at: cached.storedAt)
                    return .success(Loaded(value: value, fetchedAt: cached.storedAt, answer: Answer(answer)))
                } catch {
                    // The body we hold no longer decodes: drop it so the next load fetches anew.
                    cache.removePayload(for: cacheKey)
                    decoded.removeValue(for: decodedKey)
                    return .failure(error)
                }
            }
            try checkStatus(endpoint, response)
            let payload = CachedPayload(
                body: response.body, etag: response.header("etag"), lastModified: response.header("last-modified"),
                storedAt: now())
            // Decoding and storing run at once: a 10 MB schedule takes a third as long to store
            // as to decode. The body is staged, out of readers' sight, and takes the place of the
            // cached one only once it has decoded.
            async let decoding = decodeShared(endpoint, payload.body, decodedKey)
            let staged = cache.stage(payload, for: cacheKey)
            let decodedBody: SharedDecodings.Decoded
            let value: E.Response
            switch await decoding {
            case .success(let decoded):
                (decodedBody, value) = decoded
            case .failure(let error):
                cache.discard(staged)
                throw error
            }
            // Remembered first, so that a load finding the new body finds it decoded too.
            remember(decodedBody, payload, decodedKey)
            cache.commit(staged)
            metrics.succeeded(endpoint.name, at: payload.storedAt)
            return .success(Loaded(value: value, fetchedAt: payload.storedAt, answer: Answer(decodedBody)))
        } catch {
            if case .transport(_, let transportError) = error, transportError.kind == .cancelled {
                return .failure(error)
            }
            metrics.failed(error)
            guard let cached, case (let answer, let value)? = try? await decodeCached(endpoint, cached, decodedKey)
            else {
                return .failure(error)
            }
            metrics.served(endpoint.name, fetchedAt: cached.storedAt)
            logger.notice("serving stale \(endpoint.name) from \(cached.storedAt): \(error)")
            return .success(
                Loaded(
                    value: value, fetchedAt: cached.storedAt, isStale: true, staleReason: error,
                    answer: Answer(answer)))
        }
    }

    private func validate<E: Endpoint>(_ endpoint: E) throws(WebServiceError) {
        do {
            try endpoint.validate()
        } catch {
            throw .invalidRequest(endpoint: endpoint.name, message: String(describing: error))
        }
    }

    private func checkReachability<E: Endpoint>(_ endpoint: E) throws(WebServiceError) {
        guard reachability.status.isUnreachable, let observed = reachability.lastOutcomeAt,
            now().timeIntervalSince(observed) < offlineRetryInterval
        else { return }
        throw .offline(endpoint: endpoint.name)
    }

    private func transmit<E: Endpoint>(_ endpoint: E, _ request: TransportRequest) async throws(WebServiceError)
        -> TransportResponse
    {
        var request = request
        if let kind = endpoint.accepts, request.headers["Accept"] == nil { request.headers["Accept"] = kind.mediaType }
        let response: TransportResponse
        do {
            response = try await transport.send(request)
        } catch let error as TransportError {
            reachability.recordFailure(error)
            throw .transport(endpoint: endpoint.name, error)
        } catch is CancellationError {
            throw .transport(endpoint: endpoint.name, TransportError(.cancelled, "\(request) was cancelled"))
        } catch {
            let transportError = TransportError(.unreachable, "\(transport.sourceDescription): \(error)")
            reachability.recordFailure(transportError)
            throw .transport(endpoint: endpoint.name, transportError)
        }
        reachability.recordSuccess()
        return response
    }

    private func checkStatus<E: Endpoint>(_ endpoint: E, _ response: TransportResponse) throws(WebServiceError) {
        if let message = endpoint.refusal(response) {
            throw .refused(endpoint: endpoint.name, code: response.status, message: message)
        }
        guard (200..<300).contains(response.status) else {
            throw .httpStatus(endpoint: endpoint.name, code: response.status)
        }
        if let expected = endpoint.accepts, let found = BodyKind.of(response), found != expected {
            throw .unexpectedContent(endpoint: endpoint.name, expected: expected, found: found)
        }
    }

    private func decode<E: Endpoint>(_ endpoint: E, _ body: Data) throws(WebServiceError) -> E.Response {
        do {
            return try endpoint.decode(body)
        } catch {
            throw .decoding(endpoint: endpoint.name, message: String(describing: error))
        }
    }

    /// `body` decoded, or the value decoded from the same bytes for the same request elsewhere in
    /// the process (``SharedDecodings``).
    private func decodeShared<E: Endpoint>(
        _ endpoint: E, _ body: Data, _ key: DecodedKey, fingerprint: BodyFingerprint? = nil
    ) async -> Result<(SharedDecodings.Decoded, E.Response), WebServiceError> {
        let fingerprint = fingerprint ?? BodyFingerprint(body)
        let shared = await sharedDecodings.value(type: key.type, request: key.request, fingerprint: fingerprint) {
            [self] in
            Result { () throws(WebServiceError) in try decode(endpoint, body) }.map { $0 as any Sendable }
        }
        return shared.flatMap { decoded in
            // Only reachable if two response types shared a key, which the key's type rules out.
            guard let value = decoded.value as? E.Response else {
                return .failure(.decoding(endpoint: endpoint.name, message: "a shared value of another type"))
            }
            return .success((decoded, value))
        }
    }

    // MARK: - Decoded values and coalescing

    /// Decodes a cached body, reusing the value decoded from the same bytes before; with the
    /// answer it names.
    private func decodeCached<E: Endpoint>(_ endpoint: E, _ payload: CachedPayload, _ key: DecodedKey)
        async
        throws(WebServiceError) -> (SharedDecodings.Decoded, E.Response)
    {
        let fingerprint = BodyFingerprint(payload.body)
        if let hit = decoded.value(for: key), hit.fingerprint == fingerprint, let value = hit.value as? E.Response {
            if hit.storedAt != payload.storedAt { remember(hit.decoded, payload, key) }
            return (hit.decoded, value)
        }
        let (decodedBody, value) = try await decodeShared(endpoint, payload.body, key, fingerprint: fingerprint).get()
        remember(decodedBody, payload, key)
        return (decodedBody, value)
    }

    private func remember(_ value: SharedDecodings.Decoded, _ payload: CachedPayload, _ key: DecodedKey) {
        decoded.set(Decoded(decoded: value, storedAt: payload.storedAt), for: key, cost: payload.body.count)
    }

    private static func sendKey<E: Endpoint>(_ endpoint: E) -> String {
        "send \(ObjectIdentifier(E.self)) \(endpoint.request.description)"
    }

    private static func loadKey<E: Endpoint>(_ endpoint: E) -> String {
        "load \(ObjectIdentifier(E.self)) \(endpoint.request.description)"
    }

    /// The number of callers waiting for a running `load` of `endpoint` (for coalescing tests).
    func callersLoading<E: Endpoint>(_ endpoint: E) -> Int { inFlight.callerCount(for: Self.loadKey(endpoint)) }

    /// The number of callers waiting for a running `send` of `endpoint` (for coalescing tests).
    func callersSending<E: Endpoint>(_ endpoint: E) -> Int { inFlight.callerCount(for: Self.sendKey(endpoint)) }

    private func coalesced<T: Sendable>(
        _ key: String, _ operation: @escaping @Sendable () async -> Result<T, WebServiceError>
    ) async -> Result<T, WebServiceError> {
        let shared = await inFlight.run(key) { await operation() }
        if let result = shared as? Result<T, WebServiceError> { return result }
        // Only reachable if two value types shared a key, which the keys rule out.
        return await operation()
    }
}
