import AppPatterns
import FinnkinoKit
import FinnkinoPresentation
import Foundation
import Hummingbird
import WebSupport

/// The Devices page and its actions. On a hosted server:
///
/// - `GET /devices` (`?code=…` fills in the join form: what the QR code opens);
/// - `POST /devices/code`: the page again, with a new one-time code and its QR code;
/// - `POST /devices/join` (`code=…`): this browser becomes the code's person (a new session;
///   its old one is signed out) and is sent back to the Devices page, which now lists the
///   person's browsers; attempts are limited per browser and for the whole server;
/// - `POST /devices/<id>/signout`: signs out one of the person's devices (this one included).
///
/// On loopback there is one person, whoever uses this computer: the page says so, and the
/// actions above do not exist. On both, the person's API tokens:
///
/// - `POST /devices/tokens` (`name=…`): the page again, with the new token's secret (shown once,
///   kept by no cache); without a name, or with ten tokens already, back to the page, which says so;
/// - `POST /devices/tokens/<id>/revoke`: the token stops working.
struct DevicesController: Sendable {
    let renderer: PageRenderer
    let persons: PersonStore
    let tokens: any APITokens
    let hosted: Bool
    let secureCookies: Bool
    /// Join attempts of one browser session: 5 in 10 minutes.
    let attemptsPerSession: RateLimiter<Data>
    /// Join attempts from one client address (``ClientAddress``): 10 in 10 minutes, so that one
    /// client cannot spend the server's attempts for everyone.
    let attemptsPerClient: RateLimiter<String>
    /// Join attempts of everyone together: 60 a minute (2^40 codes, 10 minutes each: a guess in
    /// 30 million years at that rate).
    let attemptsOnServer: RateLimiter<Int>

    init(
        renderer: PageRenderer, persons: PersonStore, tokens: any APITokens, hosted: Bool, secureCookies: Bool,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.renderer = renderer
        self.persons = persons
        self.tokens = tokens
        self.hosted = hosted
        self.secureCookies = secureCookies
        attemptsPerSession = RateLimiter(limit: 5, per: 600, now: now)
        attemptsPerClient = RateLimiter(limit: 10, per: 600, now: now)
        attemptsOnServer = RateLimiter(limit: 60, per: 60, now: now)
    }

    func add(to routes: RouteGroups) {
        routes.on(.devices) { request, context in try page(request, context, devices(context)) }
        routes.on(.newAPIToken) { request, context in
            var made = apiTokens(context)
            try made.makeRequested(named: String((context.form["name"] ?? "").prefix(1000)))
            guard made.outputs.newSecret != nil else {
                // Back to the page, which says why (a browser that was nobody stays nobody).
                context.changeFailed()
                return ClientState.redirect(to: WebRoute.devices.path, flash: made.outputs.message)
            }
            return try page(request, context, devices(context), tokens: made)
        }
        routes.on(.revokeAPIToken) { _, context in
            guard let id = context.parameters.get("token", as: Int64.self) else { throw HTTPError(.notFound) }
            var viewModel = apiTokens(context)
            guard try viewModel.revokeRequested(id) else { throw HTTPError(.notFound) }
            return ClientState.redirect(to: WebRoute.devices.path, flash: viewModel.outputs.message)
        }
        routes.on(.newJoinCode) { request, context in
            guard hosted else { throw HTTPError(.notFound) }
            var viewModel = devices(context)
            try viewModel.newCodeRequested()
            return try page(request, context, viewModel)
        }
        routes.on(.join) { request, context in
            guard hosted, let session = context.session else { throw HTTPError(.notFound) }
            // A browser is its session; one that was nobody until this attempt (whose session is
            // new each time, as a failed attempt keeps none) is its CSRF cookie.
            let browser =
                context.sessionIsNew ? Data((request.cookies[CSRFToken.cookieName]?.value ?? "").utf8) : session.hash
            let withinLimits =
                attemptsPerSession.allow(browser) && attemptsPerClient.allow(context.clientAddress.key)
                && attemptsOnServer.allow(0)
            if !withinLimits { LimitHit.joinAttempts.count() }
            var viewModel = devices(context)
            let outcome = try viewModel.joinRequested(
                context.form["code"] ?? "", device: DeviceName.of(userAgent: request.headers[.userAgent]),
                withinLimits: withinLimits, madeForThisChange: context.sessionIsNew)
            var response = ClientState.redirect(to: WebRoute.devices.path, flash: viewModel.outputs.message)
            guard case .joined(_, let token) = outcome else {
                context.changeFailed()
                return response
            }
            response.setCookie(PersonMiddleware.cookie(token, secure: secureCookies))
            PersonMiddleware.forgetKeptData(&response)
            return response
        }
        routes.on(.signOut) { _, context in
            guard hosted, let id = context.parameters.get("device", as: Int64.self) else { throw HTTPError(.notFound) }
            var viewModel = devices(context)
            switch try viewModel.signOutRequested(id) {
            case .noSuchDevice: throw HTTPError(.notFound)
            case .signedOut: return ClientState.redirect(to: WebRoute.devices.path, flash: viewModel.outputs.message)
            case .signedOutThisBrowser:
                // It forgets its cookie and is nobody until its next page.
                var response = Response.redirect(to: WebRoute.movies.path, type: .normal)
                PersonMiddleware.forgetSession(&response)
                return response
            }
        }
    }

    /// The Devices screen of the request's person and browser.
    private func devices(_ context: PageRequestContext) -> DevicesViewModel {
        // On the wall clock, as sessions are checked (``PersonMiddleware``); the app's clock times
        // the join attempts only.
        DevicesViewModel(
            persons: persons, person: context.person, session: context.session, language: context.client.language)
    }

    /// The person's API tokens.
    private func apiTokens(_ context: PageRequestContext) -> APITokensViewModel {
        APITokensViewModel(tokens: tokens, person: context.person, language: context.client.language)
    }

    private func page(
        _ request: Request, _ context: PageRequestContext, _ viewModel: DevicesViewModel,
        tokens: APITokensViewModel? = nil
    ) throws -> Response {
        let client = context.client
        let layout = renderer.layout(client, path: WebRoute.devices.path)
        var tokens = tokens ?? apiTokens(context)
        try tokens.load()
        let html: SafeHTML
        var code: JoinCode?
        if hosted {
            var viewModel = viewModel
            try viewModel.load()
            code = viewModel.outputs.code
            html = DevicesView.page(
                viewModel.outputs, tokens: tokens.outputs, joinURL: code.map { joinURL($0, request: request) },
                typed: request.query(DevicesQuery.self).code, layout: layout)
        } else {
            html = DevicesView.localPage(tokens: tokens.outputs, layout: layout)
        }
        var response = renderer.page(html, client: client)
        // A page with a code or a token's secret must not be kept by a cache or the back button's memory.
        if code != nil || tokens.outputs.newSecret != nil { response.headers[.cacheControl] = "no-store" }
        return response
    }

    /// The address the QR code opens: this server's Devices page with the code filled in.
    private func joinURL(_ code: JoinCode, request: Request) -> String {
        let host = request.head.authority ?? "localhost"
        return (secureCookies ? "https://" : "http://") + host + WebRoute.devices.path(DevicesQuery(code: code))
    }
}
