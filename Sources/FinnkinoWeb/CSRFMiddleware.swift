import FinnkinoKit
import Foundation
import Hummingbird

/// Lets a change through only with its client's CSRF token (see ``CSRFToken``), else 403.
///
/// A request that carries `X-CSRF-Token` (the upload, which the page's script sends) is checked by
/// that header, and its body is left to stream to the route; a PUT or DELETE must carry it (only
/// the page's script sends those). A POST without it must be a form of at most ``maxFormBytes``
/// with the token in its `csrf` field, and the route gets the form in ``PageRequestContext/form``. Only the routes added to the group of changes are checked: a POST
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
        if let header = request.headers.first(where: { $0.name.canonicalName == Self.headerName }) {
            guard expected?.matches(header.value) == true else { throw HTTPError(.forbidden) }
            return try await next(request, context)
        }
        guard request.method == .post else { throw HTTPError(.forbidden) }
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
