import AppPatterns
import AppPatternsTesting
import Foundation
import NIOConcurrencyHelpers
import Testing

/// 429 answers waited out as the server asks, then with backoff; API keys added at send time;
/// refusals in the server's words.
@Suite(.timeLimit(.minutes(3))) struct RateLimitedTransportTests {
    private let request = TransportRequest(path: "/3/movie/upcoming", query: [.init("page", "2")])

    /// The waits a transport asked for.
    final class Waits: Sendable {
        let list = NIOLockedValueBox<[Duration]>([])
        var all: [Duration] { list.withLockedValue { $0 } }
    }

    /// A transport over `stub` that records its waits instead of sleeping.
    private func limited(_ stub: StubTransport, waits: Waits, retries: Int = 3) -> RateLimitedTransport {
        RateLimitedTransport(
            stub, retries: retries, backoff: Backoff(base: .seconds(2), factor: 2, maximum: .seconds(30)),
            longestWait: .seconds(60), now: { Date(timeIntervalSince1970: 1_445_412_480) },
            sleep: { wait in waits.list.withLockedValue { $0.append(wait) } })
    }

    @Test func waitsAsTheServerAsksThenBacksOff() async throws {
        // Given a server that answers 429 three times, asking for 5 s, then 200
        let stub = StubTransport(replies: [
            .status(429, headers: ["Retry-After": "5"]), .status(429, headers: ["Retry-After": "5"]),
            .status(429, headers: ["Retry-After": "5"]), .status(200, body: Data("ok".utf8)),
        ])
        let waits = Waits()
        // When a request is sent
        let response = try await limited(stub, waits: waits).send(request)
        // Then it waited 5 s first, then backed off (never less than asked), and got the answer
        #expect(response.status == 200 && response.body == Data("ok".utf8))
        #expect(waits.all == [.seconds(5), .seconds(5), .seconds(8)])
        #expect(stub.receivedRequests == Array(repeating: request, count: 4))
    }

    @Test func anHTTPDateIsAWaitUntilThenAndNoHeaderIsBackoff() async throws {
        // Given 429s asking for a date 90 s from now (capped at 60 s), then none at all
        let stub = StubTransport(replies: [
            .status(429, headers: ["Retry-After": "Wed, 21 Oct 2015 07:29:30 GMT"]), .status(429), .status(200),
        ])
        let waits = Waits()
        _ = try await limited(stub, waits: waits).send(request)
        #expect(waits.all == [.seconds(60), .seconds(4)])
    }

    @Test func givesUpAfterItsRetriesAndPassesThe429On() async throws {
        let stub = StubTransport(.status(429, headers: ["Retry-After": "1"]))
        let waits = Waits()
        let response = try await limited(stub, waits: waits, retries: 2).send(request)
        #expect(response.status == 429)
        #expect(stub.receivedRequests.count == 3)
        // And a retry-after that is not a number or a date counts as absent
        #expect(limited(stub, waits: waits).retryAfter("soon") == nil)
    }

    @Test func otherStatusesPassStraightThrough() async throws {
        let stub = StubTransport(replies: [.status(401), .status(200)])
        let waits = Waits()
        #expect(try await limited(stub, waits: waits).send(request).status == 401)
        #expect(waits.all.isEmpty && stub.receivedRequests.count == 1)
    }

    @Test func theKeyIsAddedWhenSentAndNotPartOfTheRequest() async throws {
        let stub = StubTransport(.status(200))
        let keyed = APIKeyTransport(stub, name: "api_key", key: "s3cret")
        _ = try await keyed.send(request)
        #expect(stub.receivedRequests.first?.queryValue("api_key") == "s3cret")
        #expect(stub.receivedRequests.first?.queryValue("page") == "2")
        #expect(!request.description.contains("s3cret"))
    }

    /// An endpoint whose server says no in a JSON body, with any status.
    struct RefusingEndpoint: Endpoint {
        var name: String { "Movie" }
        var request: TransportRequest { TransportRequest(path: "/movie/1") }
        var sampleData: Data { Data("{}".utf8) }
        func refusal(_ response: TransportResponse) -> String? {
            let text = String(decoding: response.body, as: UTF8.self)
            return text.hasPrefix("ERROR ") ? String(text.dropFirst(6)) : nil
        }
        func decode(_ body: Data) throws -> String { String(decoding: body, as: UTF8.self) }
    }

    @Test(arguments: [200, 401])
    func aRefusalIsReportedInTheServersWords(status: Int) async throws {
        let service = WebService(transport: StubTransport(.status(status, body: Data("ERROR Invalid API key".utf8))))
        await #expect(throws: WebServiceError.refused(endpoint: "Movie", code: status, message: "Invalid API key")) {
            try await service.send(RefusingEndpoint())
        }
        let error = WebServiceError.refused(endpoint: "Movie", code: 401, message: "Invalid API key")
        #expect(error.description == "Movie: refused (401): Invalid API key")
    }
}
