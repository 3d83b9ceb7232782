import HTTPTypes
import Hummingbird

/// Adds the security headers to every response, error responses included: the app's
/// Content-Security-Policy, `nosniff` and a same-origin referrer policy.
///
/// For a server people reach over https (``httpsOnly``: its public address says so, usually
/// through a reverse proxy that holds the certificate), also: every cookie any route sets is
/// `Secure`, so that none is ever sent over plain http, and `Strict-Transport-Security`, so that a
/// browser that has been here once never asks over http again. (The cookies keep their names: the
/// `__Host-` prefix would add that no subdomain could plant them, but renaming the session cookie
/// would sign every person out once; `Secure`, `Path=/` and no `Domain` are what it requires.)
public struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The Content-Security-Policy header's value, as the app using the middleware wants it.
    public let contentSecurityPolicy: String
    /// Whether the server is reached over https only.
    public let httpsOnly: Bool

    public init(contentSecurityPolicy: String, httpsOnly: Bool = false) {
        self.contentSecurityPolicy = contentSecurityPolicy
        self.httpsOnly = httpsOnly
    }

    static var referrerPolicy: HTTPField.Name { HTTPField.Name("Referrer-Policy")! }
    static var strictTransportSecurity: HTTPField.Name { HTTPField.Name("Strict-Transport-Security")! }
    /// A year, the least the browsers' preload lists take.
    public static var strictTransportSecurityValue: String { "max-age=31536000" }

    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as any HTTPResponseError {
            response = Response(
                status: error.status, headers: [.contentType: "text/plain; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: error.status.reasonPhrase + "\n")))
        }
        response.headers[.contentSecurityPolicy] = contentSecurityPolicy
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[Self.referrerPolicy] = "same-origin"
        if httpsOnly { Self.secure(&response) }
        return response
    }

    /// Marks every cookie of `response` `Secure` and adds HSTS.
    static func secure(_ response: inout Response) {
        let cookies = response.headers[values: .setCookie]
        if !cookies.isEmpty {
            response.headers[values: .setCookie] = cookies.map { cookie in
                cookie.split(separator: ";").contains {
                    $0.trimmingCharacters(in: .whitespaces).lowercased() == "secure"
                }
                    ? cookie : cookie + "; Secure"
            }
        }
        response.headers[strictTransportSecurity] = strictTransportSecurityValue
    }
}
