import Testing

@testable import FinnkinoWeb

/// The request log names routes, never the secrets or words in an address (issue 36).
@Suite struct RequestLogTests {
    @Test func theLogSaysTheRouteAndTheQuerysNamesOnly() {
        let token = "Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4cXV1eHh4eA"
        #expect(
            RequestLogMiddleware.redacted(path: "/feeds/\(token)/calendar.ics", query: nil)
                == "/feeds/:token/calendar.ics")
        #expect(RequestLogMiddleware.redacted(path: "/devices", query: "code=ABCD-EFGH") == "/devices?code=…")
        #expect(
            RequestLogMiddleware.redacted(path: "/movies", query: "q=my+secret+film&area=1002") == "/movies?q=…&area=…")
        #expect(RequestLogMiddleware.redacted(path: "/no/such/\(token)", query: nil) == "(no route)")
        #expect(RequestLogMiddleware.redacted(path: "/movie/123", query: nil, method: .post) == "(no route)")
    }

    @Test func whatIsLoggedIsShortWhateverTheAddress() {
        let query = (0..<1_000).map { "name\($0)\(String(repeating: "x", count: 100))=1" }.joined(separator: "&")
        let logged = RequestLogMiddleware.redacted(path: "/" + String(repeating: "a/", count: 5_000), query: query)
        #expect(logged.count < 400)
        #expect(logged.hasSuffix("&…"))
        #expect(!RequestLogMiddleware.redacted(path: "/movies", query: "%0A%1B[31m=1").contains("\u{1B}"))
        // Only ASCII letters, digits, `_` and `-` of a name are kept: no other letter, no escape.
        #expect(RequestLogMiddleware.redacted(path: "/movies", query: "äb_C-9%0A=1&q=2") == "/movies?b_C-90A=…&q=…")
    }
}
