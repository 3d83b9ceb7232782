import AppPatterns
import FinnkinoKit
import FinnkinoPresentation
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOConcurrencyHelpers
import WebSupport

/// Finds whom a request is from, once, before any route.
///
/// - Not hosted (`finnkino serve` on loopback): every request is the local person's, as the CLI's.
/// - Hosted: the person of the browser's `session` cookie. A browser without a cookie that stands
///   for someone (none, unknown, signed out, expired, forged) reads as ``PersonID/nobody``: no row,
///   no memory, nothing saved, so that visits alone (bots, scans) cost the server nothing. Its
///   first change (a POST, PUT or DELETE) that passes routing and its CSRF token makes it a new
///   person with a new cookie (``FirstChange``); at most ``creationsPerMinute`` are made a minute
///   on the server and ``creationsPerClientPerMinute`` for one client address (429 beyond). No
///   value the browser chooses ever names a person: only a token the server made. Static files,
///   images and the health check belong to no one.
struct PersonMiddleware: RouterMiddleware {
    typealias Context = PersonRequestContext
    static let cookieName = "session"
    static let creationsPerMinute = 120
    /// New persons a minute from one client address (``ClientAddress``): a household or an office
    /// behind one address opens the app on a few phones at a time, not on 20.
    static let creationsPerClientPerMinute = 20
    /// How often the session cookie's lifetime is renewed while the browser is used (the server's
    /// own expiry slides from the session's last use): once a day.
    static let cookieRenewal: TimeInterval = 86_400

    let persons: PersonStore
    let hosted: Bool
    /// Whether the cookie is marked `Secure` (the server is reached over https: `--public-url`).
    let secureCookies: Bool
    let logger: Logger
    /// Persons made, for the server's rate (on the app's clock).
    let creations: RateLimiter<Int>
    /// Persons made, for each client's rate.
    let creationsByClient: RateLimiter<String>
    /// The reverse proxies whose `X-Forwarded-For` is believed.
    let trustedProxies: TrustedProxies
    let now: @Sendable () -> Date
    /// Forgets what the process keeps in memory of a person (their place, their location): for a
    /// person made for a change that then failed.
    let forget: @Sendable (PersonID) -> Void
    /// When each session's cookie was last given again.
    let renewals = SessionCookieRenewals(period: cookieRenewal)
    /// Whether the operator was told that a proxy's forwarded addresses are ignored.
    let warnedOfUntrustedForwarding = NIOLockedValueBox(false)

    init(
        persons: PersonStore, hosted: Bool, secureCookies: Bool, logger: Logger,
        trustedProxies: TrustedProxies = TrustedProxies(), now: @escaping @Sendable () -> Date = Date.init,
        forget: @escaping @Sendable (PersonID) -> Void = { _ in }
    ) {
        self.forget = forget
        self.persons = persons
        self.hosted = hosted
        self.secureCookies = secureCookies
        self.logger = logger
        self.trustedProxies = trustedProxies
        self.now = now
        creations = RateLimiter(limit: Self.creationsPerMinute, per: 60, now: now)
        creationsByClient = RateLimiter(limit: Self.creationsPerClientPerMinute, per: 60, now: now)
    }

