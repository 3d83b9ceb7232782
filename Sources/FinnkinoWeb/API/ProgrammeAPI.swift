import AppPatterns
import FinnkinoKit
import FinnkinoPresentation
import Foundation
import Logging

/// The JSON API's handlers: each operation of `openapi.json` (the protocol is generated from it),
/// answered from the same stores and rules as the pages: the feeds through ``FeedStore``, the
/// filter of the Showtimes page (``ShowFilter``), the Movies page's order (``MovieSort``) and
/// scores, a person's bookmarks and wanted movies from their stores.
///
/// Parameters arrive checked against the document (``APIMiddleware``); a handler answers `404`
/// for what does not exist, `503` while the feed cannot be had and nothing is saved, `401`
/// without a personal token, and `304` when the client's `ETag` is the answer's.
struct ProgrammeAPI: APIProtocol {
    let app: AppDependencies
    let tokens: any APITokens
    let logger: Logger

    // MARK: The programme

    func listAreas(_ input: Operations.ListAreas.Input) async throws -> Operations.ListAreas.Output {
        do {
            let store = try store(input.query.lang)
            let loaded = try await store.areas()
            let body = Components.Schemas.AreaList(
                areas: loaded.value.filter { !$0.isPlaceholder }.map { .init($0) },
                missingTheatres: TheatreLocations.missing(from: loaded.value).map { .init($0) }, source: .init(loaded))
            return answer(
                body, ifNoneMatch: input.headers.ifNoneMatch,
                cacheControl: APIFreshness.cacheControl(loaded, period: store.policy.areas, now: store.feedClock()),
                ok: { .ok(.init(body: .json(body))) },
                notModified: { .notModified($0) })
        } catch {
            return .serviceUnavailable(unavailable(error))
        }
    }

