import AppPatterns
import FinnkinoKit
import FinnkinoPresentation
import Foundation
import Hummingbird
import WebSupport

/// The routes of the web app; each handler reads the request, asks ``Screens`` for outputs and
/// hands them to a view.
struct WebRoutes: Sendable {
    static let maxBodyBytes = 16_384

    let screens: Screens
    let assets: StaticAssets
    let defaultLanguage: UILanguage
    /// Each person's place and location.
    let people: PersonStates
    /// The secret behind every browser's CSRF token.
    let secret: CSRFSecret

    func add(to router: Router<PersonRequestContext>) {
        router.get("/") { request, context in
            Response.redirect(to: Self.path(of: place(try client(request, context)).place), type: .found)
        }
        router.get("/healthz") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/plain; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: "ok")))
        }
        router.get("/movies") { request, context in try await moviesPage(request, context, fragmentOnly: false) }
        router.get("/movies/results") { request, context in try await moviesPage(request, context, fragmentOnly: true) }
        router.get("/movie/:id") { request, context in
            let client = try client(request, context)
            guard let id = context.parameters.get("id", as: Int.self) else { throw HTTPError(.notFound) }
            let outputs = try await screens.movie(id: id, client: client)
            if outputs.errorMessage == nil {
                place(client).update {
                    $0.tab = .movie
                    $0.openMovieID = id
                }
            }
            let html = MovieView.page(outputs, layout: layout(client, path: "/movie/\(id)"))
            return page(html, client: client, status: outputs.isNotFound ? .notFound : .ok)
        }
        router.get("/showtimes") { request, context in
            let client = try client(request, context)
            guard let requested = screen(request, client), case .showtimes(let movie, let area, _, let date) = requested
            else { throw HTTPError(.notFound) }
            let outputs = try await screens.showtimes(movie: movie, area: area, date: date, client: client)
            let chosenArea = requested.chosenArea
            place(client).update {
                $0.tab = .showtimes
                $0.showtimes = AppPlace.Showtimes(movieID: movie, area: area, date: date)
                if case .some(.some(let chosen)) = chosenArea { $0.homeArea = chosen }
            }
            let path = "/showtimes?" + ShowtimesView.query(outputs, date: outputs.date)
            return page(
                ShowtimesView.page(
                    outputs, location: screens.location(client).location, layout: layout(client, path: path)),
                client: client,
                area: chosenArea)
        }
        router.get("/news") { request, context in
            let client = try client(request, context)
            guard case .news(let category)? = screen(request, client) else { throw HTTPError(.notFound) }
            let outputs = try await screens.news(category: category, client: client)
            place(client).update {
                $0.tab = .news
                $0.newsCategory = category
            }
            let path = category.map { "/news?category=\($0)" } ?? "/news"
            return page(NewsView.page(outputs, layout: layout(client, path: path)), client: client)
        }
        router.get("/news/:id") { request, context in
            let client = try client(request, context)
            guard let id = context.parameters.get("id"), id.utf8.count <= 200 else { throw HTTPError(.notFound) }
            let outputs = try await screens.article(id: id, client: client)
            let html = ArticleView.page(
                outputs, layout: layout(client, path: "/news/" + id.addingPercentEncodingForPath()))
            return page(html, client: client, status: outputs.errorMessage == nil ? .ok : .notFound)
        }
        router.post("/settings/language") { request, context in try await setLanguage(request, context) }
        router.post("/settings/location") { request, context in try await setLocation(request, context) }
        router.get("/bookmarks") { request, context in
            let client = try client(request, context)
            let area = bookmarksArea(client)
            let outputs = try await screens.bookmarks(area: area, client: client)
            place(client).update { $0.tab = .bookmarks }
            // The area is in the page's own address, so that its live updates name the same shows.
            return page(
                BookmarksView.page(outputs, layout: layout(client, path: BookmarksView.path(area: area))),
                client: client)
        }
        router.post("/bookmarks/remove") { request, context in try await removeBookmarks(request, context) }
        router.post("/bookmarks/toggle") { request, context in try await toggleBookmark(request, context) }
        router.post("/action") { request, context in try await action(request, context) }
        router.get("/live") { request, context in try await live(request, context) }
        router.get("/static/:name") { _, context in try assets.response(named: context.parameters.get("name")) }
    }

    /// What the request says about its client, for the person ``PersonMiddleware`` found (403 for
    /// a request that belongs to no one: no page route gets one).
    func client(_ request: Request, _ context: PersonRequestContext) throws -> ClientState {
        guard let person = context.person else { throw HTTPError(.forbidden) }
        return ClientState(
            request: request, person: person, session: context.session,
            savedLanguage: people.state(of: person).place.language, defaultLanguage: defaultLanguage, secret: secret)
    }

    /// The client's person's place.
    func place(_ client: ClientState) -> PlaceKeeper { people.state(of: client.person).place }

    /// The screen a page request asks for; a tab's address without a query brings the tab back as
    /// the user left it.
    private func screen(_ request: Request, _ client: ClientState) -> ScreenRequest? {
        let query = ScreenRequest.query(request.uri.queryParameters)
        if query.isEmpty,
            let restored = ScreenRequest(
                restoring: request.uri.path, from: place(client).place, today: today(),
                client: client)
        {
            return restored
        }
        return ScreenRequest(path: request.uri.path, query: query, client: client)
    }

    /// Where `/` goes: the page open last, with its full address (as it can be bookmarked).
    static func path(of place: AppPlace) -> String {
        switch place.tab {
        case .movies:
            guard let movies = place.movies else { return "/movies" }
            var query = "area=" + (movies.area.map(String.init) ?? ClientState.allAreas)
            query += "&list=" + (movies.list == .comingSoon ? "soon" : "now")
            if !movies.searchText.isEmpty {
                query += "&q=" + (movies.searchText.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
                query += "&scope=" + (movies.scope == .contains ? "contains" : "begins")
            }
            return "/movies?" + query
        case .movie: return place.openMovieID.map { "/movie/\($0)" } ?? "/movies"
        case .showtimes:
            guard let showtimes = place.showtimes else { return "/showtimes" }
            var query = showtimes.movieID.map { "movie=\($0)&" } ?? ""
            query += "area=" + (showtimes.area.map(String.init) ?? String(ClientState.defaultArea))
            if let date = showtimes.date { query += "&date=\(date)" }
            return "/showtimes?" + query
        case .news: return place.newsCategory.map { "/news?category=\($0)" } ?? "/news"
        case .bookmarks: return "/bookmarks"
        }
    }

    private func moviesPage(_ request: Request, _ context: PersonRequestContext, fragmentOnly: Bool) async throws
        -> Response
    {
        let client = try client(request, context)
        guard let screen = screen(request, client), case .movies(let area, _, let list, let text, let scope) = screen
        else { throw HTTPError(.notFound) }
        let outputs = try await screens.movies(area: area, list: list, text: text, scope: scope, client: client)
        place(client).update {
            if !fragmentOnly { $0.tab = .movies }
            $0.movies = AppPlace.Movies(area: area, list: list, searchText: text, scope: scope)
            if case .some(.some(let chosen)) = screen.chosenArea { $0.homeArea = chosen }
        }
        let results = screens.moviesResults(outputs, client: client)
        let html =
            fragmentOnly
            ? results
            : MoviesView.page(
                outputs, results: results, location: screens.location(client).location,
                layout: layout(client, path: "/movies?" + MoviesView.query(outputs)))
        return page(html, client: client, area: screen.chosenArea)
    }

    func page(
        _ html: String, client: ClientState, status: HTTPResponse.Status = .ok, area: Int?? = .none
    ) -> Response {
        var response = Response(
            status: status, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-cache"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
        client.setCookies(on: &response, area: area)
        return response
    }

    /// `POST /settings/language`: checks the CSRF token, sets the `lang` cookie and keeps the choice
    /// in the app's place (a browser without the cookie gets it too, also after a restart), goes back.
    private func setLanguage(_ request: Request, _ context: PersonRequestContext) async throws -> Response {
        let form = try await checkedForm(request, context)
        guard let language = form["language"].flatMap(UILanguage.init(rawValue:)) else { throw HTTPError(.badRequest) }
        place(try client(request, context)).update { $0.language = language }
        var response = Response.redirect(to: Self.safeBack(form["back"]), type: .normal)
        response.setCookie(
            Cookie(
                name: ClientState.languageCookie, value: language.rawValue, maxAge: 365 * 86_400, path: "/",
                httpOnly: true, sameSite: .lax))
        return response
    }

    /// `POST /settings/location`: checks the CSRF token, then sets where the user is (a city or a
    /// position typed, or the browser's position when `source` is `browser`) or forgets it; goes back.
    private func setLocation(_ request: Request, _ context: PersonRequestContext) async throws -> Response {
        let form = try await checkedForm(request, context)
        let back = Self.safeBack(form["back"])
        let client = try client(request, context)
        if form["forget"] != nil {
            screens.location(client).use(.none)
            return ClientState.redirect(to: back, flash: nil)
        }
        let text = String((form["near"] ?? "").prefix(100))
        do {
            let source = try LocationSource(parsing: text)
            if form["source"] == "browser", case .fixed(let coordinate) = source {
                screens.location(client).report(coordinate)
            } else {
                screens.location(client).use(source)
            }
            return ClientState.redirect(to: back, flash: nil)
        } catch {
            let strings = client.strings
            return ClientState.redirect(to: back, flash: strings.format(strings.unknownLocation, text))
        }
    }

    /// The layout of a page for `client`, with the offline banner when the source does not answer
    /// and a banner for each store the server could not open.
    func layout(_ client: ClientState, path: String) -> PageLayout {
        PageLayout(
            client: client, path: path, connectivity: screens.connectivityNotice(client),
            unavailable: screens.unavailableNotices(client))
    }

    /// The area whose shows the Bookmarks screen names: the one remembered, else the home area.
    private func bookmarksArea(_ client: ClientState) -> Int {
        switch client.rememberedArea {
        case .some(.some(let area)): area
        default: place(client).place.homeArea ?? ClientState.defaultArea
        }
    }

    /// `POST /bookmarks/remove`: removes the checked bookmarks (or the one whose Remove button was
    /// pressed) as one change; back to the list, which offers to undo it.
    private func removeBookmarks(_ request: Request, _ context: PersonRequestContext) async throws -> Response {
        let form = try await checkedForm(request, context)
        let keys = (form["only"].map { [$0] } ?? form.all("movie")).compactMap(Bookmark.Key.init(formValue:))
        let client = try client(request, context)
        let outputs = try await screens.bookmarks(area: bookmarksArea(client), client: client) { viewModel in
            await viewModel.removeSelected(keys)
        }
        return ClientState.redirect(to: "/bookmarks", flash: outputs.undoBanner?.message ?? outputs.errorMessage)
    }

    /// `POST /bookmarks/toggle` (a movie page's button): bookmarks the movie or removes it.
    private func toggleBookmark(_ request: Request, _ context: PersonRequestContext) async throws -> Response {
        let form = try await checkedForm(request, context)
        guard let key = form["movie"].flatMap(Bookmark.Key.init(formValue:)) else { throw HTTPError(.badRequest) }
        let client = try client(request, context)
        let message: String
        do {
            message = try await responders(for: .movie(key), client: client).toggle(key)
        } catch {
            message = Self.message(error, strings: client.strings)
        }
        return ClientState.redirect(to: ActionPage.path(of: key), flash: message)
    }

    /// `POST /action`: an action the page sent (a shortcut, an undo button) goes up the server's
    /// responder chain from the page's screen. Answers JSON to the page's script, else goes back
    /// to the page with the outcome as its message; an action nobody handles gets a polite word.
    private func action(_ request: Request, _ context: PersonRequestContext) async throws -> Response {
        let form = try await checkedForm(request, context)
        guard let name = form["action"], !name.isEmpty, name.utf8.count <= 40 else { throw HTTPError(.badRequest) }
        let back = Self.safeBack(form["back"])
        let client = try client(request, context)
        let strings = client.strings
        let action = Action(name)
        let delivery: ActionDelivery?
        do {
            delivery = try await responders(for: ActionPage(path: back), client: client, page: back).send(action)
        } catch {
            delivery = ActionDelivery(
                handledBy: "screen", outcome: ActionOutcome(message: Self.message(error, strings: strings)))
        }
        let message =
            delivery?.outcome.message
            ?? (action == .undo ? strings.nothingToUndo : action == .redo ? strings.nothingToRedo : strings.nothingToDo)
        guard (request.headers[.accept] ?? "").contains("application/json") else {
            return ClientState.redirect(to: back, flash: message)
        }
        var json = "{\"handled\":\(delivery != nil),\"by\":"
        LiveUpdates.appendJSONString(delivery?.handledBy ?? "", to: &json)
        json += ",\"message\":"
        LiveUpdates.appendJSONString(message, to: &json)
        // The browser's first change made it a person: its page's forms need the session's token.
        if context.sessionIsNew, let session = context.session {
            json += ",\"csrf\":"
            LiveUpdates.appendJSONString(CSRFToken(session: session, secret: secret).value, to: &json)
        }
        json += "}"
        return Response(
            status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: json)))
    }

    /// The server's chain for a page: its screen, then the services (the feeds it shows).
    private func responders(for actionPage: ActionPage, client: ClientState, page: String = "") throws
        -> ScreenResponder
    {
        let store = try screens.store(client)
        let bookmarks = try screens.bookmarkStore(client)
        let feeds = ScreenRequest(page: page, client: client).map {
            LiveFeed.feeds(
                of: $0, store: store, bookmarks: bookmarks, today: today())
        }
        return ScreenResponder(
            page: actionPage, bookmarks: bookmarks, store: store, strings: client.strings,
            language: client.language, now: screens.now,
            nextResponder: ServicesResponder(feeds: feeds ?? [], strings: client.strings))
    }

    /// What a person is told when a bookmark change failed: that they have too many, or that it
    /// could not be saved.
    static func message(_ error: any Error, strings: UIStrings) -> String {
        if case BookmarkStoreError.full(let limit) = error {
            return strings.format(strings.bookmarksFull, String(limit))
        }
        return strings.bookmarksFailed
    }

    /// The body of a form POST, after its CSRF token was checked (403 otherwise).
    func checkedForm(_ request: Request, _ context: PersonRequestContext) async throws -> FormBody {
        var request = request
        let body = try await request.collectBody(upTo: Self.maxBodyBytes)
        let form = FormBody(String(buffer: body))
        guard csrfToken(request, context)?.matches(form[CSRFToken.fieldName]) == true else {
            throw HTTPError(.forbidden)
        }
        return form
    }

    /// The CSRF token a request's form must carry: its session's on a hosted server, else its
    /// `csrf` cookie's; nil when it has neither.
    func csrfToken(_ request: Request, _ context: PersonRequestContext) -> CSRFToken? {
        if let session = context.boundSession { return CSRFToken(session: session, secret: secret) }
        return CSRFToken(client: request.cookies[CSRFToken.cookieName]?.value, secret: secret)
    }

    /// A local path to go back to; anything else (another site, a scheme) becomes `/movies`.
    static func safeBack(_ back: String?) -> String {
        guard let back, back.hasPrefix("/"), !back.hasPrefix("//"), !back.contains("\\"),
            back.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }), back.utf8.count < 2048
        else { return "/movies" }
        return back
    }

    /// Days ahead a showtimes page is followed live: Finnkino sells tickets a few weeks ahead at
    /// most, so a later date has no shows to follow, only a feed that would poll for nothing.
    static let liveDaysAhead = 60

    /// Whether `screen` can change while it is open: a showtimes date from yesterday to
    /// ``liveDaysAhead`` days ahead; any other screen.
    static func hasLiveData(_ screen: ScreenRequest, today: LocalDate) -> Bool {
        guard case .showtimes(_, _, _, let date?) = screen else { return true }
        return date >= today.adding(days: -1) && date <= today.adding(days: liveDaysAhead)
    }

    private func today() -> LocalDate { HelsinkiTime.localDate(of: screens.now()) }

    private func live(_ request: Request, _ context: PersonRequestContext) async throws -> Response {
        let client = try client(request, context)
        guard let page = request.uri.queryParameters["page"].map(String.init),
            let screen = ScreenRequest(page: page, client: client), Self.hasLiveData(screen, today: today()),
            await screens.namesKnownArea(screen, client: client)
        else { return Response(status: .noContent) }
        let updates = LiveUpdates(screens: screens)
        return Response(
            status: .ok,
            headers: [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-cache"],
            body: ResponseBody { writer in
                // Hummingbird's consumeWithCancellationOnInboundClose kept about 760 bytes per
                // call for ever (measured: 20,000 streams opened and closed grew the server by
                // 22 MiB; with this barrier, by nothing). The stream ends on our own signal instead.
                let (closed, closing) = AsyncStream<Void>.makeStream()
                try await request.body.consumeWithInboundCloseHandler { _ in
                    try await updates.stream(screen, client: client, writer: &writer, until: closed)
                } onInboundClosed: {
                    closing.finish()
                }
                try await writer.finish(nil)
            })
    }
}
