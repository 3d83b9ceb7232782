import AppPatterns
import AppPatternsTesting
import Foundation
import TestSupport
import Testing

@testable import Storage

/// The feed answers of several instances over one PostgreSQL database: one cache, and one
/// instance at a time refreshing a given answer while the others use what it stored.
@Suite(.enabled(if: TestPostgres.isAvailable), .timeLimit(.minutes(3))) struct PostgresPayloadCacheTests {
    struct WordsEndpoint: Endpoint {
        var name: String { "Words" }
        var request: TransportRequest { TransportRequest(path: "/words/") }
        var sampleData: Data { Data("a b".utf8) }
        func decode(_ body: Data) throws -> [String] {
            String(decoding: body, as: UTF8.self).split(separator: " ").map(String.init)
        }
    }

    func payload(_ text: String, at seconds: Double = 1_795_000_000, etag: String? = nil) -> CachedPayload {
        CachedPayload(
            body: Data(text.utf8), etag: etag, lastModified: "Wed, 25 Nov 2026 10:00:00 GMT",
            storedAt: Date(timeIntervalSince1970: seconds))
    }

    @Test func storesRevalidatesRemovesAndKeepsSourcesApart() throws {
        let pool = try TestPostgres.freshPool()
        let live = try PostgresPayloadCache(pool: pool, namespace: "live")
        let other = try PostgresPayloadCache(pool: pool, namespace: "server-1")
        // A payload reads back with its validators, byte for byte (a zero byte, invalid UTF-8)
        var stored = payload("x", etag: "\"v1\"")
        stored.body = Data([0, 0xFF, 0x41])
        live.store(stored, for: "/xml/Events/?area=1002")
        #expect(live.payload(for: "/xml/Events/?area=1002") == stored)
        // Another source's cache does not see it
        #expect(other.payload(for: "/xml/Events/?area=1002") == nil)
        // A revalidation moves its storage time only
        live.markRevalidated("/xml/Events/?area=1002", at: Date(timeIntervalSince1970: 1_795_000_600))
        #expect(live.payload(for: "/xml/Events/?area=1002")?.storedAt == Date(timeIntervalSince1970: 1_795_000_600))
        #expect(live.payload(for: "/xml/Events/?area=1002")?.body == stored.body)
        // A removal removes it, and removing all leaves the other source's
        other.store(payload("y"), for: "k")
        live.removePayload(for: "/xml/Events/?area=1002")
        #expect(live.payload(for: "/xml/Events/?area=1002") == nil)
        live.store(payload("z"), for: "k")
        live.removeAll()
        #expect(live.payload(for: "k") == nil)
        #expect(other.payload(for: "k") == payload("y"))
    }

    @Test func theSizeLimitEvictsTheLeastRecentlyUsed() throws {
        // Given a cache of 10 bytes where a (4 bytes) was used after b (4 bytes)
        let clock = ManualClock()
        let cache = try PostgresPayloadCache(
            pool: TestPostgres.freshPool(), namespace: "live", sizeLimit: 10, now: clock.dateSource)
        cache.store(payload("aaaa"), for: "a")
        clock.advance(by: .seconds(1))
        cache.store(payload("bbbb"), for: "b")
        clock.advance(by: .seconds(1))
        _ = cache.payload(for: "a")
        clock.advance(by: .seconds(1))
        // When c (4 bytes) is stored, b goes
        cache.store(payload("cccc"), for: "c")
        #expect(cache.payload(for: "b") == nil)
        #expect(cache.payload(for: "a") != nil && cache.payload(for: "c") != nil)
        // And a body larger than the limit is not kept at all
        cache.store(payload(String(repeating: "d", count: 11)), for: "d")
        #expect(cache.payload(for: "d") == nil)
    }

    @Test func twoInstancesLoadingOneFeedAtOnceFetchItOnceAndBothGetIt() async throws {
        // Given two instances, each its own web service over one shared cache, and a source that
        // takes 300 ms to answer
        let pool = try TestPostgres.freshPool()
        let source = StubTransport(.status(200, body: Data("one two".utf8)), delay: .milliseconds(300))
        let instances = try (0..<2).map { _ in
            WebService(
                transport: source, cache: try PostgresPayloadCache(pool: PostgresPool(pool.location), namespace: "live")
            )
        }
        // When both load the feed at the same moment
        let loaded = try await withThrowingTaskGroup(of: [String].self) { group in
            for instance in instances {
                group.addTask { try await instance.load(WordsEndpoint(), maxAge: 600).value }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        // Then the source was asked once, and both have its answer
        #expect(source.receivedRequests.count == 1)
        #expect(loaded == [["one", "two"], ["one", "two"]])
    }

    @Test func anInstanceWaitingForAnotherThatNeverStoresFetchesAfterTheWait() async throws {
        // Given another instance holding the refresh of the feed and never finishing
        let pool = try TestPostgres.freshPool()
        let stuck = try PostgresPayloadCache(pool: pool, namespace: "live")
        let holding = Task {
            await stuck.refreshAlone("/words/", newerThan: nil) { _ in
                try? await Task.sleep(for: .seconds(20))
            }
        }
        defer { holding.cancel() }
        try await Task.sleep(for: .milliseconds(200))
        // When this instance loads it, waiting at most half a second for the other
        let source = StubTransport(.status(200, body: Data("late".utf8)))
        let cache = try PostgresPayloadCache(
            pool: PostgresPool(pool.location), namespace: "live", refreshWait: .milliseconds(500))
        let started = ContinuousClock.now
        let words = try await WebService(transport: source, cache: cache).load(WordsEndpoint(), maxAge: 600).value
        // Then it fetched for itself after the wait, not before and not never
        #expect(words == ["late"])
        #expect(source.receivedRequests.count == 1)
        #expect(ContinuousClock.now - started >= .milliseconds(500))
    }
}
