import FinnkinoKit
import FinnkinoPresentation
import Foundation
import HTTPTypes
import Hummingbird

/// What a request says about its client: whom it is from, interface language, remembered area,
/// CSRF token.
struct ClientState: Sendable {
    static let languageCookie = "lang"
    static let areaCookie = "area"
    /// A message for the next page (after a form's redirect): shown once, then cleared.
    static let flashCookie = "flash"

    /// Whose data the request reads and changes (see ``PersonMiddleware``).
    private(set) var person: PersonID
    let language: UILanguage
    /// The token this client's forms carry: bound to the browser's session on a hosted server,
    /// else to the browser's own `csrf` cookie, or a new one to hand out (see ``isNewToken``).
    private(set) var csrf: CSRFToken
    private(set) var isNewToken: Bool
    /// The area the person chose last (their cookie); nil when never chosen on this browser.
    let rememberedArea: AreaChoice?
    /// The person's home area (the last one area they chose, kept in their place).
    let homeArea: Int?
    /// The message a form's redirect left for this page.
    private(set) var flash: String?

    var strings: UIStrings { language.strings }

    /// The language is the browser's cookie, else the one the user chose last (kept in the app's
    /// place, so a new browser or a cleared cookie keeps it), else the browser's preference, else
    /// `defaultLanguage`. `homeArea` is the one kept in the person's place. `cookies` are the
    /// request's, when read before.
    init(
        request: Request, cookies: RequestCookies? = nil, person: PersonID, session: SessionToken?,
        savedLanguage: UILanguage?, homeArea: Int?, defaultLanguage: UILanguage, secret: CSRFSecret
    ) {
        let cookies = cookies ?? RequestCookies(request)
        self.person = person
        language =
            cookies[Self.languageCookie].flatMap { UILanguage(rawValue: $0) } ?? savedLanguage
            ?? Self.preferredLanguage(request.headers[.acceptLanguage]) ?? defaultLanguage
        if let session {
            csrf = CSRFToken(session: session, secret: secret)
            isNewToken = false
        } else if let token = CSRFToken(client: cookies[CSRFToken.cookieName], secret: secret) {
            csrf = token
            isNewToken = false
        } else {
            csrf = .random(secret: secret)
            isNewToken = true
        }
        rememberedArea = cookies[Self.areaCookie].flatMap { AreaChoice(parameter: $0) }
        self.homeArea = homeArea
        flash = cookies[Self.flashCookie]?.removingPercentEncoding.map { String($0.prefix(300)) }
    }

    /// The same client once its first change made it `person` with `session`: its next forms
    /// carry the session's token.
    func madePerson(_ person: PersonID, session: SessionToken, secret: CSRFSecret) -> ClientState {
        var client = self
        client.person = person
        client.csrf = CSRFToken(session: session, secret: secret)
        client.isNewToken = false
        return client
    }

    /// The same client for a page that is not the one the message was left for: it neither shows
    /// the message nor clears it (the offline page, which the service worker fetches to keep just
    /// after a form was sent, before the browser opens the page the form went back to).
    var leavingTheMessage: ClientState {
        var client = self
        client.flash = nil
        return client
    }

    /// The area a page of this client shows when the request asks for `asked` (its `area`
    /// parameter; nil when it names none): the one rule of ``AreaChoice``.
    func area(asked: AreaChoice?) -> ResolvedArea {
        AreaChoice.resolve(asked: asked, remembered: rememberedArea, homeArea: homeArea)
    }

    /// The best of fi and en by the browser's Accept-Language (`en-GB,en;q=0.9,fi;q=0.8`), or nil.
    static func preferredLanguage(_ header: String?) -> UILanguage? {
        guard let header else { return nil }
        var best: (language: UILanguage, quality: Double)?
        for item in header.split(separator: ",").prefix(32) {
            let parts = item.split(separator: ";")
            guard let tag = parts.first?.trimmingCharacters(in: .whitespaces).lowercased() else { continue }
            let primary = tag.split(separator: "-").first.map(String.init) ?? tag
            guard let language = UILanguage(rawValue: primary) else { continue }
            var quality = 1.0
            for parameter in parts.dropFirst() {
                let pair = parameter.split(separator: "=")
                if pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces) == "q" {
                    quality = Double(pair[1].trimmingCharacters(in: .whitespaces)) ?? 0
                }
            }
            if quality > 0, quality > (best?.quality ?? 0) { best = (language, quality) }
        }
        return best?.language
    }

    /// Adds this client's cookies to a response: the CSRF token if new, and the area if chosen.
    func setCookies(on response: inout Response, area: AreaChoice? = nil) {
        if flash != nil {
            response.setCookie(Cookie(name: Self.flashCookie, value: "", maxAge: 0, path: "/", httpOnly: true))
        }
        if isNewToken {
            response.setCookie(
                Cookie(name: CSRFToken.cookieName, value: csrf.cookie, path: "/", httpOnly: true, sameSite: .strict))
        }
        if let value = area?.parameter {
            // The line Hummingbird's `Cookie` would write, written at once: made and written
            // through a `Cookie` it took 1% of a hosted Movies page's time (perf, 2026-12-01).
            response.headers.append(
                HTTPField(
                    name: .setCookie,
                    value: "\(Self.areaCookie)=\(value); Max-Age=\(365 * 86_400); Path=/; HttpOnly; SameSite=Lax"))
        }
    }

    /// A redirect to `path` that leaves `message` for the page there.
    static func redirect(to path: String, flash message: String?) -> Response {
        var response = Response.redirect(to: path, type: .normal)
        if let message, let value = message.addingPercentEncoding(withAllowedCharacters: .alphanumerics) {
            response.setCookie(
                Cookie(name: flashCookie, value: value, maxAge: 60, path: "/", httpOnly: true, sameSite: .lax))
        }
        return response
    }
}
