import Hummingbird

/// The cookies a request carries, read from its `Cookie` headers once: a person's request asks
/// for up to five of them (the session, the language, the area, the message, the CSRF nonce), and
/// Hummingbird's `request.cookies` splits the headers again for each and parses every cookie asked
/// for as a `Set-Cookie` line (5 µs of a hosted `/movies` request, perf, 2026-12-01).
///
/// Read as Hummingbird reads them: pairs split at `;`, spaces before a name dropped, the name up to
/// the first `=` and the value after it, the first pair of a name winning; a pair without `=` is
/// no cookie.
struct RequestCookies: Sendable {
    private var pairs: [(name: Substring, value: Substring)] = []

    init(_ request: Request) {
        self.init(headers: request.headers[values: .cookie])
    }

    init(headers: [String]) {
        for header in headers {
            for pair in header.split(separator: ";", omittingEmptySubsequences: false) {
                let pair = pair.drop { $0.isWhitespace }
                guard let equals = pair.firstIndex(of: "=") else { continue }
                pairs.append((pair[..<equals], pair[pair.index(after: equals)...]))
            }
        }
    }

    /// The value of the first cookie named `name`, if any.
    subscript(name: String) -> String? {
        pairs.first { $0.name == name }.map { String($0.value) }
    }
}
