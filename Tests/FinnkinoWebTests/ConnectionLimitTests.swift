import Foundation
import Testing

@testable import FinnkinoWeb

/// Slow and abandoned clients cannot hold the server's connections for ever.
@Suite struct ConnectionLimitTests {
    @Test func aHalfSentRequestIsClosedAfterTheIdleTimeWhileALivePageStaysOpen() async throws {
        // Given the app closing connections idle for 1 s
        let server = try await WebServer.start(idleTimeout: .seconds(1))
        defer { Task { await server.stop() } }
        // And a page subscribed to its live updates, which then receives nothing for a while
        let live = try LoopbackClient.Connection(port: server.port, timeoutSeconds: 30)
        defer { live.close() }
        try live.write(LoopbackClient.request("GET", "/live?page=%2Fnews", headers: [:], body: ""))
        #expect(try await LiveUpdatesTests.read(live, until: ": subscribed").contains(": subscribed"))
        // When a client sends half a request head and nothing more
        let half = try LoopbackClient.Connection(port: server.port, timeoutSeconds: 15)
        defer { half.close() }
        try half.write("GET /news HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        let started = ContinuousClock.now
        // Then the server closes it (the read ends) well before the client's own 15 s
        #expect(try await LoopbackClient.offPool { try half.read() } == nil)
        #expect(ContinuousClock.now - started < .seconds(10))
        // And the live page's connection is still open: a read waits out 4 s instead of ending
        await #expect(throws: (any Error).self) {
            try await LoopbackClient.offPool { try live.readFor(milliseconds: 4000) }
        }
    }

    @Test func aRequestHeadSentAByteAtATimeIsClosedAfterTheIdleTime() async throws {
        // Given the app closing connections idle for 1 s
        let server = try await WebServer.start(idleTimeout: .seconds(1))
        defer { Task { await server.stop() } }
        let slow = try LoopbackClient.Connection(port: server.port, timeoutSeconds: 1)
        defer { slow.close() }
        // When a client sends its request head one byte every 200 ms, for at most 10 s
        let head = Array("GET /news HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: " + String(repeating: "a", count: 50))
        let closed = try await LoopbackClient.offPool { () -> Bool in
            for character in head {
                guard (try? slow.write(String(character))) != nil else { return true }
                // A read that ends (nil) means the server closed; a timeout (thrown) that it is open.
                do {
                    if try slow.readFor(milliseconds: 200) == nil { return true }
                } catch {
                    continue
                }
            }
            return false
        }
        // Then the server closed it before the head was whole, though bytes kept coming
        #expect(closed)
    }
}
