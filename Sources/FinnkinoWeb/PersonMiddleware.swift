import FinnkinoKit
import Foundation
import Hummingbird
import Logging

/// Finds whom a request is from, once, before any route.
///
/// - Not hosted (`finnkino serve` on loopback): every request is the local person's, as the CLI's.
/// - Hosted: the person of the browser's `session` cookie; a browser without a cookie that stands
///   for someone (none, unknown, signed out, expired, forged) becomes a new, empty person with a
///   new cookie. No value the browser chooses ever names a person: only a token the server made.
///   Static files, images and the health check belong to no one and make no person.
struct PersonMiddleware: RouterMiddleware {
    typealias Context = PersonRequestContext
    static let cookieName = "session"

    let persons: PersonStore
    let hosted: Bool
    /// Whether the cookie is marked `Secure` (the server is reached over https: `--public-url`).
    let secureCookies: Bool
    let logger: Logger

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        guard hosted else {
            context.person = .local
            return try await next(request, context)
        }
        if let token = request.cookies[Self.cookieName].flatMap({ SessionToken(text: $0.value) }),
            let person = try known(token)
        {
            context.person = person
            context.session = token
            return try await next(request, context)
        }
        guard Self.belongsToSomeone(request.uri.path) else { return try await next(request, context) }
        let (person, token): (PersonID, SessionToken)
        do {
            (person, token) = try persons.newPerson(device: DeviceName.of(userAgent: request.headers[.userAgent]))
        } catch {
            logger.error("a new person cannot be made: \(error)")
            throw HTTPError(.serviceUnavailable)
        }
        context.person = person
        context.session = token
        var response = try await next(request, context)
        response.setCookie(Self.cookie(token, secure: secureCookies))
        return response
    }

    /// The session cookie of `token`: for the whole site, `HttpOnly`, `SameSite=Lax` (a link from
    /// elsewhere opens the person's own pages; another site's forms carry no cookie), `Secure`
    /// over https, kept as long as a session lasts unused.
    static func cookie(_ token: SessionToken, secure: Bool) -> Cookie {
        Cookie(
            name: cookieName, value: token.text, maxAge: Int(PersonStore.sessionLifetime), path: "/", secure: secure,
            httpOnly: true, sameSite: .lax)
    }

    private func known(_ token: SessionToken) throws -> PersonID? {
        do {
            return try persons.person(of: token)
        } catch {
            logger.error("a session cannot be read: \(error)")
            throw HTTPError(.serviceUnavailable)
        }
    }

    /// Whether a request for `path` is one a person makes (not a file, an image or a health check).
    static func belongsToSomeone(_ path: String) -> Bool {
        !path.hasPrefix("/static/") && !path.hasPrefix("/image/") && path != "/healthz"
    }
}
