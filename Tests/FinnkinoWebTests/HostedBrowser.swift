import Foundation

/// One browser on a hosted server, with a cookie jar of its own: it keeps the `session` and `csrf`
/// cookies the server gives it (and forgets those it clears) and the CSRF token of the last page it
/// opened, and sends them as a page would.
struct HostedBrowser {
    let server: WebServer
    /// Its cookies by name.
    var cookies: [String: String] = [:]
    /// The CSRF token of the last page it opened.
    var csrf: String?

    init(_ server: WebServer, session: String? = nil) {
        self.server = server
        if let session { cookies["session"] = session }
    }

    /// The `session` cookie it holds (nil before its first change).
    var session: String? { cookies["session"] }

    mutating func get(_ path: String) async throws -> LoopbackClient.Reply {
        let reply = try await server.get(path, headers: cookieHeader)
        remember(reply)
        return reply
    }

    /// Posts a form with this browser's cookies and `token` (its own page's by default).
    mutating func post(_ path: String, _ body: String, token: String? = nil) async throws -> LoopbackClient.Reply {
        var headers = cookieHeader
        headers["Content-Type"] = "application/x-www-form-urlencoded"
        let form = "csrf=\(token ?? csrf ?? "")&" + body
        let reply = try await server.client.request("POST", path, headers: headers, body: form)
        remember(reply)
        // Like a browser, it opens the page a redirect names (so it holds that page's token).
        if reply.status == 303, let location = reply.header("Location") { _ = try await get(location) }
        return reply
    }

    /// Sends a file as the page's script does: `PUT` with this browser's cookies and its page's
    /// token in `X-CSRF-Token`.
    mutating func put(_ path: String, bytes: [UInt8]) async throws -> LoopbackClient.Reply {
        var headers = cookieHeader
        headers["X-CSRF-Token"] = csrf ?? ""
        headers["Content-Type"] = "application/octet-stream"
        let reply = try await server.client.request("PUT", path, headers: headers, bytes: bytes)
        remember(reply)
        return reply
    }

    /// Sends a file as a page's form does without a script: `multipart/form-data`, the page's token
    /// in the address (``WebRoute/Pattern/takesFile``).
    mutating func upload(_ path: String, fileName: String, bytes: [UInt8], token: String? = nil) async throws
        -> LoopbackClient.Reply
    {
        var headers = cookieHeader
        let boundary = "----finnkino-test-\(UUID().uuidString)"
        headers["Content-Type"] = "multipart/form-data; boundary=\(boundary)"
        var body = Array(
            ("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(fileName)\"\r\n"
                + "Content-Type: application/octet-stream\r\n\r\n").utf8)
        body += bytes
        body += Array("\r\n--\(boundary)--\r\n".utf8)
        let address = path + "?csrf=" + (token ?? csrf ?? "")
        let reply = try await server.client.request("POST", address, headers: headers, bytes: body)
        remember(reply)
        return reply
    }

    private var cookieHeader: [String: String] {
        cookies.isEmpty
            ? [:]
            : ["Cookie": cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")]
    }

    private mutating func remember(_ reply: LoopbackClient.Reply) {
        for (name, value) in reply.cookies where name == "session" || name == "csrf" {
            cookies[name] = value.isEmpty ? nil : value
        }
        let marker = "name=\"csrf\" value=\""
        if let start = reply.body.range(of: marker),
            let end = reply.body[start.upperBound...].firstIndex(of: "\"")
        {
            csrf = String(reply.body[start.upperBound..<end])
        }
    }
}
