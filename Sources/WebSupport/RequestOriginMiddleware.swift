import HTTPTypes
import Hummingbird

/// Answers only requests meant for this server, and changes state only for this server's own pages.
///
/// - **Host**: a request whose `Host` is not one the server answers to gets 421. IP addresses
///   (a phone on the same network uses one) and `localhost` are always answered; names only when
///   the operator listed them (`--public-url`, `--allowed-host`). A page on an attacker's domain
///   that re-points its name at this server (DNS rebinding) therefore reads nothing.
/// - **Origin**: a request that changes something (any method but GET, HEAD, OPTIONS) is refused
///   with 403 when the browser says it comes from elsewhere: an `Origin` whose host and port are not
///   the request's own `Host`, or `Sec-Fetch-Site` other than `same-origin` or `none`. Clients
///   that send neither (command-line tools, which carry no one's cookies) go on to the CSRF token.
public struct RequestOriginMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Host names answered besides IP addresses and `localhost`, lower case, without a port.
    public let allowedHosts: Set<String>

    public init(allowedHosts: Set<String> = []) {
        self.allowedHosts = Set(allowedHosts.map { $0.lowercased() })
    }

    static var secFetchSite: HTTPField.Name { HTTPField.Name("Sec-Fetch-Site")! }
    static var hostField: HTTPField.Name { HTTPField.Name("Host")! }

    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        // A second `Host` (the first is the authority): which one a proxy, a cache and this server
        // each believe could differ, so the request is refused (RFC 9112: 400).
        guard request.headers[Self.hostField] == nil else {
            return Self.refusal(.badRequest, "A request names one host.")
        }
        guard let authority = request.head.authority, answers(authority) else {
            return Self.refusal(.misdirectedRequest, "This server does not answer to that host name.")
        }
        if ![.get, .head, .options].contains(request.method) {
            if let origin = request.headers[.origin], !Self.isSameOrigin(origin, authority: authority) {
                return Self.refusal(.forbidden, "Refused: the request came from another site.")
            }
            if let site = request.headers[Self.secFetchSite], site != "same-origin", site != "none" {
                return Self.refusal(.forbidden, "Refused: the request came from another site.")
            }
        }
        return try await next(request, context)
    }

    /// Whether `authority` (`host[:port]`) names this server.
    public func answers(_ authority: String) -> Bool {
        guard let host = Self.host(of: authority) else { return false }
        return host == "localhost" || Self.isIPAddress(host) || allowedHosts.contains(host)
    }

    /// The host of `host[:port]` or `[v6]:port`, lower case; nil when malformed.
    static func host(of authority: String) -> String? {
        let lowered = authority.lowercased()
        guard !lowered.isEmpty, lowered.utf8.count <= 255,
            lowered.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 && $0 != "/" && $0 != "@" })
        else { return nil }
        if lowered.hasPrefix("[") {
            guard let close = lowered.firstIndex(of: "]") else { return nil }
            let rest = lowered[lowered.index(after: close)...]
            guard rest.isEmpty || (rest.hasPrefix(":") && rest.dropFirst().allSatisfy(\.isNumber)) else { return nil }
            return String(lowered[...close])
        }
        let parts = lowered.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count <= 2, let name = parts.first, !name.isEmpty else { return nil }
        if parts.count == 2, parts[1].isEmpty || !parts[1].allSatisfy(\.isNumber) { return nil }
        return String(name)
    }

    /// A dotted IPv4 address or a bracketed IPv6 one.
    static func isIPAddress(_ host: String) -> Bool {
        if host.hasPrefix("[") && host.hasSuffix("]") {
            let inner = host.dropFirst().dropLast()
            return !inner.isEmpty && inner.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
        }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4
            && octets.allSatisfy { $0.count <= 3 && !$0.isEmpty && $0.allSatisfy(\.isNumber) && Int($0)! <= 255 }
    }

    /// Whether an `Origin` (`scheme://host[:port]`) names the same host and port as `authority`.
    static func isSameOrigin(_ origin: String, authority: String) -> Bool {
        let lowered = origin.lowercased()
        let scheme: String
        if lowered.hasPrefix("http://") {
            scheme = "http"
        } else if lowered.hasPrefix("https://") {
            scheme = "https"
        } else {
            return false  // "null" (a sandboxed frame, a file) and anything else
        }
        let rest = String(lowered.dropFirst(scheme.count + 3))
        return normalized(rest, scheme: scheme) == normalized(authority.lowercased(), scheme: scheme)
    }

    /// `host:port` with the scheme's default port written out.
    private static func normalized(_ authority: String, scheme: String) -> String? {
        guard let host = host(of: authority) else { return nil }
        let afterHost = authority.dropFirst(host.count)
        let port = afterHost.hasPrefix(":") ? String(afterHost.dropFirst()) : (scheme == "https" ? "443" : "80")
        return host + ":" + port
    }

    private static func refusal(_ status: HTTPResponse.Status, _ message: String) -> Response {
        Response(
            status: status, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: message + "\n")))
    }
}
