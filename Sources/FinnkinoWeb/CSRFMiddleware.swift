import FinnkinoKit
import Foundation
import Hummingbird

/// Lets a change through only with its client's CSRF token (see ``CSRFToken``), else 403.
///
/// A POST is a form (what the pages send): at most ``maxFormBytes``, the token in its `csrf`
/// field; the route gets the form in ``PageRequestContext/form``. Any other change (PUT, DELETE:
/// only the page's script sends those, as the upload) carries the token in `X-CSRF-Token`, and its
/// body is left to stream to the route. Only the routes added to the group of changes are checked: a POST
/// to an address that does not exist stays a 404.
struct CSRFMiddleware: RouterMiddleware {
    typealias Context = PageRequestContext
    static let maxFormBytes = 16_384
    static let headerName = "x-csrf-token"

    let secret: CSRFSecret

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let expected = token(request, context)
        guard request.method == .post else {
            let header = request.headers.first { $0.name.canonicalName == Self.headerName }
            guard expected?.matches(header?.value) == true else { throw HTTPError(.forbidden) }
            return try await next(request, context)
        }
        var request = request
        let body = try await request.collectBody(upTo: Self.maxFormBytes)
        let form = FormBody(String(buffer: body))
        guard expected?.matches(form[CSRFToken.fieldName]) == true else { throw HTTPError(.forbidden) }
        var context = context
        context.form = form
        return try await next(request, context)
    }

    /// The token a request's change must carry: its session's on a hosted server, else its `csrf`
    /// cookie's; nil when it has neither.
    private func token(_ request: Request, _ context: Context) -> CSRFToken? {
        if let session = context.boundSession { return CSRFToken(session: session, secret: secret) }
        return CSRFToken(client: request.cookies[CSRFToken.cookieName]?.value, secret: secret)
    }
}
