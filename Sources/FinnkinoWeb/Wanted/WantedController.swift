import AppPatterns
import Crypto
import FinnkinoKit
import FinnkinoPresentation
import Foundation
import Hummingbird

/// "Tell me when it's on": `POST /movies/wanted` (`movie`, `wanted=yes|no`, from a movie's page
/// or the Bookmarks page) wants a movie or no longer; and the person's private feeds of their
/// wanted movies, for those who decline notifications:
/// `GET /feeds/<token>/calendar.ics` (the shows of their wanted movies in their home area and own
/// theatres, what a calendar app subscribes to as `webcal:`) and `GET /feeds/<token>/atom.xml`
/// (what they were told, and their weekly digest); `POST /feeds/renew` makes new addresses, and the
/// old ones stop working; `POST /feeds/digest` (`on`, `weekday` 1-7, `hour` 0-23, `push`, `feed`)
/// turns the weekly digest on, moves it, or turns it off.
/// The token is the key (``FeedToken``): the feeds are fetched without cookies.
struct WantedController: Sendable {
    let app: AppDependencies
    let persons: PersonStore
    let key: SymmetricKey
    let defaultLanguage: UILanguage
    /// Whether the app is reached over https (its links in the Atom feed are absolute).
    let secure: Bool
    /// The calendars made lately (1,000 at most, 16 MB).
    let calendars = MemoryCache<CalendarKey, String>(countLimit: 1_000, costLimit: 16 << 20)

    func add(to routes: RouteGroups) {
        routes.onPublic(.wantedCalendar) { request, _ in
            guard case .wantedCalendar(let token) = WebRoute(path: request.uri.path) else { throw HTTPError(.notFound) }
            let (person, generation) = try person(of: token, feed: .calendar)
            let language = app.people.storedPlace(of: person).language ?? defaultLanguage
            // A calendar app asks again and again: the calendar is made once per person and period.
            let key = CalendarKey(
                person: person, generation: generation, language: language,
                period: Int(app.now().timeIntervalSince1970 / Self.calendarPeriod))
            if let text = calendars.value(for: key) { return Self.private(text, type: Self.calendarType) }
            let wanted = try app.wanted.wanted(by: person)
            let text = WantedFeeds.calendar(
                wanted: wanted, shows: await shows(of: wanted, person: person, language: language), language: language
            ).text(stamp: app.now())
            calendars.set(text, for: key, cost: text.utf8.count)
            return Self.private(text, type: Self.calendarType)
        }
        routes.onPublic(.wantedAtom) { request, _ in
            guard case .wantedAtom(let token) = WebRoute(path: request.uri.path) else { throw HTTPError(.notFound) }
            let (person, generation) = try person(of: token, feed: .atom)
            let language = app.people.storedPlace(of: person).language ?? defaultLanguage
            let wanted = try app.wanted.wanted(by: person)
            let base = try base(of: request)
            let digest = try app.wanted.digest(of: person)
            let feed = WantedFeeds.atom(
                wanted: wanted, digest: digest?.settings.feed == true ? digest?.last : nil,
                feedID: FeedToken(person: person, generation: generation, feed: .atom).feedID(key: key),
                language: language, base: base,
                feedURL: URL(string: WebRoute.wantedAtom(token: token).path, relativeTo: base)?.absoluteURL ?? base,
                created: (wanted.map(\.wantedAt) + [digest?.last?.slot].compactMap { $0 }).max()
                    ?? Date(timeIntervalSince1970: 0))
            return Self.private(feed.text, type: "application/atom+xml; charset=utf-8")
        }
        routes.on(.setWanted) { _, context in try await setWanted(context) }
        routes.on(.setDigest) { _, context in
            let form = context.form
            func number(_ name: String) -> Int { form[name].flatMap { Int($0) } ?? 0 }
            var viewModel = wantedMovies(context.client)
            let outcome = try viewModel.digestChosen(
                on: form["on"] != nil, weekday: number("weekday"), hour: number("hour"), push: form["push"] != nil,
                feed: form["feed"] != nil)
            // Only a day or hour the form never offers.
            guard outcome != nil else { throw HTTPError(.badRequest) }
            return ClientState.redirect(to: context.form.back, flash: viewModel.outputs.message)
        }
        routes.on(.renewFeeds) { _, context in
            var viewModel = wantedMovies(context.client)
            _ = try viewModel.renewFeedsSelected()
            return ClientState.redirect(to: context.form.back, flash: viewModel.outputs.message)
        }
    }

