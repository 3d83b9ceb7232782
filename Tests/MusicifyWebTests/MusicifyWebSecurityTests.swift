import HTTPTypes
import HummingbirdTesting
import MusicifyKit
import Testing

/// Headers on every answer, the style sheet and icon, and nothing served that was not meant to be.
@Suite struct MusicifyWebSecurityTests {
    static let policy =
        "default-src 'none'; img-src 'self' https:; style-src 'self'; base-uri 'none'; form-action 'self'; "
        + "frame-ancestors 'none'"

    @Test func everyAnswerCarriesTheSecurityHeaders() async throws {
        // Given the app on the bundled chart
        try await WebAppUnderTest.test(transport: try ChartTransports.bundled()) { client in
            // When pages, a redirect, artwork, files, 404s of both kinds and a wrong method are asked for
            let requests: [(String, HTTPRequest.Method)] = [
                ("/", .get), ("/songs/1900000001", .get), ("/songs/0", .get), ("/bundled/songs/1900000001", .get),
                ("/bundled/artwork/1900000001/300x300bb.svg", .get), ("/static/musicify.css", .get),
                ("/static/musicify-icon.svg", .get), ("/nowhere", .get), ("/", .post),
            ]
            for (path, method) in requests {
                let response = try await client.execute(uri: path, method: method)
                // Then each carries the policy (no scripts, no inline styles), nosniff and the referrer policy
                #expect(response.headers[.contentSecurityPolicy] == Self.policy, "\(method) \(path)")
                #expect(response.headers[.xContentTypeOptions] == "nosniff", "\(path)")
                #expect(response.headers[HTTPField.Name("Referrer-Policy")!] == "same-origin", "\(path)")
            }
        }
    }

    @Test func theStyleSheetAndIconAreServedAndNothingElseIs() async throws {
        // Given the app
        try await WebAppUnderTest.test(transport: try ChartTransports.bundled()) { client in
            // When its style sheet and icon are asked for, Then they come with their types
            let css = try await client.execute(uri: "/static/musicify.css", method: .get)
            #expect(css.status == .ok)
            #expect(css.headers[.contentType] == "text/css; charset=utf-8")
            #expect(css.text.contains("prefers-color-scheme: dark"))
            let icon = try await client.execute(uri: "/static/musicify-icon.svg", method: .get)
            #expect(icon.status == .ok)
            #expect(icon.headers[.contentType] == "image/svg+xml")
            // And other names, paths and files are 404s
            for path in ["/static/app.css", "/static/..%2FPackage.swift", "/static/", "/Package.swift"] {
                #expect(try await client.execute(uri: path, method: .get).status == .notFound, "\(path)")
            }
        }
    }
}
