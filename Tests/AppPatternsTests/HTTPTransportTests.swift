import AppPatterns
import Foundation
import NIOConcurrencyHelpers
import TestSupport
import Testing

@Suite(.timeLimit(.minutes(1))) struct HTTPTransportTests {
    private func transport(_ server: LoopbackHTTPServer, path: String = "", timeout: TimeInterval = 10) throws
        -> HTTPTransport
    {
        HTTPTransport(baseURL: try #require(URL(string: server.baseURLString + path)), timeout: timeout)
    }

    @Test func buildsTheURLWithoutDoubleSlashes() throws {
        // Given bases with and without a trailing slash and a path prefix
        let plain = HTTPTransport(baseURL: try #require(URL(string: "https://example.org")))
        let slashed = HTTPTransport(baseURL: try #require(URL(string: "https://example.org/api/")))
        let request = TransportRequest(
            path: "/xml/Schedule/", query: [.init("area", "1002"), .init("dt", "27.02.2022")])
        // Then the URLs join base, path and query with single slashes
        #expect(plain.url(for: request)?.absoluteString == "https://example.org/xml/Schedule/?area=1002&dt=27.02.2022")
        #expect(
            slashed.url(for: request)?.absoluteString == "https://example.org/api/xml/Schedule/?area=1002&dt=27.02.2022"
        )
        #expect(plain.url(for: TransportRequest(path: "news"))?.absoluteString == "https://example.org/news")
    }

    @Test func sendsPathQueryUserAgentAndConditionalHeaders() async throws {
        // Given a server that answers 200 with headers in mixed case
        let server = try LoopbackHTTPServer { _ in
            .reply(status: 200, headers: [("ETag", "\"abc\""), ("X-Mixed-Case", "yes")], body: Data("hello".utf8))
        }
        defer { server.stop() }
        let http = try transport(server, path: "/base/")
        // When a request with validators is sent
        let request = TransportRequest(
            path: "/xml/Events/", query: [.init("area", "1002")],
            headers: ["If-None-Match": "\"old\"", "If-Modified-Since": "Wed, 21 Oct 2015 07:28:00 GMT"])
        let response = try await http.send(request)
        // Then the server saw the full target, the User-Agent and the validators
        let seen = try #require(server.requests.first)
        #expect(seen.method == "GET")
        #expect(seen.target == "/base/xml/Events/?area=1002")
        #expect(seen.headers["user-agent"] == "FinnkinoApp/1.0 (+unofficial)")
        #expect(seen.headers["if-none-match"] == "\"old\"")
        #expect(seen.headers["if-modified-since"] == "Wed, 21 Oct 2015 07:28:00 GMT")
        // And the answer has its body and lower-cased header names
        #expect(response.status == 200)
        #expect(response.body == Data("hello".utf8))
        #expect(response.headers["etag"] == "\"abc\"")
        #expect(response.headers["x-mixed-case"] == "yes")
    }

    @Test func aConfiguredUserAgentIsSent() async throws {
        // Given a transport with its own User-Agent
        let server = try LoopbackHTTPServer { _ in .reply(status: 200, headers: [], body: Data()) }
        defer { server.stop() }
        let http = HTTPTransport(
            baseURL: try #require(URL(string: server.baseURLString)), userAgent: "Tester/2")
        // When a request is sent
        _ = try await http.send(TransportRequest(path: "/"))
        // Then that User-Agent arrived
        #expect(server.requests.first?.headers["user-agent"] == "Tester/2")
    }

    @Test func aGzipEncodedAnswerArrivesDecompressed() async throws {
        // Given a server sending a gzip-compressed body with Content-Encoding: gzip
        let plain = Data(String(repeating: "<Show><Title>Gzip</Title></Show>\n", count: 200).utf8)
        let compressed = try Gzip.compress(plain)
        let server = try LoopbackHTTPServer { _ in
            .reply(
                status: 200, headers: [("Content-Encoding", "gzip"), ("Content-Type", "application/xml")],
                body: compressed)
        }
        defer { server.stop() }
        // When it is fetched
        let response = try await transport(server).send(TransportRequest(path: "/xml/Schedule/"))
        // Then gzip was accepted and the body is the plain document
        #expect(server.requests.first?.headers["accept-encoding"]?.contains("gzip") == true)
        #expect(response.body == plain)
    }

    @Test(arguments: [304, 404, 503])
    func anyStatusIsReturnedAsAResponse(status: Int) async throws {
        // Given a server answering with a non-2xx status
        let server = try LoopbackHTTPServer { _ in .reply(status: status, headers: [], body: Data()) }
        defer { server.stop() }
        // When a request is sent, then it is returned, not thrown
        let response = try await transport(server).send(TransportRequest(path: "/x"))
        #expect(response.status == status)
    }

    @Test func aRefusedConnectionIsUnreachable() async throws {
        // Given a port where nothing listens any more
        let server = try LoopbackHTTPServer { _ in .hold }
        let http = try transport(server)
        server.stop()
        // When a request is sent, then it fails as unreachable
        await #expect(throws: TransportError.self) { try await http.send(TransportRequest(path: "/")) }
        do {
            _ = try await http.send(TransportRequest(path: "/"))
        } catch let error as TransportError {
            #expect(error.kind == .unreachable)
            #expect(error.message.contains("127.0.0.1"))
        }
    }

    @Test func anUnknownHostIsUnreachable() async throws {
        // Given a host name that cannot resolve (.invalid is reserved)
        let http = HTTPTransport(baseURL: try #require(URL(string: "http://no-such-host.invalid")), timeout: 10)
        // When a request is sent, then it fails as unreachable
        do {
            _ = try await http.send(TransportRequest(path: "/"))
            Issue.record("an unknown host answered")
        } catch let error as TransportError {
            #expect(error.kind == .unreachable)
        }
    }

    @Test func aSilentServerTimesOut() async throws {
        // Given a server that never answers and a transport with a timeout of a fraction of a second
        let server = try LoopbackHTTPServer { _ in .hold }
        defer { server.stop() }
        let http = try transport(server, timeout: 0.3)
        let started = ContinuousClock.now
        // When a request is sent, then it fails as timed out, at that time and not at once
        do {
            _ = try await http.send(TransportRequest(path: "/slow"))
            Issue.record("a silent server answered")
        } catch let error as TransportError {
            #expect(error.kind == .timedOut)
            let waited = ContinuousClock.now - started
            // (The upper bound leaves room for a loaded test run; AsyncHTTPClient's own read
            // time-out is 30 s.)
            #expect(waited >= .milliseconds(290) && waited < .seconds(20))
        }
    }

    // MARK: - A hostile or broken source costs a bounded time and memory

    /// Sends `path` and returns the error it fails with, or records an issue when it answers.
    private func failure(_ http: HTTPTransport, _ path: String = "/") async -> TransportError? {
        do {
            let response = try await http.send(TransportRequest(path: path))
            Issue.record("answered \(response.status) with \(response.body.count) bytes")
            return nil
        } catch let error as TransportError {
            return error
        } catch {
            Issue.record("unexpected \(error)")
            return nil
        }
    }

    @Test func anEndlessBodyIsRefusedAtTheSizeLimit() async throws {
        // Given a source sending 64 KB chunks for ever and a transport taking at most 1 MB
        let server = try LoopbackHTTPServer { _ in
            .stream(status: 200, headers: [], chunk: Data(count: 64 << 10), count: nil, pause: .zero)
        }
        defer { server.stop() }
        let http = HTTPTransport(
            baseURL: try #require(URL(string: server.baseURLString)), timeout: 30, maxBodyBytes: 1 << 20)
        let started = ContinuousClock.now
        // When it is fetched, then it is refused as too large, long before the deadline
        let error = await failure(http)
        #expect(error?.kind == .tooLarge)
        #expect(ContinuousClock.now - started < .seconds(20))
    }

    @Test func aDeclaredLengthOverTheLimitIsRefusedBeforeTheBody() async throws {
        // Given a source announcing 2 GB and sending nothing more
        let server = try LoopbackHTTPServer { _ in
            .stream(
                status: 200, headers: [("Content-Length", "2147483648")], chunk: Data(), count: 0, pause: .zero)
        }
        defer { server.stop() }
        let http = HTTPTransport(
            baseURL: try #require(URL(string: server.baseURLString)), timeout: 30, maxBodyBytes: 1 << 20)
        // When it is fetched, then it is refused as too large
        #expect(await failure(http)?.kind == .tooLarge)
    }

    @Test func aGzipBombIsStoppedAsItInflates() async throws {
        // Given 64 MB of zeros sent gzip-compressed (about 64 KB on the wire) and a 1 MB limit
        let bomb = try Gzip.compress(Data(count: 64 << 20))
        #expect(bomb.count < 1 << 20)
        let server = try LoopbackHTTPServer { _ in
            .reply(status: 200, headers: [("Content-Encoding", "gzip")], body: bomb)
        }
        defer { server.stop() }
        let http = HTTPTransport(
            baseURL: try #require(URL(string: server.baseURLString)), timeout: 30, maxBodyBytes: 1 << 20)
        // When it is fetched, then it is refused as too large: the limit counts inflated bytes
        #expect(await failure(http)?.kind == .tooLarge)
    }

    @Test func aDrippingSourceTimesOutAtTheDeadline() async throws {
        // Given a source that sends its head at once and then a byte every 100 ms for ever
        let server = try LoopbackHTTPServer { _ in
            .stream(status: 200, headers: [], chunk: Data("x".utf8), count: nil, pause: .milliseconds(100))
        }
        defer { server.stop() }
        let http = try transport(server, timeout: 1)
        let started = ContinuousClock.now
        // When it is fetched, then the whole exchange ends at the deadline, body included
        #expect(await failure(http)?.kind == .timedOut)
        let waited = ContinuousClock.now - started
        // (Without the deadline the drip goes on until the test's time limit; the upper bound
        // leaves room for a loaded test run.)
        #expect(waited >= .milliseconds(990) && waited < .seconds(20))
    }

    @Test(arguments: [
        "http://localhost:PORT/elsewhere", "http://169.254.169.254/latest/meta-data/", "http://[::1]:PORT/",
        "file:///etc/passwd",
    ])
    func aRedirectOffTheSourcesHostIsNotFollowed(location: String) async throws {
        // Given a source (reached as 127.0.0.1) redirecting to another host or scheme
        let port = NIOLockedValueBox<UInt16>(0)
        let server = try LoopbackHTTPServer { _ in
            let target = location.replacingOccurrences(of: "PORT", with: String(port.withLockedValue { $0 }))
            return .reply(status: 302, headers: [("Location", target)], body: Data())
        }
        port.withLockedValue { $0 = server.port }
        defer { server.stop() }
        // When it is fetched, then the redirect is refused and nothing else is asked for
        let error = await failure(try transport(server))
        #expect(error?.kind == .unreachable)
        #expect(error?.message.contains("redirected") == true)
        #expect(server.requests.count == 1)
    }

    @Test func aRedirectWithinTheSourcesHostIsFollowedAFewTimes() async throws {
        // Given a source redirecting /old to /new, and /loop to itself
        let server = try LoopbackHTTPServer { request in
            switch request.target {
            case "/old": .reply(status: 301, headers: [("Location", "/new")], body: Data())
            case "/new": .reply(status: 200, headers: [], body: Data("moved".utf8))
            default: .reply(status: 302, headers: [("Location", "/loop")], body: Data())
            }
        }
        defer { server.stop() }
        let http = try transport(server)
        // When /old is fetched, then /new's answer comes back
        let moved = try await http.send(TransportRequest(path: "/old"))
        #expect(moved.body == Data("moved".utf8))
        // And a redirect loop ends after the allowed number of redirects
        #expect(await failure(http, "/loop")?.kind == .unreachable)
        #expect(server.requests.count == 2 + 1 + HTTPTransport.maxRedirects)
    }

    @Test func cancellingTheTaskCancelsTheRequest() async throws {
        // Given a request in flight to a server that holds it
        let server = try LoopbackHTTPServer { _ in .hold }
        defer { server.stop() }
        let http = try transport(server, timeout: 30)
        let pending = Task { try await http.send(TransportRequest(path: "/hold")) }
        await server.waitForRequests(1)
        // When the task is cancelled
        pending.cancel()
        // Then the request fails as cancelled, long before the timeout
        do {
            _ = try await pending.value
            Issue.record("a held request answered")
        } catch let error as TransportError {
            #expect(error.kind == .cancelled)
        }
    }
}
