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
                let safe = name.prefix(maxNameLength).unicodeScalars.filter {
                    $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-")
                }
                return String(String.UnicodeScalarView(safe)) + "=…"
            }
        text += "?" + names.prefix(maxQueryNames).joined(separator: "&")
        if names.count > maxQueryNames { text += "&…" }
        return text
    }
}
