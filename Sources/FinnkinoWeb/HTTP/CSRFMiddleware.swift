import FinnkinoKit
import Foundation
import Hummingbird

/// Lets a change through only with its client's CSRF token (see ``CSRFToken``), else 403.
///
/// A POST is a form (what the pages send): at most ``maxFormBytes``, the token in its `csrf`
/// field; the route gets the form in ``PageRequestContext/form``. Any other change (PUT, DELETE:
/// only the page's script sends those, as the upload) carries the token in `X-CSRF-Token`, and its
/// body is left to stream to the route. A form that sends a file (``WebRoute/Pattern/takesFile``)
/// carries its token in the address, and its body is the route's to read. Only the routes added to
/// the group of changes are checked: a POST to an address that does not exist stays a 404.
///
/// A change that passed, from a browser that is nobody on a hosted server, makes it a person here
/// (``FirstChange``): after routing and the token, never before (429 when the rate of new persons
/// is spent).
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
            var context = context
            guard try becomePerson(&context) else {
                return PersonMiddleware.tooManyRequests(request, limit: .newPersons)
            }
            return try await next(request, context)
        }
        // A file sent by a form: the token in the address, the body left to the route.
        if WebRoute(path: request.uri.path, method: .post)?.pattern.takesFile == true {
            let query = FormBody(request.uri.query ?? "")
            guard expected?.matches(query[CSRFToken.fieldName]) == true else { throw HTTPError(.forbidden) }
            var context = context
            guard try becomePerson(&context) else {
                return PersonMiddleware.tooManyRequests(request, limit: .newPersons)
            }
            return try await next(request, context)
        }
        var request = request
        let body = try await request.collectBody(upTo: Self.maxFormBytes)
        let form = FormBody(String(buffer: body))
        guard expected?.matches(form[CSRFToken.fieldName]) == true else { throw HTTPError(.forbidden) }
        var context = context
        context.form = form
        guard try becomePerson(&context) else { return PersonMiddleware.tooManyRequests(request, limit: .newPersons) }
        return try await next(request, context)
    }

    /// Makes a browser that is nobody the person its first change needs; false when the rate of new
    /// persons is spent.
    private func becomePerson(_ context: inout Context) throws -> Bool {
        guard let first = context.firstChange else { return true }
        guard let (person, session) = try first.make() else { return false }
        context.becomes(person, session: session, secret: secret)
        return true
    }

    /// The token a request's change must carry: its session's on a hosted server, else its `csrf`
    /// cookie's; nil when it has neither.
    private func token(_ request: Request, _ context: Context) -> CSRFToken? {
        if let session = context.boundSession { return CSRFToken(session: session, secret: secret) }
        return CSRFToken(client: request.cookies[CSRFToken.cookieName]?.value, secret: secret)
    }
}
