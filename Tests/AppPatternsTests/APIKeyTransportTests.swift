import AppPatterns
import AppPatternsTesting
import Foundation
import Testing

@Suite struct APIKeyTransportTests {
    @Test func theKeyIsSentButNeverNamedInAnError() async throws {
        // Given a transport below that fails naming the whole request it was sent (as HTTP's does)
        let stub = StubTransport { request in
            .failure(TransportError(.timedOut, "api.example: \(request) timed out after 20 s"))
        }
        let key = "s3cr3t+key/42"
        let transport = APIKeyTransport(stub, name: "api_key", key: key)
        // When a request fails
        do {
            _ = try await transport.send(TransportRequest(path: "/3/movie/1"))
            Issue.record("a failing stub answered")
        } catch let error as TransportError {
            // Then the key went out with the request, but the error does not contain it in any form
            #expect(stub.receivedRequests.first?.queryValue("api_key") == key)
            #expect(error.kind == .timedOut)
            #expect(!error.message.contains("s3cr3t") && error.message.contains("api_key=<key>"))
        }
    }
}
