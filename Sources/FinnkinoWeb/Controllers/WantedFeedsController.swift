import Crypto
import FinnkinoKit
import FinnkinoPresentation
import Foundation
import Hummingbird

/// A person's private feeds of their wanted movies, for those who decline notifications:
/// `GET /feeds/<token>/calendar.ics` (the shows of their wanted movies in their home area and own
/// theatres, what a calendar app subscribes to as `webcal:`) and `GET /feeds/<token>/atom.xml`
/// (what they were told); `POST /feeds/renew` makes new addresses, and the old ones stop working.
/// The token is the key (``FeedToken``): the feeds are fetched without cookies.
struct WantedFeedsController: Sendable {
    let screens: Screens
    let persons: PersonStore
    let key: SymmetricKey
    let defaultLanguage: UILanguage
    /// Whether the app is reached over https (its links in the Atom feed are absolute).
    let secure: Bool

    func add(to routes: RouteGroups) {
        routes.onPublic(.wantedCalendar) { request, _ in
            guard case .wantedCalendar(let token) = WebRoute(path: request.uri.path) else { throw HTTPError(.notFound) }
            let person = try person(of: token)
            let language = screens.people.state(of: person).place.language ?? defaultLanguage
            let wanted = try screens.wanted.wanted(by: person)
            let text = WantedFeeds.calendar(
                wanted: wanted, shows: await shows(of: wanted, person: person, language: language), language: language
            ).text(stamp: screens.now())
            return Self.private(text, type: "text/calendar; charset=utf-8")
        }
        routes.onPublic(.wantedAtom) { request, _ in
            guard case .wantedAtom(let token) = WebRoute(path: request.uri.path) else { throw HTTPError(.notFound) }
            let person = try person(of: token)
            let language = screens.people.state(of: person).place.language ?? defaultLanguage
            let wanted = try screens.wanted.wanted(by: person)
            let base = try base(of: request)
            let feed = WantedFeeds.atom(
                wanted: wanted, person: person, language: language, base: base,
                feedURL: URL(string: WebRoute.wantedAtom(token: token).path, relativeTo: base)?.absoluteURL ?? base,
                created: wanted.map(\.wantedAt).max() ?? Date(timeIntervalSince1970: 0))
            return Self.private(feed.text, type: "application/atom+xml; charset=utf-8")
        }
        routes.on(.renewFeeds) { _, context in
            let client = context.client
            screens.place(client).update { $0.feedGeneration = ($0.feedGeneration ?? 0) + 1 }
            return ClientState.redirect(to: context.form.back, flash: client.language.alerts.feedsRenewed)
        }
    }

    /// The token of `person`'s feeds as their place has it now.
    static func token(of person: PersonID, place: AppPlace, key: SymmetricKey) -> String {
        FeedToken(person: person, generation: place.feedGeneration ?? 0).text(key: key)
    }

    /// The person whose valid token `text` is; not found for anything else (a token the server
    /// did not make, one renewed since, a person erased).
    private func person(of text: String) throws -> PersonID {
        guard let token = FeedToken(text: text, key: key), token.person != .nobody else { throw HTTPError(.notFound) }
        let exists = try token.person == .local || persons.dates(of: token.person) != nil
        guard exists, token.generation == (screens.people.state(of: token.person).place.place.feedGeneration ?? 0)
        else { throw HTTPError(.notFound) }
        return token.person
    }

    /// The shows of the wanted movies in the person's areas over the next days (an area that
    /// cannot be read now is left out).
    private func shows(of wanted: [WantedMovie], person: PersonID, language: UILanguage) async -> [Show] {
        guard !wanted.isEmpty, let store = try? screens.catalog.store(for: language.contentLanguage) else { return [] }
        let place = screens.people.state(of: person).place.place
        let now = screens.now()
        var shows: [Show] = []
        for area in WantedMovieWatch.areas(homeArea: place.homeArea, myTheatres: place.myTheatres) {
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