    /// Adds the movie to the person's wanted ones (`wanted=yes`, with the title the source gives
    /// now) or removes it (`no`), then goes back to the page the form was on, saying what was done.
    private func setWanted(_ context: PageRequestContext) async throws -> Response {
        let form = context.form
        guard let id = form["movie"].flatMap({ Int($0) }), id > 0, id < 1_000_000_000 else {
            throw HTTPError(.badRequest)
        }
        guard let wants = ["yes": true, "no": false][form["wanted"] ?? ""] else { throw HTTPError(.badRequest) }
        var viewModel = wantedMovies(context.client)
        let outcome = wants ? try await viewModel.wantSelected(id) : try viewModel.unwantSelected(id)
        if outcome == .notListed { throw HTTPError(.notFound) }
        return ClientState.redirect(to: form.back, flash: viewModel.outputs.message)
    }

    /// The client's person's wanted movies and feeds.
    private func wantedMovies(_ client: ClientState) -> WantedMoviesViewModel {
        WantedMoviesViewModel(
            store: try? app.store(client), wanted: app.wanted, person: client.person, language: client.language,
            now: app.now)
    }

    /// The tokens of `person`'s calendar and Atom feed as valid now.
    static func tokens(
        of person: PersonID, wanted: any WantedMovies, key: SymmetricKey
    ) throws -> (calendar: String, atom: String) {
        let generation = try wanted.feedGeneration(of: person)
        return (
            FeedToken(person: person, generation: generation, feed: .calendar).text(key: key),
            FeedToken(person: person, generation: generation, feed: .atom).text(key: key)
        )
    }

    /// The person whose valid token of `feed` `text` is, and its generation; not found for
    /// anything else (a token the server did not make, another feed's, one renewed since, a
    /// person erased).
    private func person(of text: String, feed: FeedToken.Feed) throws -> (PersonID, Int) {
        guard let token = FeedToken(text: text, key: key), token.feed == feed, token.person != .nobody else {
            throw HTTPError(.notFound)
        }
        let exists = try token.person == .local || persons.dates(of: token.person) != nil
        guard exists, token.generation == (try app.wanted.feedGeneration(of: token.person)) else {
            throw HTTPError(.notFound)
        }
        return (token.person, token.generation)
    }

    /// A calendar as made for a person, their addresses' generation, language and period.
    struct CalendarKey: Hashable, Sendable {
        var person: PersonID
        var generation: Int
        var language: UILanguage
        var period: Int
    }

    /// How long a calendar made is served again (seconds): the schedule's cache period's third.
    static let calendarPeriod: TimeInterval = 5 * 60
    static let calendarType = "text/calendar; charset=utf-8"

    /// The shows of the wanted movies in the person's areas over the next days (an area that
    /// cannot be read now is left out).
    private func shows(of wanted: [WantedMovie], person: PersonID, language: UILanguage) async -> [Show] {
        guard !wanted.isEmpty, let store = try? app.catalog.store(for: language.contentLanguage) else { return [] }
        let place = app.people.storedPlace(of: person)
        let now = app.now()
        var shows: [Show] = []
        for area in WantedMovieWatchService.areas(homeArea: place.homeArea, myTheatres: place.myTheatres) {
            guard
                let listed = try? await store.shows(
                    area: area, from: HelsinkiTime.localDate(of: now), days: WantedMovieCheck.daysAhead
                ).value
            else { continue }
            shows += listed.filter { $0.start > now }
        }
        return shows
    }

    /// The app's address as the request reached it (a host ``RequestOriginMiddleware`` let through).
    private func base(of request: Request) throws -> URL {
        guard let authority = request.head.authority,
            let url = URL(string: (secure ? "https" : "http") + "://" + authority)
        else { throw HTTPError(.badRequest) }
        return url
    }

    /// A private answer: never cached by a shared cache (the security headers keep it from
    /// being sent on as a referrer).
    private static func `private`(_ text: String, type: String) -> Response {
        Response(
            status: .ok,
            headers: [.contentType: type, .cacheControl: "private, no-cache"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
