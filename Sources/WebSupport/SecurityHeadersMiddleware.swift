import HTTPTypes
import Hummingbird

/// Adds the security headers to every response, error responses included: the app's
/// Content-Security-Policy, `nosniff` and a same-origin referrer policy.
public struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The Content-Security-Policy header's value, as the app using the middleware wants it.
    public let contentSecurityPolicy: String

    public init(contentSecurityPolicy: String) {
        self.contentSecurityPolicy = contentSecurityPolicy
    }

    static var referrerPolicy: HTTPField.Name { HTTPField.Name("Referrer-Policy")! }

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
        return response
    }
}
