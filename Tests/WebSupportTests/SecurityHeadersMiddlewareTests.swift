import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import WebSupport

/// The security headers, with the policy each app gives, on answers and on errors.
@Suite struct SecurityHeadersMiddlewareTests {
    static let policy = "default-src 'none'; frame-ancestors 'none'"

    static func application() -> some ApplicationProtocol {
        let router = Router()
        router.add(middleware: SecurityHeadersMiddleware(contentSecurityPolicy: policy))
        router.get("/page") { _, _ in "a page" }
        router.get("/gone") { _, _ -> String in throw HTTPError(.gone) }
        return Application(router: router)
    }

    @Test func anAnswerCarriesTheGivenPolicyAndTheOtherHeaders() async throws {
        // Given an app whose middleware was given a policy
        try await Self.application().test(.router) { client in
            // When a page is asked for
            let response = try await client.execute(uri: "/page", method: .get)
            // Then it comes with that policy, nosniff and a same-origin referrer policy
            #expect(response.status == .ok)
            #expect(String(buffer: response.body) == "a page")
            #expect(response.headers[.contentSecurityPolicy] == Self.policy)
            #expect(response.headers[.xContentTypeOptions] == "nosniff")
            #expect(response.headers[HTTPField.Name("Referrer-Policy")!] == "same-origin")
        }
    }

    @Test func errorsAndUnknownPathsCarryThemToo() async throws {
        try await Self.application().test(.router) { client in
            // When a handler throws an HTTP error, and when no route matches
            let gone = try await client.execute(uri: "/gone", method: .get)
            let missing = try await client.execute(uri: "/nowhere", method: .get)
            // Then both are plain-text answers with their status and the headers
            #expect(gone.status == .gone)
            #expect(missing.status == .notFound)
            for response in [gone, missing] {
                #expect(response.headers[.contentSecurityPolicy] == Self.policy)
                #expect(response.headers[.xContentTypeOptions] == "nosniff")
                #expect(response.headers[.contentType] == "text/plain; charset=utf-8")
            }
            #expect(String(buffer: missing.body) == "Not Found\n")
        }
    }
}
