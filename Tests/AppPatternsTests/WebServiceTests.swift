import AppPatternsTesting
import Foundation
import GRDB
import MetricsTestKit
import NIOConcurrencyHelpers
import Storage
import TestSupport
import Testing

@testable import AppPatterns

@Suite(.timeLimit(.minutes(3))) struct WebServiceTests {
    private let endpoint = LinesEndpoint()
    private let clock = ManualClock()

    private func makeService(
        _ transport: StubTransport, cache: (any PayloadCache)? = InMemoryPayloadCache(), offlineRetry: TimeInterval = 30
    ) -> WebService {
        WebService(
            transport: transport, cache: cache, reachability: Reachability(now: clock.dateSource),
            now: clock.dateSource, offlineRetryInterval: offlineRetry)
    }

    private func ok(_ text: String, etag: String? = nil, lastModified: String? = nil) -> StubTransport.Reply {
        var headers: [String: String] = [:]
        headers["ETag"] = etag
        headers["Last-Modified"] = lastModified
        return .status(200, body: Data(text.utf8), headers: headers)
    }

    // MARK: send

    @Test func sendDecodesASuccessfulAnswer() async throws {
        // Given a source answering two lines
        let stub = StubTransport(ok("a\nb"))
        let service = makeService(stub)
        // When the endpoint is sent
        let lines = try await service.send(endpoint)
        // Then the decoded value comes back, the endpoint's request was sent, and the source is reachable
        #expect(lines == ["a", "b"])
        #expect(stub.receivedRequests == [endpoint.request])
        #expect(service.reachability.status == .reachable)
    }

    @Test func anInvalidEndpointIsRefusedBeforeSending() async {
        // Given an endpoint with an empty area
        let stub = StubTransport(ok("a"))
        let service = makeService(stub)
        // When it is sent, then it fails validation and nothing went out
        await #expect(throws: WebServiceError.invalidRequest(endpoint: "Lines", message: "area must not be empty")) {
            try await service.send(LinesEndpoint(area: ""))
        }
        #expect(stub.receivedRequests.isEmpty)
    }

    @Test func anErrorStatusIsAnErrorButTheSourceIsReachable() async {
        // Given a source answering 503
        let service = makeService(StubTransport(.status(503)))
        // When the endpoint is sent
        do {
            _ = try await service.send(endpoint)
            Issue.record("a 503 decoded")
        } catch {
            // Then the error names the endpoint and the status, in one line
            #expect(error == .httpStatus(endpoint: "Lines", code: 503))
            #expect(error.description == "Lines: the server answered 503")
        }
        #expect(service.reachability.status == .reachable)
    }

    @Test func anUndecodableAnswerIsADecodingErrorNamingWhere() async {
        // Given a source whose answer has a broken third line
        let service = makeService(StubTransport(ok("a\nb\nBROKEN")))
        // When the endpoint is sent
        do {
            _ = try await service.send(endpoint)
            Issue.record("a broken answer decoded")
        } catch {
            // Then the error says where
            #expect(error.description == "Lines: cannot read the answer: line 3, column 1: unreadable line")
        }
    }

    @Test func noAnswerIsATransportErrorAndMarksTheSourceUnreachable() async {
        // Given a source that refuses connections
        let refused = TransportError(.unreachable, "connection refused")
        let service = makeService(StubTransport(.failure(refused)))
        // When the endpoint is sent
        await #expect(throws: WebServiceError.transport(endpoint: "Lines", refused)) {
            try await service.send(endpoint)
        }
        // Then reachability says unreachable since now
        #expect(service.reachability.status == .unreachable(since: clock.date))
    }

    // MARK: load: TTL

    @Test func aFreshCachedBodyIsServedWithoutARequest() async throws {
        // Given one load stored "a"
        let stub = StubTransport(ok("a"))
        let service = makeService(stub)
        let first = try await service.load(endpoint, maxAge: 60)
        // When loading again 59 s later
        clock.advance(by: .seconds(59))
        let second = try await service.load(endpoint, maxAge: 60)
        // Then no second request was made and the value is fresh, fetched at the first time
        #expect(stub.receivedRequests.count == 1)
        #expect(second == first)
        #expect(second.value == ["a"])
        #expect(!second.isStale)
        #expect(second.age(at: clock.date) == 59)
    }

    @Test func aFreshBodyOnDiskIsServedByANewServiceWithoutARequest() async throws {
        // Given a body stored on disk by one service
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cache = try SQLitePayloadCache(directory: directory.url)
        _ = try await makeService(StubTransport(ok("disk")), cache: cache).load(endpoint, maxAge: 60)
        // When a new service over the reopened file loads 10 s later
        clock.advance(by: .seconds(10))
        let stub = StubTransport(.failure(TransportError(.unreachable, "down")))
        let loaded = try await makeService(stub, cache: try SQLitePayloadCache(directory: directory.url))
            .load(endpoint, maxAge: 60)
        // Then it is served fresh from disk without a request
        #expect(loaded.value == ["disk"])
        #expect(!loaded.isStale)
        #expect(stub.receivedRequests.isEmpty)
    }

    @Test func anExpiredBodyIsFetchedAgain() async throws {
        // Given "a" stored, and the source now answering "b"
        let stub = StubTransport(replies: [ok("a"), ok("b")])
        let service = makeService(stub)
        _ = try await service.load(endpoint, maxAge: 60)
        // When loading 60 s later
        clock.advance(by: .seconds(60))
        let loaded = try await service.load(endpoint, maxAge: 60)
        // Then the new value was fetched, fresh, at the current time
        #expect(stub.receivedRequests.count == 2)
        #expect(loaded.value == ["b"])
        #expect(loaded.fetchedAt == clock.date)
        #expect(!loaded.isStale)
    }

    // MARK: load: revalidation

    @Test func aNotModifiedAnswerToETagKeepsTheBodyAndRenewsIt() async throws {
        // Given "a" stored with an ETag, and the source answering 304
        let stub = StubTransport(replies: [ok("a", etag: "\"v1\""), .status(304)])
        let service = makeService(stub)
        _ = try await service.load(endpoint, maxAge: 60)
        // When loading after expiry
        clock.advance(by: .seconds(120))
        let revalidated = try await service.load(endpoint, maxAge: 60)
        // Then the request carried If-None-Match, and the old body is served as fresh now
        #expect(stub.receivedRequests.last?.headers["If-None-Match"] == "\"v1\"")
        #expect(stub.receivedRequests.last?.headers["If-Modified-Since"] == nil)
        #expect(revalidated.value == ["a"])
        #expect(revalidated.fetchedAt == clock.date)
        #expect(!revalidated.isStale)
        // And the renewed body counts as fresh for another maxAge
        clock.advance(by: .seconds(30))
        _ = try await service.load(endpoint, maxAge: 60)
        #expect(stub.receivedRequests.count == 2)
    }

    @Test func aNotModifiedAnswerToLastModifiedKeepsTheBody() async throws {
        // Given "a" stored with Last-Modified only, and the source answering 304
        let stamp = "Wed, 21 Oct 2015 07:28:00 GMT"
        let stub = StubTransport(replies: [ok("a", lastModified: stamp), .status(304)])
        let cache = InMemoryPayloadCache()
        let service = makeService(stub, cache: cache)
        _ = try await service.load(endpoint, maxAge: 60)
        // When loading after expiry
        clock.advance(by: .seconds(61))
        let revalidated = try await service.load(endpoint, maxAge: 60)
        // Then If-Modified-Since was sent and the cache entry's time was renewed
        #expect(stub.receivedRequests.last?.headers["If-Modified-Since"] == stamp)
        #expect(stub.receivedRequests.last?.headers["If-None-Match"] == nil)
        #expect(revalidated.value == ["a"])
        #expect(cache.payload(for: endpoint.request.description)?.storedAt == clock.date)
    }

    @Test func aRefreshedAnswerOfTheSameBytesIsKeptOnce() async throws {
        // Given a source answering the same 250 kB twice, in bytes of their own each time (as the
        // bundled dataset's transport does), the first bytes telling when they are let go, and an
        // in-memory cache
        let text = String(repeating: "line\n", count: 50_000)
        let firstLetGo = NIOLockedValueBox(false)
        let second = Data(text.utf8)
        let stub = StubTransport(
            replies: [
                .status(200, body: Self.bytes(text, whenLetGo: { firstLetGo.withLockedValue { $0 = true } })),
                .status(200, body: second),
            ])
        let cache = InMemoryPayloadCache()
        let service = makeService(stub, cache: cache)
        let before = try await service.load(endpoint, maxAge: 60)
        // When it is loaded again after expiry
        clock.advance(by: .seconds(61))
        let after = try await service.load(endpoint, maxAge: 60)
        #expect(stub.receivedRequests.count == 2)
        // Then the cache holds the new bytes, and nothing holds the first ones: the kept value
        // keeps their fingerprint, not a second copy of the answer
        let address = { (data: Data) in data.withUnsafeBytes { UInt(bitPattern: $0.baseAddress) } }
        let kept = try #require(cache.payload(for: endpoint.request.description)).body
        #expect(address(kept) == address(second))
        #expect(firstLetGo.withLockedValue { $0 })
        // And the value is the one decoded before, not decoded again
        #expect(after.answer != nil && after.answer == before.answer)
        #expect(after.value.count == 50_000)
    }

    /// `text`'s bytes in storage of their own, which calls `letGo` when it is freed.
    private static func bytes(_ text: String, whenLetGo letGo: @escaping @Sendable () -> Void) -> Data {
        let bytes = Array(text.utf8)
        let storage = UnsafeMutableRawPointer.allocate(byteCount: bytes.count, alignment: 1)
        storage.copyMemory(from: bytes, byteCount: bytes.count)
        return Data(
            bytesNoCopy: storage, count: bytes.count,
            deallocator: .custom { pointer, _ in
                pointer.deallocate()
                letGo()
            })
    }

    @Test func theFirstRequestCarriesNoValidators() async throws {
        // Given an empty cache
        let stub = StubTransport(ok("a", etag: "\"v1\""))
        let service = makeService(stub)
        // When loading
        _ = try await service.load(endpoint, maxAge: 60)
        // Then no conditional headers were sent
        #expect(stub.receivedRequests.first?.headers.isEmpty == true)
    }

    // MARK: load: stale on failure

    @Test(arguments: [
        StubTransport.Reply.status(503),
        .failure(TransportError(.timedOut, "timed out")),
        .failure(TransportError(.unreachable, "connection refused")),
        .status(200, body: Data("x\nBROKEN".utf8)),
    ])
    func aFailureServesTheLastGoodBodyMarkedStale(failure: StubTransport.Reply) async throws {
        // Given "good" stored, then the source failing
        let stub = StubTransport(replies: [ok("good"), failure])
        let cache = InMemoryPayloadCache()
        let service = makeService(stub, cache: cache)
        let stored = try await service.load(endpoint, maxAge: 60)
        // When loading after expiry
        clock.advance(by: .seconds(90))
        let loaded = try await service.load(endpoint, maxAge: 60)
        // Then the last good value is served, stale, with its old time and the reason
        #expect(loaded.value == ["good"])
        #expect(loaded.isStale)
        #expect(loaded.fetchedAt == stored.fetchedAt)
        #expect(loaded.staleReason?.endpoint == "Lines")
        #expect(loaded.staleReason != nil)
        // And the cache still holds the good body, not the failed answer
        #expect(cache.payload(for: endpoint.request.description)?.body == Data("good".utf8))
    }

    // MARK: The kind of body

    @Test func theKindOfBodyAnEndpointReadsIsAskedForAsAccept() async throws {
        // Given an endpoint that reads XML, and one that names its own Accept
        let stub = StubTransport(ok("<a/>"))
        let service = makeService(stub)
        _ = try await service.send(LinesEndpoint(accepts: .xml))
        // Then the request asks for XML; an endpoint without a kind sends no Accept
        #expect(stub.receivedRequests.last?.headers["Accept"] == "application/xml")
        _ = try await service.send(LinesEndpoint(area: "1003"))
        #expect(stub.receivedRequests.last?.headers["Accept"] == nil)
    }

    @Test(arguments: [
        ("<!DOCTYPE html>\n<html><body>Access denied</body></html>", BodyKind.html),
        ("\u{FEFF}  <html lang=\"fi\"><title>Finnkino</title>", .html),
        ("<?xml version=\"1.0\"?>\n<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0//EN\">\n<html>", .html),
        ("{\"Schedule\": []}", .json),
        ("[1, 2]", .json),
    ])
    func aSuccessOfAnotherKindIsAnOutageNotABrokenBody(body: String, found: BodyKind) async {
        // Given an endpoint that reads XML, and a source answering 200 with something else
        let service = makeService(StubTransport(ok(body)))
        // When it is sent, then the error says what came instead of what
        do {
            _ = try await service.send(LinesEndpoint(accepts: .xml))
            Issue.record("\(found) was taken for XML")
        } catch {
            #expect(error == .unexpectedContent(endpoint: "Lines", expected: .xml, found: found))
            #expect(error.description == "Lines: the server answered \(found) instead of XML")
        }
    }

    @Test func aBlockPageKeepsTheLastGoodData() async throws {
        // Given good XML stored, then a block page with status 200
        let xml = LinesEndpoint(accepts: .xml)
        let page = StubTransport.Reply.status(
            200, body: Data("<html><body>Forbidden</body></html>".utf8),
            headers: ["Content-Type": "text/html; charset=utf-8"])
        let cache = InMemoryPayloadCache()
        let service = makeService(StubTransport(replies: [ok("<lines/>"), page]), cache: cache)
        _ = try await service.load(xml, maxAge: 60)
        // When loading after expiry
        clock.advance(by: .seconds(90))
        let loaded = try await service.load(xml, maxAge: 60)
        // Then the good value is served stale, for that reason, and the page was not kept
        #expect(loaded.value == ["<lines/>"])
        #expect(loaded.staleReason == .unexpectedContent(endpoint: "Lines", expected: .xml, found: .html))
        #expect(cache.payload(for: xml.request.description)?.body == Data("<lines/>".utf8))
    }

    @Test func theBodyDecidesItsKindAndTheHeaderOnlyWhenTheBodyDoesNotShow() {
        // A body of markup is XML even when the header says JSON
        let xml = TransportResponse(
            status: 200, headers: ["content-type": "application/json"], body: Data("<Schedule/>".utf8))
        #expect(BodyKind.of(xml) == .xml)
        // An empty body or plain text: the header decides, or nothing does
        #expect(
            BodyKind.of(TransportResponse(status: 200, headers: ["content-type": "text/html"], body: Data())) == .html)
        #expect(BodyKind.of(TransportResponse(status: 200, body: Data("plain words".utf8))) == nil)
        #expect(BodyKind.sniff(Data("  \n".utf8)) == nil)
        // A feed whose text holds HTML is XML: only the root element counts
        let news =
            "<?xml version=\"1.0\"?>\n<!-- a feed -->\n<News><Article><HTMLLead>&lt;html&gt;<![CDATA[<html><p>x</p></html>]]>"
        #expect(BodyKind.sniff(Data(news.utf8)) == .xml)
        #expect(BodyKind.sniff(Data("<htmlish/>".utf8)) == .xml)
        #expect(BodyKind.sniff(Data("<!-- block page -->\n<HTML>".utf8)) == .html)
    }

    // MARK: Metrics

    @Test func eachOutcomeIsRecordedPerEndpointAndKind() async throws {
        // Given a source that answers, then times out, then sends a block page
        let metrics = TestMetrics()
        let xml = LinesEndpoint(accepts: .xml)
        let stub = StubTransport(replies: [
            ok("<lines/>"), .failure(TransportError(.timedOut, "timed out")),
            .status(200, body: Data("<html><body>Blocked</body></html>".utf8)),
        ])
        let service = WebService(
            transport: stub, cache: InMemoryPayloadCache(), reachability: Reachability(now: clock.dateSource),
            now: clock.dateSource, offlineRetryInterval: 0, metrics: SourceMetrics(factory: metrics))
        let fetched = clock.dateSource()
        // When it is loaded, and loaded again after each expiry
        _ = try await service.load(xml, maxAge: 60)
        clock.advance(by: .seconds(90))
        let timedOut = try await service.load(xml, maxAge: 60)
        clock.advance(by: .seconds(90))
        let blocked = try await service.load(xml, maxAge: 60)
        #expect(timedOut.isStale && blocked.isStale)
        // Then the success's time, each failure by its kind, and the age of the data served are recorded
        let success = try metrics.expectGauge("source_last_success_timestamp_seconds", [("endpoint", "Lines")])
        #expect(success.lastValue == fetched.timeIntervalSince1970)
        for kind in ["timeout", "unexpected_html"] {
            let failures = try metrics.expectCounter("source_failures_total", [("endpoint", "Lines"), ("kind", kind)])
            #expect(failures.totalValue == 1, "\(kind)")
        }
        let data = try metrics.expectGauge("source_data_timestamp_seconds", [("endpoint", "Lines")])
        #expect(data.lastValue == fetched.timeIntervalSince1970)
        // And what is no failure of the source is not counted as one
        #expect(SourceMetrics.kind(of: .offline(endpoint: "Lines")) == nil)
        #expect(SourceMetrics.kind(of: .httpStatus(endpoint: "Lines", code: 503)) == "http_status")
        #expect(SourceMetrics.kind(of: .transport(endpoint: "Lines", TransportError(.tooLarge, "big"))) == "too_large")
    }

    @Test func aFailureWithNothingCachedThrows() async {
        // Given an empty cache and a source answering 500
        let service = makeService(StubTransport(.status(500)))
        // When loading, then the error is thrown
        await #expect(throws: WebServiceError.httpStatus(endpoint: "Lines", code: 500)) {
            try await service.load(endpoint, maxAge: 60)
        }
    }

    @Test func aDecodingErrorIsNotCachedAndKeepsTheLastGoodData() async throws {
        // Given "good", then a broken answer, then "better"
        let stub = StubTransport(replies: [ok("good"), ok("BROKEN"), ok("better")])
        let service = makeService(stub)
        _ = try await service.load(endpoint, maxAge: 10)
        clock.advance(by: .seconds(11))
        // When loading after expiry gets the broken answer
        let stale = try await service.load(endpoint, maxAge: 10)
        // Then the good data is served stale with the decoding reason
        #expect(stale.value == ["good"])
        #expect(stale.staleReason == .decoding(endpoint: "Lines", message: "line 1, column 1: unreadable line"))
        // And the next load asks again (the broken answer did not renew anything) and gets the new data
        let next = try await service.load(endpoint, maxAge: 10)
        #expect(stub.receivedRequests.count == 3)
        #expect(next.value == ["better"])
        #expect(!next.isStale)
    }

    @Test(arguments: [false, true])
    func anUndecodableAnswerLeavesTheCacheAsItWas(onDisk: Bool) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        func makeCache(_ name: String) throws -> any PayloadCache {
            onDisk ? try SQLitePayloadCache(directory: directory.url, fileName: name) : InMemoryPayloadCache()
        }
        // Given "good" in the cache, stored 20 s ago
        let cache = try makeCache("a.sqlite")
        _ = try await makeService(StubTransport(ok("good")), cache: cache).load(endpoint, maxAge: 10)
        let good = try #require(cache.payload(for: endpoint.request.description))
        clock.advance(by: .seconds(20))
        // When a load gets a broken answer (it is stored while it is decoded)
        _ = try await makeService(StubTransport(ok("BROKEN")), cache: cache).load(endpoint, maxAge: 10)
        // Then the cache holds "good", as stored
        #expect(cache.payload(for: endpoint.request.description) == good)
        // And with nothing cached, a broken answer leaves nothing behind
        let empty = try makeCache("b.sqlite")
        await #expect(throws: WebServiceError.self) {
            try await makeService(StubTransport(ok("BROKEN")), cache: empty).load(endpoint, maxAge: 10)
        }
        #expect(empty.payload(for: endpoint.request.description) == nil)
        // (On disk: no staged body is left behind either.)
        for (cache, bodies) in [(cache, 1), (empty, 0)] {
            guard let disk = cache as? SQLitePayloadCache else { continue }
            let count = try await DatabaseQueue(path: disk.fileURL.path).read {
                try Int.fetchOne($0, sql: "SELECT count(*) FROM body")
            }
            #expect(count == bodies)
        }
    }

    // MARK: load: offline

    @Test func whileRecentlyUnreachableNothingIsSentAndTheCacheIsServed() async throws {
        // Given "a" stored, then the source becoming unreachable
        let stub = StubTransport(replies: [ok("a"), .failure(TransportError(.unreachable, "refused")), ok("b")])
        let service = makeService(stub, offlineRetry: 30)
        _ = try await service.load(endpoint, maxAge: 5)
        clock.advance(by: .seconds(10))
        let failed = try await service.load(endpoint, maxAge: 5)
        #expect(failed.isStale)
        #expect(stub.receivedRequests.count == 2)
        // When loading again 10 s later (within the offline window)
        clock.advance(by: .seconds(10))
        let offline = try await service.load(endpoint, maxAge: 5)
        // Then nothing was sent and the stale value says why
        #expect(stub.receivedRequests.count == 2)
        #expect(offline.value == ["a"])
        #expect(offline.staleReason == .offline(endpoint: "Lines"))
        // And after the window a request goes out again and succeeds
        clock.advance(by: .seconds(30))
        let back = try await service.load(endpoint, maxAge: 5)
        #expect(stub.receivedRequests.count == 3)
        #expect(back.value == ["b"])
        #expect(service.reachability.status == .reachable)
    }

    @Test func whileRecentlyUnreachableWithNothingCachedItThrowsOffline() async {
        // Given a reachability that saw a failure just now
        let stub = StubTransport(ok("a"))
        let service = makeService(stub)
        service.reachability.recordFailure(TransportError(.timedOut, "timed out"))
        // When loading and sending, then both throw offline without a request
        await #expect(throws: WebServiceError.offline(endpoint: "Lines")) {
            try await service.load(endpoint, maxAge: 60)
        }
        await #expect(throws: WebServiceError.offline(endpoint: "Lines")) {
            try await service.send(endpoint)
        }
        #expect(stub.receivedRequests.isEmpty)
    }

    // MARK: coalescing

    @Test func concurrentIdenticalLoadsShareOneRequest() async throws {
        // Given a source that answers after 1 s
        let stub = StubTransport(ok("shared"), delay: .seconds(1), clock: clock)
        let service = makeService(stub)
        // When two loads of the same endpoint run at once
        let first = Task { try await service.load(endpoint, maxAge: 60) }
        await clock.waitForSleepers(1)
        let second = Task { try await service.load(endpoint, maxAge: 60) }
        await yieldUntil { service.callersLoading(endpoint) == 2 }
        clock.advance(by: .seconds(1))
        // Then both get the value and only one request was sent
        let a = try await first.value
        let b = try await second.value
        #expect(a.value == ["shared"])
        #expect(b == a)
        #expect(stub.receivedRequests.count == 1)
        #expect(service.requestsInFlight == 0)
    }

    @Test func concurrentIdenticalSendsShareOneRequestButDifferentOnesDoNot() async throws {
        // Given a delayed source
        let stub = StubTransport(delay: .seconds(1), clock: clock) { request in
            .status(200, body: Data((request.queryValue("area") ?? "").utf8))
        }
        let service = makeService(stub)
        // When two identical sends and one for another area run at once
        let first = Task { try await service.send(endpoint) }
        let second = Task { try await service.send(endpoint) }
        let other = Task { try await service.send(LinesEndpoint(area: "1014")) }
        await clock.waitForSleepers(2)
        await yieldUntil { service.callersSending(endpoint) == 2 && service.requestsInFlight == 2 }
        clock.advance(by: .seconds(1))
        // Then there were two requests, and each caller got its own area's answer
        #expect(try await first.value == ["1002"])
        #expect(try await second.value == ["1002"])
        #expect(try await other.value == ["1014"])
        #expect(stub.receivedRequests.count == 2)
    }

    // MARK: decoded values

    @Test func aFreshOrRevalidatedBodyIsNotDecodedAgain() async throws {
        // Given a body loaded once, then a source answering 304
        let counting = CountingEndpoint()
        let stub = StubTransport(replies: [ok("v", etag: "\"1\""), .status(304)])
        let service = makeService(stub)
        _ = try await service.load(counting, maxAge: 60)
        #expect(counting.decodeCount == 1)
        // When it is loaded fresh twice and revalidated once
        _ = try await service.load(counting, maxAge: 60)
        clock.advance(by: .seconds(30))
        _ = try await service.load(counting, maxAge: 60)
        clock.advance(by: .seconds(60))
        let revalidated = try await service.load(counting, maxAge: 60)
        // Then the first decoding served them all
        #expect(revalidated.value == "v")
        #expect(stub.receivedRequests.count == 2)
        #expect(counting.decodeCount == 1)
    }

    @Test func aBodyOnDiskIsDecodedOnceByANewService() async throws {
        // Given a body stored on disk by another service
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try await makeService(StubTransport(ok("disk")), cache: try SQLitePayloadCache(directory: directory.url))
            .load(CountingEndpoint(), maxAge: 60)
        // When a new service loads it fresh three times
        let counting = CountingEndpoint()
        let service = makeService(StubTransport(.status(500)), cache: try SQLitePayloadCache(directory: directory.url))
        for _ in 0..<3 { #expect(try await service.load(counting, maxAge: 60).value == "disk") }
        // Then it decoded it once
        #expect(counting.decodeCount == 1)
    }

    @Test func servicesGivenTheSameLargeBodyDecodeItOnce() async throws {
        // Given two services whose sources send the same 100 KB, a third whose source sends other
        // bytes of that size, and a fourth with the same 100 bytes
        let shared = SharedDecodings()
        let large = String(repeating: "a", count: 100_000)
        let other = String(repeating: "b", count: 100_000)
        func service(_ text: String) -> WebService {
            WebService(
                transport: StubTransport(ok(text)), cache: InMemoryPayloadCache(),
                reachability: Reachability(now: clock.dateSource), now: clock.dateSource, sharedDecodings: shared)
        }
        let counting = CountingEndpoint()
        var first: WebService? = service(large)
        var second: WebService? = service(large)
        // When each loads it
        #expect(try await first?.load(counting, maxAge: 60).value == large)
        #expect(try await second?.load(counting, maxAge: 60).value == large)
        // Then the bytes were decoded once, and the other bytes on their own
        #expect(counting.decodeCount == 1)
        #expect(try await service(other).load(counting, maxAge: 60).value == other)
        #expect(counting.decodeCount == 2)
        // And bodies under the minimum are decoded by each
        let small = CountingEndpoint()
        for _ in 0..<2 { #expect(try await service("small").load(small, maxAge: 60).value == "small") }
        #expect(small.decodeCount == 2)
        // And once no service keeps the value, nothing is kept for it
        #expect(shared.count == 1)
        first = nil
        second = nil
        #expect(shared.count == 0)
        // And a refresh that brings the same bytes again is not decoded again
        let repeated = String(repeating: "c", count: 100_000)
        let refreshed = WebService(
            transport: StubTransport(replies: [ok(repeated), ok(repeated)]), cache: InMemoryPayloadCache(),
            reachability: Reachability(now: clock.dateSource), now: clock.dateSource, sharedDecodings: shared)
        let again = CountingEndpoint()
        _ = try await refreshed.load(again, maxAge: 60)
        clock.advance(by: .seconds(61))
        #expect(try await refreshed.load(again, maxAge: 60).value == repeated)
        #expect(again.decodeCount == 1)
    }

    @Test func aServiceKeepingNoBodiesFindsARefreshOfTheSameBytesDecoded() async throws {
        // Given a service that keeps no bodies (as the bundled dataset's does), whose source
        // answers the same 100 KB twice
        let repeated = String(repeating: "c", count: 100_000)
        let stub = StubTransport(replies: [ok(repeated), ok(repeated)])
        let service = WebService(
            transport: stub, cache: NoPayloadCache(), reachability: Reachability(now: clock.dateSource),
            now: clock.dateSource, sharedDecodings: SharedDecodings())
        let counting = CountingEndpoint()
        // When it is loaded, and loaded again after expiry
        let first = try await service.load(counting, maxAge: 60)
        clock.advance(by: .seconds(61))
        let second = try await service.load(counting, maxAge: 60)
        // Then the source was asked twice, and the bytes decoded once: the kept value is found by
        // the new bytes' fingerprint
        #expect(stub.receivedRequests.count == 2)
        #expect(second.value == repeated && !second.isStale)
        #expect(counting.decodeCount == 1)
        #expect(second.answer != nil && second.answer == first.answer)
    }

    // MARK: over HTTP

    @Test func revalidationWorksOverRealHTTP() async throws {
        // Given a server that sends an ETag and answers 304 when it is sent back
        let server = try LoopbackHTTPServer { request in
            if request.headers["if-none-match"] == "\"rev-1\"" {
                return .reply(status: 304, headers: [("ETag", "\"rev-1\"")], body: Data())
            }
            return .reply(status: 200, headers: [("ETag", "\"rev-1\"")], body: Data("x\ny".utf8))
        }
        defer { server.stop() }
        let http = HTTPTransport(baseURL: try #require(URL(string: server.baseURLString)))
        let service = WebService(
            transport: http, cache: InMemoryPayloadCache(), reachability: Reachability(now: clock.dateSource),
            now: clock.dateSource)
        // When the endpoint is loaded, and loaded again after expiry
        let first = try await service.load(endpoint, maxAge: 60)
        clock.advance(by: .seconds(61))
        let second = try await service.load(endpoint, maxAge: 60)
        // Then the second request carried the validator, got 304, and served the body fresh
        #expect(server.requests.map { $0.headers["if-none-match"] } == [nil, "\"rev-1\""])
        #expect(first.value == ["x", "y"])
        #expect(second.value == ["x", "y"])
        #expect(!second.isStale)
        #expect(second.fetchedAt == clock.date)
    }

    @Test func aFreshCachedBodyThatNoLongerDecodesIsDroppedAndFetchedAnew() async throws {
        // Given a fresh cached body (with an ETag) that the endpoint cannot decode
        let cache = InMemoryPayloadCache()
        cache.store(
            CachedPayload(body: Data("BROKEN".utf8), etag: "\"old\"", storedAt: clock.date),
            for: endpoint.request.description)
        let stub = StubTransport(ok("new"))
        let service = makeService(stub, cache: cache)
        // When it is loaded
        let loaded = try await service.load(endpoint, maxAge: 60)
        // Then it was fetched without validators, and the new body replaced the broken one
        #expect(loaded.value == ["new"])
        #expect(stub.receivedRequests.first?.headers.isEmpty == true)
        #expect(cache.payload(for: endpoint.request.description)?.body == Data("new".utf8))
    }
}
