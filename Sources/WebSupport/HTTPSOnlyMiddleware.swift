import HTTPTypes
import Hummingbird

/// For a server that people reach over https (its public address says so, usually through a
/// reverse proxy that holds the certificate): every cookie it sets is `Secure`, whichever route
/// set it, so that none is ever sent over plain http, and every answer says
/// `Strict-Transport-Security`, so that a browser that has been here once never asks over http again.
///
/// The cookies keep their names: the `__Host-` prefix would add that no subdomain could plant
/// them, but renaming the session cookie would sign every person out once; `Secure`, `Path=/` and
/// no `Domain` are what it would require.
public struct HTTPSOnlyMiddleware<Context: RequestContext>: RouterMiddleware {
    /// A year, the least the browsers' preload lists take.
    public static var strictTransportSecurity: String { "max-age=31536000" }
    static var hsts: HTTPField.Name { HTTPField.Name("Strict-Transport-Security")! }

    public init() {}

    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as any HTTPResponseError {
            response = try error.response(from: request, context: context)
        }
        Self.secure(&response)
        return response
    }

    /// Marks every cookie of `response` `Secure` and adds the HSTS header.
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
        response.headers[hsts] = strictTransportSecurity
    }
}
