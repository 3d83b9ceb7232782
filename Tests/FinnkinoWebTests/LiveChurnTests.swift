import AppPatterns
import FinnkinoKit
import Foundation
import NIOConcurrencyHelpers
import Testing

@testable import FinnkinoWeb

/// The churn of the reliability suite (issue 15): a client opens and closes `/live` pages ten
/// thousand times while the source changes under them, and `/healthz` answers within 100 ms all
/// along. Before `Subject` stopped delivering under its lock, this froze the whole server within a
/// few hundred connections.
@Suite(.timeLimit(.minutes(10))) struct LiveChurnTests {
    static let connections = 10_000
    static let healthLimit: Duration = .milliseconds(100)
    /// Set until cleared; read by the tasks and threads of the test.
    final class Flag: Sendable {
        private let value = NIOLockedValueBox(true)
        var isSet: Bool { value.withLockedValue { $0 } }
        func clear() { value.withLockedValue { $0 = false } }
    }

    static let pages = ["%2Fmovies%3Farea%3Dall", "%2Fmovies%3Farea%3Dall%26list%3Dsoon", "%2Fnews"]

    /// `GET /healthz` on a connection that gives up after 10 s without an answer.
    static func health(port: Int) throws -> LoopbackClient.Reply {
        let connection = try LoopbackClient.Connection(port: port, timeoutSeconds: 10)
        defer { connection.close() }
        try connection.write(LoopbackClient.request("GET", "/healthz", headers: [:], body: ""))
        var raw = Data()
        while let chunk = try connection.read() { raw.append(chunk) }
        return try LoopbackClient.parse(raw)
    }

    @Test func tenThousandLivePagesOpenedAndClosedWhileTheSourceChanges() async throws {
        // Given the app on a source whose movie list changes all the time
        let source = LiveUpdatesTests.ChangingMovies()
        let store = source.store()
        let server = try await WebServer.start(makeStore: { _ in store })
        defer { Task { await server.stop() } }
        let feed = store.moviesFeed(.nowInTheatres, area: nil)
        let churning = Flag()
        let changer = Task {
            var round = 0
            while churning.isSet {
                round += 1
                source.titles.withLockedValue { $0 = ["Alpha \(round)", "Beta"] }
                await feed.refresh()
                try? await Task.sleep(for: .milliseconds(1))
            }
            return round
        }
        // And a prober asking /healthz every 20 ms on a thread of its own, keeping the slowest answer
        let slowest = NIOLockedValueBox<Duration>(.zero)
        let failures = NIOLockedValueBox<[String]>([])
        let prober = Task {
            try await LoopbackClient.offPool {
                let clock = ContinuousClock()
                var probes = 0
                while churning.isSet {
                    let started = clock.now
                    do {
                        let reply = try Self.health(port: server.port)
                        if reply.status != 200 { failures.withLockedValue { $0.append("healthz \(reply.status)") } }
                    } catch {
                        // A frozen server holds the pool's threads, so Swift Testing's own time
                        // limit could never fire: this thread, outside the pool, ends the run.
                        FileHandle.standardError.write(
                            Data("FROZEN: /healthz did not answer within 10 s during the churn (\(error))\n".utf8))
                        exit(70)
                    }
                    let took = clock.now - started
                    slowest.withLockedValue { $0 = max($0, took) }
                    probes += 1
                    Thread.sleep(forTimeInterval: 0.02)
                }
                return probes
            }
        }

        // When a client opens a live page, waits for its subscription and closes it, ten thousand
        // times (every third one closed before its answer is read)
        let opened = try await LoopbackClient.offPool {
            var subscribed = 0
            for index in 0..<Self.connections {
                let connection = try LoopbackClient.Connection(port: server.port, timeoutSeconds: 10)
                defer { connection.close() }
                let page = Self.pages[index % Self.pages.count]
                try connection.write(LoopbackClient.request("GET", "/live?page=\(page)", headers: [:], body: ""))
                if index % 3 == 2 { continue }
                var text = ""
                while !text.contains(": subscribed") {
                    guard let chunk = try connection.read() else { break }
                    text += String(decoding: chunk, as: UTF8.self)
                }
                guard text.contains(": subscribed") else {
                    failures.withLockedValue {
                        $0.append("connection \(index) got no subscription: \(text.prefix(200))")
                    }
                    break
                }
                subscribed += 1
            }
            return subscribed
        }
        churning.clear()
        let rounds = await changer.value
        let probes = try await prober.value

        // Then every subscription was made, the source changed all along, and /healthz always
        // answered within the limit
        #expect(failures.withLockedValue { $0 }.isEmpty, "\(failures.withLockedValue { $0.prefix(5) })")
        #expect(opened == Self.connections - Self.connections / 3)
        #expect(rounds > 100)
        #expect(probes > 10)
        let worst = slowest.withLockedValue { $0 }
        #expect(worst < Self.healthLimit, "slowest /healthz: \(worst)")
        // And nothing is left observing the feed once the pages are gone
        #expect(await LiveUpdatesTests.eventually { feed.subject.observerCount == 0 })
        print("churn: \(opened) subscriptions, \(rounds) source changes, \(probes) probes, slowest /healthz \(worst)")
    }
}
