import Foundation

/// One browser on a hosted server, with a cookie jar of its own: it keeps the session cookie the
/// server gives it and the CSRF token of the last page it opened, and sends both as a page would.
struct HostedBrowser {
    let server: WebServer
    /// The `session` cookie it holds (nil before its first visit).
    var session: String?
    /// The CSRF token of the last page it opened.
    var csrf: String?

    init(_ server: WebServer, session: String? = nil) {
        self.server = server
        self.session = session
    }

    mutating func get(_ path: String) async throws -> LoopbackClient.Reply {
        let reply = try await server.get(path, headers: cookieHeader)
        remember(reply)
        return reply
    }

    /// Posts a form with this browser's cookie and `token` (its own page's by default).
    mutating func post(_ path: String, _ body: String, token: String? = nil) async throws -> LoopbackClient.Reply {
        var headers = cookieHeader
        headers["Content-Type"] = "application/x-www-form-urlencoded"
        let form = "csrf=\(token ?? csrf ?? "")&" + body
        let reply = try await server.client.request("POST", path, headers: headers, body: form)
        remember(reply)
        return reply
    }

    private var cookieHeader: [String: String] { session.map { ["Cookie": "session=\($0)"] } ?? [:] }

    private mutating func remember(_ reply: LoopbackClient.Reply) {
        if let session = reply.cookies["session"] { self.session = session }
        let marker = "name=\"csrf\" value=\""
        if let start = reply.body.range(of: marker),
            let end = reply.body[start.upperBound...].firstIndex(of: "\"")
        {
            csrf = String(reply.body[start.upperBound..<end])
        }
    }
}
