import AppPatterns
import FinnkinoKit
import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// Finds whom a request is from, once, before any route.
///
/// - Not hosted (`finnkino serve` on loopback): every request is the local person's, as the CLI's.
/// - Hosted: the person of the browser's `session` cookie. A browser without a cookie that stands
///   for someone (none, unknown, signed out, expired, forged) reads as ``PersonID/nobody``: no row,
///   no memory, nothing saved, so that visits alone (bots, scans) cost the server nothing. Its
///   first change (a POST, PUT or DELETE) makes it a new person with a new cookie; at most
///   ``creationsPerMinute`` are made a minute on the server (429 beyond). No value the browser
///   chooses ever names a person: only a token the server made. Static files, images and the
///   health check belong to no one.
struct PersonMiddleware: RouterMiddleware {
    typealias Context = PersonRequestContext
    static let cookieName = "session"
    static let creationsPerMinute = 120

    let persons: PersonStore
    let hosted: Bool
    /// Whether the cookie is marked `Secure` (the server is reached over https: `--public-url`).
    let secureCookies: Bool
    let logger: Logger
    /// Persons made, for the server's rate (on the app's clock).
    let creations: RateLimiter<Int>

    init(
        persons: PersonStore, hosted: Bool, secureCookies: Bool, logger: Logger,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.persons = persons
        self.hosted = hosted
        self.secureCookies = secureCookies
        self.logger = logger
        creations = RateLimiter(limit: Self.creationsPerMinute, per: 60, now: now)
    }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        guard hosted else {
            context.person = .local
            return try await next(request, context)
        }
        // A file, an image or the health check asks no store: it answers even while the persons'
        // database cannot be reached, and costs it nothing.
        guard Self.belongsToSomeone(request.uri.path) else { return try await next(request, context) }
        let cookie = request.cookies[Self.cookieName]
        if let token = cookie.flatMap({ SessionToken(text: $0.value) }), let person = try known(token) {
            context.person = person
            context.session = token
            return try await next(request, context)
        }
        guard [.post, .put, .delete].contains(request.method) else {
            context.person = .nobody
            var response = try await next(request, context)
            // A cookie that stands for no one is forgotten, and so is what the browser kept of the
            // person it stood for (signed out or erased from another device, or expired).
            if cookie != nil { Self.forgetSession(&response) }
            return response
        }
        guard creations.allow(0) else {
            let language = ClientState.preferredLanguage(request.headers[.acceptLanguage]) ?? .fi
            return Response(
                status: .tooManyRequests,
                headers: [.contentType: "text/plain; charset=utf-8", .retryAfter: "60", .cacheControl: "no-store"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: language.strings.tooManyRequests)))
        }
        let (person, token): (PersonID, SessionToken)
        do {
            (person, token) = try persons.newPerson(device: DeviceName.of(userAgent: request.headers[.userAgent]))
        } catch {
            logger.error("a new person cannot be made: \(error)")
            throw HTTPError(.serviceUnavailable)
        }
        context.person = person
        context.session = token
        context.sessionIsNew = true
        // A change that fails (no CSRF token, a bad form, a route that is not there) makes no one.
        let response: Response
        do {
            response = try await next(request, context)
        } catch {
            try? persons.erase(person)
            throw error
        }
        guard response.status.code < 400 else {
            try? persons.erase(person)
            return response
        }
        var answered = response
        // Unless the route gave the browser another session (a join) or took it away (delete me).
        let setsSession = answered.headers[values: .setCookie].contains { $0.hasPrefix(Self.cookieName + "=") }
        if !setsSession { answered.setCookie(Self.cookie(token, secure: secureCookies)) }
        return answered
    }

    /// The session cookie of `token`: for the whole site, `HttpOnly`, `SameSite=Lax` (a link from
    /// elsewhere opens the person's own pages; another site's forms carry no cookie), `Secure`
    /// over https, kept as long as a session lasts unused.
    /// Tells the browser to forget what it keeps of this origin but its cookies: the service
    /// worker's kept pages and images, and its HTTP cache (`Clear-Site-Data`). Said whenever what
    /// it keeps may be another person's: this device signed out, joined to another person, erased,
    /// or its cookie standing for no one any more.
    static func forgetKeptData(_ response: inout Response) {
        response.headers[clearSiteData] = "\"cache\", \"storage\""
    }

    static let clearSiteData = HTTPField.Name("Clear-Site-Data")!

    /// Makes the browser forget its session cookie and, with it, what it kept of the person
    /// (``forgetKeptData(_:)``): a browser that is nobody from now on.
    static func forgetSession(_ response: inout Response) {
        response.setCookie(Cookie(name: cookieName, value: "", maxAge: 0, path: "/", httpOnly: true, sameSite: .lax))
        forgetKeptData(&response)
    }

    static func cookie(_ token: SessionToken, secure: Bool) -> Cookie {
        Cookie(
            name: cookieName, value: token.text, maxAge: Int(SessionToken.lifetime), path: "/", secure: secure,
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

    /// Whether a request for `path` is one a person makes: any but a file, an image or the health
    /// check (an address of no route is a person's page that is not there).
    static func belongsToSomeone(_ path: String) -> Bool {
        WebRoute(path: path)?.pattern.belongsToSomeone ?? true
    }
}
