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
        // One pass over the query's bytes (splitting it into strings took half of the line's time).
        var names: [UInt8] = []
        names.reserveCapacity(query.utf8.count + 8)
        var count = 0
        for pair in query.utf8.split(separator: UInt8(ascii: "&")) {
            guard count < maxQueryNames else {
                names.append(contentsOf: "&…".utf8)
                break
            }
            names.append(count == 0 ? UInt8(ascii: "?") : UInt8(ascii: "&"))
            // ASCII letters, digits, `_` and `-`, tested as bytes (Unicode's properties took
            // a third of the line's time).
            for byte in pair.prefix(while: { $0 != UInt8(ascii: "=") }).prefix(maxNameLength) {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
                    names.append(byte)
                default: break
                }
            }
            names.append(contentsOf: "=…".utf8)
            count += 1
        }
        text += String(decoding: names, as: UTF8.self)
        return text
    }
}
