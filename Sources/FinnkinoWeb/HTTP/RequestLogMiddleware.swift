import HTTPTypes
import Hummingbird
import Logging

/// Logs each request at info level as its route's pattern and its query's names, never the
/// values: a path or a query can carry a join code (`/devices?code=…`), a feed's token
/// (`/feeds/<token>/…`) or what someone searched for, and a log is read by more people, and kept
/// longer, than the data it would copy. Everything logged is capped in length.
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = PersonRequestContext
    static let maxQueryNames = 8
    static let maxNameLength = 32

    let logger: Logger

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        logger.info(
            "Request",
            metadata: [
                "hb.request.method": .string(String(request.method.rawValue.prefix(16))),
                "hb.request.path": .string(
                    Self.redacted(path: request.uri.path, query: request.uri.query, method: request.method)),
            ])
        return try await next(request, context)
    }

    /// What the log says of a request for `path` with `query`: the route's pattern
    /// (`/feeds/:token/calendar.ics`), or `(no route)`, and the query's names with their values
    /// left out (`?code=…`).
    static func redacted(path: String, query: String?, method: HTTPRequest.Method = .get) -> String {
        let route = WebRoute(path: path, method: method == .head ? .get : method)
        var text = route?.pattern.template ?? "(no route)"
        guard let query, !query.isEmpty else { return text }
        let names = query.split(separator: "&", omittingEmptySubsequences: true).prefix(maxQueryNames + 1)
            .map { pair in
                let name = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                // ASCII letters, digits, `_` and `-`, tested as bytes (Unicode's properties took
                // a third of the line's time).
                let safe = name.utf8.prefix(maxNameLength).filter { byte in
                    switch byte {
                    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
                        true
                    default: false
                    }
                }
                return String(decoding: safe, as: UTF8.self) + "=…"
            }
        text += "?" + names.prefix(maxQueryNames).joined(separator: "&")
        if names.count > maxQueryNames { text += "&…" }
        return text
    }
}
