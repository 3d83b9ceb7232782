import Foundation
import Testing

@testable import FinnkinoWeb

/// The table of routes the controllers add: every change is checked for its CSRF token whichever
/// controller adds it, and only routes that exist are.
@Suite struct RouteTableTests {
    /// An address of `pattern` with a value in each capture (`/editor/:session/edit` →
    /// `/editor/1/edit`).
    private func address(_ pattern: String) -> String {
        pattern.split(separator: "/").map { $0.hasPrefix(":") ? "1" : String($0) }.reduce("") { $0 + "/" + $1 }
    }

    @Test func everyChangeIsRefusedWithoutItsTokenAndAcceptedWithIt() async throws {
        // Given the server and the changes it answers (every route but a GET)
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        let changes = server.routes.filter { $0.method != "GET" && $0.method != "HEAD" }
        #expect(changes.contains { $0 == ("POST", "/settings/language") })
        #expect(changes.contains { $0 == ("PUT", "/editor/upload") })
        #expect(changes.count >= 15)
        let cookie = String(repeating: "e", count: 64)
        let form = ["Content-Type": "application/x-www-form-urlencoded", "Cookie": "csrf=\(cookie)"]
        for change in changes {
            let path = address(change.path)
            // When it is sent with the CSRF cookie but no token, or with another browser's token
            let missing = try await server.client.request(change.method, path, headers: form, body: "movie=1")
            let other = try await server.client.request(
                change.method, path, headers: form,
                body: "movie=1&csrf=\(server.formToken(String(repeating: "d", count: 64)))")
            // Then it is refused before the route runs
            #expect(missing.status == 403, "\(change.method) \(change.path)")
            #expect(other.status == 403, "\(change.method) \(change.path)")
            // When it carries the browser's token as the page sends it: a form's field, a script's header
            var withToken = form
            var body = "csrf=\(server.formToken(cookie))"
            var address = path
            if change.method != "POST" {
                withToken["X-CSRF-Token"] = server.formToken(cookie)
                body = ""
            } else if WebRoute(path: path, method: .post)?.pattern.takesFile == true {
                // A form that sends a file: the token in the address (its body is a file's)
                address = path + "?csrf=" + server.formToken(cookie)
                body = ""
            }
            let accepted = try await server.client.request(change.method, address, headers: withToken, body: body)
            // Then the route itself answers
            #expect(accepted.status != 403, "\(change.method) \(change.path)")
        }
    }

    @Test func aChangeToAnAddressThatDoesNotExistIsNotFound() async throws {
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        let reply = try await server.client.request(
            "POST", "/no/such/change", headers: ["Content-Type": "application/x-www-form-urlencoded"], body: "a=b")
        #expect(reply.status == 404)
    }

    @Test func anUploadCarriesItsTokenInTheHeaderNotInAForm() async throws {
        // Given a browser with its CSRF cookie
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        let cookie = String(repeating: "c", count: 64)
        // When it sends an upload with the token as a form field instead of the header
        let reply = try await server.client.request(
            "PUT", "/editor/upload?name=a.mp4",
            headers: ["Content-Type": "application/x-www-form-urlencoded", "Cookie": "csrf=\(cookie)"],
            body: "csrf=\(server.formToken(cookie))")
        // Then it is refused: only the page's script sends a PUT, and it sends the header
        #expect(reply.status == 403)
    }

    @Test func aFormCarriesItsTokenInTheFormNotInAHeader() async throws {
        // Given a browser with its CSRF cookie
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        let cookie = String(repeating: "b", count: 64)
        // When it posts a form whose token is only in the header
        let reply = try await server.client.request(
            "POST", "/settings/language",
            headers: [
                "Content-Type": "application/x-www-form-urlencoded", "Cookie": "csrf=\(cookie)",
                "X-CSRF-Token": server.formToken(cookie),
            ],
            body: "language=en&back=%2Fnews")
        // Then it is refused: a form carries its token in itself
        #expect(reply.status == 403)
        #expect(reply.cookies["lang"] == nil)
    }
}