    static let forwardedFor = HTTPField.Name("X-Forwarded-For")!

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        let forwarded = request.headers[values: Self.forwardedFor]
        context.clientAddress = ClientAddress.of(peer: context.peer, forwardedFor: forwarded, trusted: trustedProxies)
        if hosted, !forwarded.isEmpty, context.clientAddress.text == context.peer.map(TrustedProxies.normalized),
            warnedOfUntrustedForwarding.withLockedValue({ warned in
                defer { warned = true }
                return !warned
            })
        {
            logger.warning(
                "X-Forwarded-For from \(context.clientAddress), not a --trusted-proxy: every visitor through it counts as one client for the limits per client"
            )
        }
        guard hosted else {
            context.person = .local
            return try await next(request, context)
        }
        // A file, an image or the health check asks no store: it answers even while the persons'
        // database cannot be reached, and costs it nothing.
        let someone = Self.belongsToSomeone(request.uri.path)
        context.belongsToSomeone = someone
        guard someone else { return try await next(request, context) }
        let cookies = RequestCookies(request)
        context.cookies = cookies
        let cookie = cookies[Self.cookieName]
        if let token = cookie.flatMap({ SessionToken(text: $0) }), let person = try known(token) {
            context.person = person
            context.session = token
            var response = try await Self.answer(request, context, next)
            renewCookie(of: token, on: &response)
            return Self.personal(response)
        }
        context.person = .nobody
        guard [.post, .put, .delete].contains(request.method) else {
            var response = try await Self.answer(request, context, next)
            // A cookie that stands for no one is forgotten, and so is what the browser kept of the
            // person it stood for (signed out or erased from another device, or expired).
            if cookie != nil { Self.forgetSession(&response) }
            return Self.personal(response)
        }
        let first = FirstChange { [self, client = context.clientAddress] in
            try makePerson(request, client: client)
        }
        context.firstChange = first
        let response: Response
        do {
            response = try await next(request, context)
        } catch {
            if let made = first.outcome.made {
                try? persons.erase(made.person)
                forget(made.person)
            }
            throw error
        }
        guard let made = first.outcome.made else { return Self.personal(response) }
        // A change that fails (a bad form, a refusal, a redirect back with a message) keeps no one.
        guard response.status.code < 400, !first.outcome.failed else {
            try? persons.erase(made.person)
            forget(made.person)
            return Self.personal(response)
        }
        var answered = response
        // Unless the route gave the browser another session (a join) or took it away (delete me).
        let setsSession = answered.headers[values: .setCookie].contains { $0.hasPrefix(Self.cookieName + "=") }
        if !setsSession {
            answered.setCookie(Self.cookie(made.session, secure: secureCookies))
            _ = renewals.isDue(made.session, now: now())  // given whole just now
        }
        return Self.personal(answered)
    }

    /// The route's answer, an error it threw (a 404, a 403) included, so that what is said of every
    /// answer of a person's (``personal(_:)``, a renewed cookie) is said of those too.
    private static func answer(
        _ request: Request, _ context: Context, _ next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as any HTTPResponseError {
            return try error.response(from: request, context: context)
        }
    }

    /// Makes a new person for a browser's first change, within the client's and the server's
    /// rates (nil beyond them).
    private func makePerson(_ request: Request, client: ClientAddress) throws -> (PersonID, SessionToken)? {
        guard creationsByClient.allow(client.key), creations.allow(0) else {
            logger.notice("no new person for \(client): the rate of new persons is spent")
            return nil
        }
        do {
            return try persons.newPerson(device: DeviceName.of(userAgent: request.headers[.userAgent]))
        } catch {
            logger.error("a new person cannot be made: \(error)")
            throw HTTPError(.serviceUnavailable)
        }
    }

    /// A person's page is theirs alone: a shared cache (a proxy) may keep none of it, and one that
    /// keeps anything keeps it per cookie.
    static func personal(_ response: Response) -> Response {
        var response = response
        // Compared as ASCII bytes: Foundation's searches took 2% of a hosted page's time.
        let control = response.headers[.cacheControl] ?? "no-cache"
        if !mentions(control, "private") && !mentions(control, "no-store") {
            response.headers[.cacheControl] = "private, " + control
        }
        if !response.headers[values: .vary].contains(where: { mentions($0, "cookie") }) {
            response.headers[values: .vary].append("Cookie")
        }
        return response
    }

    /// Whether `header` has `word` (lowercase ASCII) in it, in any case.
    static func mentions(_ header: String, _ word: StaticString) -> Bool {
        let word = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        let text = header.utf8
        guard text.count >= word.count else { return false }
        var start = text.startIndex
        while text.distance(from: start, to: text.endIndex) >= word.count {
            var index = start
            var matched = true
            for expected in word {
                let byte = text[index]
                // ASCII upper case to lower: a letter's bit 0x20.
                let lowered = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
                if lowered != expected {
                    matched = false
                    break
                }
                index = text.index(after: index)
            }
            if matched { return true }
            start = text.index(after: start)
        }
        return false
    }

    /// Gives the browser its session cookie again, with a whole lifetime, once a day while it is
    /// used: the server's expiry slides from the last use, so should the browser's (else an active
    /// person is signed out on day 180). A route that set or cleared the cookie keeps its own.
    private func renewCookie(of token: SessionToken, on response: inout Response) {
        guard !response.headers[values: .setCookie].contains(where: { $0.hasPrefix(Self.cookieName + "=") }),
            renewals.isDue(token, now: now())
        else { return }
        response.setCookie(Self.cookie(token, secure: secureCookies))
    }

    /// The 429 of a spent rate, in the client's words; the limit is counted in the metrics.
    static func tooManyRequests(_ request: Request, limit: LimitHit) -> Response {
        limit.count()
        let language =
            request.cookies[ClientState.languageCookie].flatMap { UILanguage(rawValue: $0.value) }
            ?? ClientState.preferredLanguage(request.headers[.acceptLanguage]) ?? .fi
        return Response(
            status: .tooManyRequests,
            headers: [.contentType: "text/plain; charset=utf-8", .retryAfter: "60", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: language.strings.tooManyRequests)))
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

    /// Makes the browser forget its session cookie and, with it, what it kept of the person: the
    /// area and language it chose (their cookies) and its kept pages (``forgetKeptData(_:)``): a
    /// browser that is nobody from now on.
    static func forgetSession(_ response: inout Response) {
        response.setCookie(Cookie(name: cookieName, value: "", maxAge: 0, path: "/", httpOnly: true, sameSite: .lax))
        for name in [ClientState.areaCookie, ClientState.languageCookie] {
            response.setCookie(Cookie(name: name, value: "", maxAge: 0, path: "/", httpOnly: true, sameSite: .lax))
        }
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