    func listMovies(_ input: Operations.ListMovies.Input) async throws -> Operations.ListMovies.Output {
        let query = input.query
        do {
            let store = try store(query.lang)
            var area: TheatreArea?
            if let id = query.area { area = try await known(area: id, in: store) }
            let list: EventListType = query.list == .soon ? .comingSoon : .nowInTheatres
            let text = (query.q ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            let scope: SearchScope = query.scope == .contains ? .contains : .beginsWith
            let loaded =
                text.isEmpty
                ? try await store.movies(list, area: area?.id)
                : try await store.searchMovies(text, scope: scope, list: list, area: area?.id)
            let scores = await store.scores(of: loaded.value, waitingAtMost: MoviesViewModel.scoresWait)
            let sort = query.sort.flatMap { MovieSort(rawValue: $0.rawValue) } ?? .title
            let movies = loaded.value.map { Components.Schemas.MovieSummary($0, scores: scores[$0.id]) }
            let body = Components.Schemas.MovieList(
                area: area.map { Components.Schemas.AreaRef($0) }, list: list == .comingSoon ? .soon : .now,
                movies: sort.ordered(movies, list: list) { movie in
                    MovieSort.Keys(
                        premiere: movie.premiere.flatMap { LocalDate(iso: $0) }, audience: movie.audienceScore,
                        minutes: movie.lengthInMinutes.flatMap { $0 > 0 ? $0 : nil })
                },
                source: .init(loaded))
            return answer(
                body, ifNoneMatch: input.headers.ifNoneMatch,
                cacheControl: APIFreshness.cacheControl(loaded, period: store.policy.events, now: store.feedClock()),
                ok: { .ok(.init(body: .json(body))) },
                notModified: { .notModified($0) })
        } catch {
            switch failure(error) {
            case .notFound(let problem): return .notFound(problem)
            case .unavailable(let problem): return .serviceUnavailable(problem)
            }
        }
    }

    func getMovie(_ input: Operations.GetMovie.Input) async throws -> Operations.GetMovie.Output {
        do {
            let store = try store(input.query.lang)
            let loaded = try await store.loadedMovie(id: input.path.movieId)
            let scores = await store.scores(of: loaded.value, waitingAtMost: MoviesViewModel.scoresWait)
            let body = Components.Schemas.Movie(loaded.value, scores: scores, source: .init(loaded))
            return answer(
                body, ifNoneMatch: input.headers.ifNoneMatch,
                cacheControl: APIFreshness.cacheControl(loaded, period: store.policy.events, now: store.feedClock()),
                ok: { .ok(.init(body: .json(body))) },
                notModified: { .notModified($0) })
        } catch {
            switch failure(error) {
            case .notFound(let problem): return .notFound(problem)
            case .unavailable(let problem): return .serviceUnavailable(problem)
            }
        }
    }

    func listShowtimes(_ input: Operations.ListShowtimes.Input) async throws -> Operations.ListShowtimes.Output {
        let query = input.query
        do {
            let store = try store(query.lang)
            let area = try await known(area: query.area, in: store)
            let date = query.date.flatMap { LocalDate(iso: $0) } ?? app.today()
            let filter = ShowFilter(
                spoken: query.spoken, subtitles: query.subs,
                picture: query.format.flatMap { ShowFilter.Picture(rawValue: $0.rawValue) },
                accessibility: query.access.flatMap { ShowFilter.Accessibility(rawValue: $0.rawValue) },
                startsFrom: query.from.flatMap(ShowFilter.minutes), endsBy: query.until.flatMap(ShowFilter.minutes))
            let loaded = try await store.showtimes(area: area.id, date: date, movieID: query.movie)
            let shown = loaded.value.filter { filter.matches($0) }
            let body = Components.Schemas.ShowList(
                area: .init(area), date: date.description,
                shows: shown.map { .init($0, area: area.id, date: date) },
                hiddenByFilter: loaded.value.count - shown.count, source: .init(loaded))
            return answer(
                body, ifNoneMatch: input.headers.ifNoneMatch,
                cacheControl: APIFreshness.cacheControl(loaded, period: store.policy.schedule, now: store.feedClock()),
                ok: { .ok(.init(body: .json(body))) },
                notModified: { .notModified($0) })
        } catch {
            switch failure(error) {
            case .notFound(let problem): return .notFound(problem)
            case .unavailable(let problem): return .serviceUnavailable(problem)
            }
        }
    }

    func getShow(_ input: Operations.GetShow.Input) async throws -> Operations.GetShow.Output {
        let path = input.path
        do {
            let store = try store(input.query.lang)
            // The document's pattern checked the day's form before it came here.
            guard let date = LocalDate(iso: path.date) else {
                throw FeedStoreError.showNotFound(id: path.showId, area: path.area, date: app.today())
            }
            let loaded = try await store.show(id: path.showId, area: path.area, date: date)
            let body = Components.Schemas.ShowAnswer(
                show: .init(loaded.value, area: path.area, date: date), source: .init(loaded))
            return answer(
                body, ifNoneMatch: input.headers.ifNoneMatch,
                cacheControl: APIFreshness.cacheControl(loaded, period: store.policy.schedule, now: store.feedClock()),
                ok: { .ok(.init(body: .json(body))) },
                notModified: { .notModified($0) })
        } catch {
            switch failure(error) {
            case .notFound(let problem): return .notFound(problem)
            case .unavailable(let problem): return .serviceUnavailable(problem)
            }
        }
    }

    // MARK: A person's own

    func myBookmarks(_ input: Operations.MyBookmarks.Input) async throws -> Operations.MyBookmarks.Output {
        do {
            guard let person = try caller() else { return .unauthorized(unauthorized) }
            let store = try store(input.query.lang)
            let area = try await known(area: input.query.area ?? BookmarksViewModel.defaultArea, in: store)
            let bookmarks = try app.allBookmarks.store(for: person).all()
            let now = app.now()
            // One schedule of the next days for all of them, as the Bookmarks page reads it.
            let wanted = Set(bookmarks.filter { $0.source == .finnkino }.map(\.movieID))
            let upcoming =
                wanted.isEmpty
                ? []
                : try await store.shows(area: area.id, from: app.today(), days: BookmarksViewModel.daysAhead).value
                    .filter { wanted.contains($0.eventID) && $0.start >= now }
            let byMovie = Dictionary(grouping: upcoming, by: \.eventID)
            let body = Components.Schemas.BookmarkList(
                area: .init(area),
                bookmarks: bookmarks.map { bookmark in
                    Components.Schemas.Bookmark(
                        source: bookmark.source == .finnkino ? .finnkino : .international, movieId: bookmark.movieID,
                        title: bookmark.title, added: bookmark.addedAt,
                        nextShows: bookmark.source == .finnkino
                            ? (byMovie[bookmark.movieID] ?? []).prefix(Self.nextShows).map { show in
                                .init(
                                    show, area: area.id,
                                    date: show.accountingDate ?? HelsinkiTime.localDate(of: show.start))
                            } : [])
                })
            return answer(
                body, ifNoneMatch: input.headers.ifNoneMatch, cacheControl: APIFreshness.personal,
                ok: { .ok(.init(body: .json(body))) },
                notModified: { .notModified($0) })
        } catch {
            switch failure(error) {
            case .notFound(let problem): return .notFound(problem)
            case .unavailable(let problem): return .serviceUnavailable(problem)
            }
        }
    }

    func myWanted(_ input: Operations.MyWanted.Input) async throws -> Operations.MyWanted.Output {
        do {
            guard let person = try caller() else { return .unauthorized(unauthorized) }
            let wanted = try app.wanted.wanted(by: person).sorted {
                ($0.wantedAt, $0.movieID) > ($1.wantedAt, $1.movieID)
            }
            let body = Components.Schemas.WantedList(
                wanted: wanted.map { .init(movieId: $0.movieID, title: $0.title, since: $0.wantedAt) })
            return answer(
                body, ifNoneMatch: input.headers.ifNoneMatch, cacheControl: APIFreshness.personal,
                ok: { .ok(.init(body: .json(body))) },
                notModified: { .notModified($0) })
        } catch {
            switch failure(error) {
            case .notFound(let problem): return .notFound(problem)
            case .unavailable(let problem): return .serviceUnavailable(problem)
            }
        }
    }

    /// The most next shows a bookmark lists.
    static let nextShows = 5

    // MARK: Answers

    private func store(_ language: Components.Parameters.Language?) throws -> FeedStore {
        try app.catalog.store(for: language.flatMap { ContentLanguage(rawValue: $0.rawValue) } ?? .fi)
    }

    /// The area of `id` in the feed's list; ``APINotFound`` when the list has none.
    private func known(area id: Int, in store: FeedStore) async throws -> TheatreArea {
        guard let area = try await store.areas().value.first(where: { $0.id == id }) else {
            throw APINotFound(detail: "No area or theatre has the ID \(id) (see /api/v1/areas).")
        }
        return area
    }

    /// The person whose token the request carries; nil without one or with one no token has.
    private func caller() throws -> PersonID? {
        guard let text = APICaller.current?.token, let secret = APITokenSecret(text: text) else { return nil }
        return try tokens.person(holding: secret, now: app.now())
    }

    /// `401`, with `WWW-Authenticate` (written by ``APIMiddleware``, as ``answer`` says why).
    private var unauthorized: Components.Responses.Unauthorized {
        APICaller.current?.headers.set([.wwwAuthenticate: "Bearer realm=\"finnkino\""])
        return Self.unauthorizedProblem
    }

    private static let unauthorizedProblem = Components.Responses.Unauthorized(
        body: .applicationProblemJson(
            .init(
                APIProblem(
                    .unauthorized,
                    detail: "This operation reads a person's lists: send Authorization: Bearer with a token "
                        + "made on the Devices page."))))

    /// `body` with its tag, or `304` when the client has it. The tag and `cacheControl` go to
    /// ``APICaller/headers``, which ``APIMiddleware`` writes as they are: the generated code would
    /// write a header's value percent-encoded (`%22…%22`), as the URI form it writes parameters in.
    private func answer<Body: Encodable, Output>(
        _ body: Body, ifNoneMatch: String?, cacheControl: String, ok: () -> Output,
        notModified: (Components.Responses.NotModified) -> Output
    ) -> Output {
        let tag = APIFreshness.tag(of: body)
        APICaller.current?.headers.set([.eTag: tag, .cacheControl: cacheControl])
        guard !APIFreshness.matches(ifNoneMatch, tag) else { return notModified(.init()) }
        return ok()
    }

    private enum Failure {
        case notFound(Components.Responses.NotFound)
        case unavailable(Components.Responses.Unavailable)
    }

    /// What does not exist is `404`; anything else that kept an answer from being had is `503`
    /// (the feed cannot be reached and nothing of it is saved), its cause in the log, not the answer.
    private func failure(_ error: any Error) -> Failure {
        switch error {
        case let error as APINotFound:
            return .notFound(.init(body: .applicationProblemJson(.init(APIProblem(.notFound, detail: error.detail)))))
        case FeedStoreError.movieNotFound(let id):
            return .notFound(
                .init(body: .applicationProblemJson(.init(APIProblem(.notFound, detail: "No movie has the ID \(id)."))))
            )
        case FeedStoreError.showNotFound(let id, let area, let date):
            return .notFound(
                .init(
                    body: .applicationProblemJson(
                        .init(APIProblem(.notFound, detail: "No show has the ID \(id) in area \(area) on \(date).")))))
        default:
            return .unavailable(unavailable(error))
        }
    }

    /// `503`: the feed cannot be had now and nothing of it is saved (the cause goes to the log).
    private func unavailable(_ error: any Error) -> Components.Responses.Unavailable {
        logger.warning("the API could not answer: \(error)")
        return .init(
            headers: .init(retryAfter: 60),
            body: .applicationProblemJson(
                .init(
                    APIProblem(
                        .serviceUnavailable,
                        detail: "Finnkino's feed cannot be reached now, and nothing of it is saved."))))
    }
}

/// Something the request names that does not exist (an area not in the feed's list).
struct APINotFound: Error {
    let detail: String
}

extension Components.Schemas.Problem {
    init(_ problem: APIProblem) {
        self.init(
            _type: problem.type, title: problem.title, status: problem.status, detail: problem.detail,
            parameter: problem.parameter)
    }
}
