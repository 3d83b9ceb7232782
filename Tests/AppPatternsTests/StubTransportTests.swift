import AppPatterns
import AppPatternsTesting
import Foundation
import Testing

@Suite(.timeLimit(.minutes(3))) struct StubTransportTests {
    private let request = TransportRequest(path: "/a/", query: [.init("x", "1")])

    @Test func answersImmediatelyWithAnyStatusAndRecordsRequests() async throws {
        // Given a stub answering 503 with a body and a header
        let stub = StubTransport(.status(503, body: Data("busy".utf8), headers: ["Retry-After": "5"]))
        // When a request is sent
        let response = try await stub.send(request)
        // Then the response is as given, header names lower-cased, and the request is recorded
        #expect(response.status == 503)
        #expect(response.body == Data("busy".utf8))
        #expect(response.header("retry-after") == "5")
        #expect(stub.receivedRequests == [request])
    }

    @Test func throwsTheGivenFailure() async {
        // Given a stub that fails as unreachable
        let failure = TransportError(.unreachable, "connection refused")
        let stub = StubTransport(.failure(failure))
        // When a request is sent, then that failure is thrown
        await #expect(throws: failure) { try await stub.send(request) }
        #expect(stub.receivedRequests.count == 1)
    }

    @Test func givesRepliesInTurnThenRepeatsTheLast() async throws {
        // Given a stub with two replies
        let stub = StubTransport(replies: [.status(200), .status(304)])
        // When three requests are sent
        var statuses: [Int] = []
        for _ in 0..<3 { statuses.append(try await stub.send(request).status) }
        // Then the replies come in turn and the last repeats
        #expect(statuses == [200, 304, 304])
    }

    @Test func aClosureAnswersPerRequest() async throws {
        // Given a stub echoing the query
        let stub = StubTransport { request in .status(200, body: Data((request.queryValue("x") ?? "-").utf8)) }
        // When two different requests are sent
        let first = try await stub.send(request)
        let second = try await stub.send(TransportRequest(path: "/a/", query: [.init("x", "2")]))
        // Then each got its own answer
        #expect(first.body == Data("1".utf8))
        #expect(second.body == Data("2".utf8))
    }

    @Test func aDelayedReplyWaitsForTheClock() async throws {
        // Given a stub delayed by 2 s on a manual clock
        let clock = ManualClock()
        let stub = StubTransport(.status(200), delay: .seconds(2), clock: clock)
        let reply = Task { try await stub.send(request) }
        await clock.waitForSleepers(1)
        // When 1 s passes, the request is still waiting
        clock.advance(by: .seconds(1))
        #expect(clock.sleeperCount == 1)
        // When the second second passes, it is answered
        clock.advance(by: .seconds(1))
        #expect(try await reply.value.status == 200)
    }

    @Test func cancellingADelayedRequestThrowsCancelled() async {
        // Given a delayed request in flight
        let clock = ManualClock()
        let stub = StubTransport(.status(200), delay: .seconds(5), clock: clock)
        let reply = Task { try await stub.send(request) }
        await clock.waitForSleepers(1)
        // When its task is cancelled
        reply.cancel()
        // Then it fails as cancelled
        do {
            _ = try await reply.value
            Issue.record("a cancelled request answered")
        } catch let error as TransportError {
            #expect(error.kind == .cancelled)
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }
}
