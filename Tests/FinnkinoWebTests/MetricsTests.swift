import FinnkinoKit
import Foundation
import Testing

@testable import FinnkinoWeb

/// `/metrics` (issue 39): the operator's view of the server in Prometheus' text format, to this
/// machine, a token or given addresses only; requests by route pattern, never by address.
@Suite(.timeLimit(.minutes(3))) struct MetricsTests {
    @Test func requestsAreCountedAndTimedByTheirRoutesPatternNeverTheirAddress() async throws {
        // Given a server that served a movie page and a page that does not exist
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        #expect(try await server.get("/movie/305081").status == 200)
        #expect(try await server.get("/no-such-page-8f3a").status == 404)
        // When its metrics are read from this machine
        let metrics = try await server.get("/metrics")
        // Then they are Prometheus' text format, counting the movie page by its pattern and status
        #expect(metrics.status == 200)
        #expect(metrics.header("Content-Type") == "text/plain; version=0.0.4; charset=utf-8")
        #expect(metrics.body.contains("# TYPE finnkino_http_requests_total counter"))
        #expect(metrics.body.contains(#"finnkino_http_requests_total{route="/movie/{id}",method="GET",status="200"}"#))
        #expect(metrics.body.contains("# TYPE finnkino_http_request_duration_seconds histogram"))
        // And never by the address asked for
        #expect(!metrics.body.contains("305081"))
        #expect(!metrics.body.contains("no-such-page"))
        // And the sources' outcomes and the stores' counts are there
        #expect(metrics.body.contains(#"finnkino_source_last_success_timestamp_seconds{endpoint="Schedule"}"#))
        #expect(metrics.body.contains("# TYPE finnkino_persons gauge"))
        #expect(metrics.body.contains(#"finnkino_exports{state="queued"}"#))
    }

    @Test(arguments: [
        ["X-Forwarded-For": "203.0.113.9"], ["Forwarded": "for=203.0.113.9"], ["X-Real-IP": "203.0.113.9"],
    ])
    func aRequestThroughAProxyIsNotTakenForThisMachine(headers: [String: String]) async throws {
        // Given a server behind a reverse proxy on this machine: its requests come from loopback
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        // When the public asks for /metrics through it, Then there is nothing there
        #expect(try await server.get("/metrics", headers: headers).status == 404)
    }

    @Test func theOperatorsTokenOpensTheMetricsToAnyoneAndNothingElseDoes() async throws {
        // Given a server with a metrics token, asked through a proxy
        let token = "0f1e2d3c4b5a69788796a5b4c3d2e1f0"
        let server = try await WebServer.start(metricsToken: token)
        defer { Task { await server.stop() } }
        let proxied = ["X-Forwarded-For": "198.51.100.7"]
        // Then the token opens them; another, a token without "Bearer", or none does not
        var headers = proxied
        headers["Authorization"] = "Bearer " + token
        #expect(try await server.get("/metrics", headers: headers).status == 200)
        for authorization in ["Bearer " + token.dropLast() + "1", token, "Bearer ", "Basic " + token] {
            headers["Authorization"] = authorization
            #expect(try await server.get("/metrics", headers: headers).status == 404, "\(authorization)")
        }
    }

    @Test func aLimitThatTurnsARequestAwayIsCountedByName() async throws {
        // Given a hosted server taking 2 changes a minute, and one person who sends 3
        let server = try await WebServer.start(hosted: true, postsPerMinute: 2)
        defer { Task { await server.stop() } }
        var browser = HostedBrowser(server)
        _ = try await browser.get("/news")
        let before = try await Self.limitsHit("posts_per_minute", on: server)
        for _ in 0..<2 { #expect(try await browser.post("/action", "action=refresh&back=%2Fnews").status == 303) }
        #expect(try await browser.post("/action", "action=refresh&back=%2Fnews").status == 429)
        // Then the refusal is counted under its limit (the registry is the process's: other
        // tests' servers count there too, so the count is compared with the one before)
        #expect(try await Self.limitsHit("posts_per_minute", on: server) >= before + 1)
    }

    /// The `finnkino_limits_hit_total` of `limit` on the server's `/metrics` (0 before the first).
    static func limitsHit(_ limit: String, on server: WebServer) async throws -> Double {
        let text = try await server.get("/metrics").body
        let prefix = "finnkino_limits_hit_total{limit=\"\(limit)\"} "
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(prefix) }) else { return 0 }
        return try #require(Double(line.dropFirst(prefix.count)))
    }

    @Test func whoMayReadTheMetrics() {
        let access = MetricsAccess(token: nil, allowed: ["10.0.0.5", "2001:db8::7"])
        // This machine, by any loopback address
        for peer in ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"] {
            #expect(access.allows(peer: peer, headers: [:]), "\(peer)")
        }
        // The addresses the operator gave, and no other
        #expect(access.allows(peer: "10.0.0.5", headers: [:]))
        #expect(access.allows(peer: "2001:DB8::7", headers: [:]))
        #expect(!access.allows(peer: "10.0.0.6", headers: [:]))
        #expect(!access.allows(peer: "203.0.113.9", headers: [:]))
        #expect(!access.allows(peer: nil, headers: [:]))
        // An empty token opens nothing
        #expect(!MetricsAccess(token: "").allows(peer: "203.0.113.9", headers: [.authorization: "Bearer "]))
    }

    @Test func metricNamesAreValidAndInTheAppsNamespace() {
        #expect(ServerMetrics.metricName("hb.requests") == "finnkino_http_requests_total")
        #expect(ServerMetrics.metricName("source_failures_total") == "finnkino_source_failures_total")
        #expect(ServerMetrics.metricName("finnkino_feed_unknown_words_total") == "finnkino_feed_unknown_words_total")
        #expect(ServerMetrics.metricName("a.b-c d/é") == "finnkino_a_b_c_d__")
        #expect(ServerMetrics.labelName("http.route") == "route")
        #expect(ServerMetrics.labelName("9lives.x") == "_9lives_x")
    }
}
