import AppPatterns
import FinnkinoKit
import FinnkinoStores
import Foundation
import Hummingbird
import ImagePipeline
import Logging
import WebSupport

@testable import FinnkinoWeb

/// The web app on a free loopback port, for one test.
final class WebServer: Sendable {
    let port: Int
    let client: LoopbackClient
    /// The secret behind the server's CSRF tokens.
    let secret: CSRFSecret
    /// Every route the server answers: method and path pattern (`POST /editor/:session/edit`).
    let routes: [(method: String, path: String)]
    /// What the server keeps of each person besides their bookmarks.
    let people: PersonStates
    /// The check of everyone's wanted movies, as the server runs it.
    let wantedMovieWatch: WantedMovieWatchService
    /// The weekly digests' round, as the server runs it (each minute, and when a test says).
    let weeklyDigests: WeeklyDigestService
    /// Everything the server keeps of each person.
    let personalData: PersonalDataRegistry
    /// The movies' next days the movie page keeps.
    let movieShowsMade: MemoryCache<MovieController.ShowsKey, MovieController.MovieShows>
    private let task: Task<Void, any Error>

    static let today = LocalDate(year: 2026, month: 11, day: 22)
    static let morning = HelsinkiTime.instant(of: today, hour: 9, minute: 0)

    /// Starts the app with `makeStore` (default: the bundled dataset on a fixed day).
    static func start(
        makeStore: @escaping @Sendable (ContentLanguage) throws -> FeedStore = WebServer.bundledStore,
        stateStorage: any SnapshotStorage = InMemorySnapshotStorage(),
        bookmarks: BookmarkStores? = nil, location: LocationService = LocationService(),
        hosted: Bool = false, secureCookies: Bool = false, persons: PersonStore? = nil,
        postsPerMinute: Int = PostRateMiddleware.limit,
        probeInterval: Duration = .seconds(10), images: ImagePipeline = ImagePipeline(),
        idleTimeout: Duration = .seconds(20), wanted: any WantedMovies = SQLiteWantedMovies(),
        pushSubscriptions: any PushSubscriptions = SQLitePushSubscriptions(),
        apiTokens: any APITokens = SQLiteAPITokens(), apiRequestsPerMinute: Int = 10_000,
        watchlists: any Watchlists = SQLiteWatchlists(), together: any TogetherGroups = SQLiteTogetherGroups(),
        library: (any VideoLibrary)? = nil, exportJobs: any ExportJobs = SQLiteExportJobs(),
        trustedProxies: [String] = [], metricsToken: String? = nil,
        now: @escaping @Sendable () -> Date = { morning },
        dataDirectory: URL = FileManager.default.temporaryDirectory.appendingPathComponent(
            "finnkino-web-\(UUID().uuidString)")
    ) async throws -> WebServer {
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let secret = CSRFSecret.random()
        let configuration = WebConfiguration(
            host: "127.0.0.1", port: 0, makeStore: makeStore,
            bookmarks: try bookmarks ?? SQLiteBookmarkStores.inMemory(),
            library: try library ?? SQLiteVideoLibrary(dataDirectory: dataDirectory),
            persons: try persons ?? SQLitePersonStore.inMemory(),
            hosted: hosted, secureCookies: secureCookies, postsPerMinute: postsPerMinute,
            uploads: dataDirectory.appendingPathComponent("uploads"), exportJobs: exportJobs,
            // Checked when a test says (`wantedMovieWatch.check()`), besides the one at start.
            wanted: wanted, wantedCheckInterval: .seconds(3600),
            // Digests are sent when a test says (`weeklyDigests.send()`), never by a round of the
            // server's own that a slow machine could run in the middle of a test.
            weeklyDigestInterval: .seconds(86_400), pushSubscriptions: pushSubscriptions,
            apiTokens: apiTokens, watchlists: watchlists, together: together,
            apiRequestsPerMinute: apiRequestsPerMinute,
            now: now,
            onServerRunning: { port in
                continuation.yield(port)
                continuation.finish()
            },
            stateStorage: stateStorage, location: location, images: images, probeInterval: probeInterval,
            csrfSecret: secret, idleTimeout: idleTimeout, trustedProxies: TrustedProxies(trustedProxies),
            metricsToken: metricsToken,
            logger: Logger(label: "test-web", factory: { _ in SwiftLogNoOpLogHandler() }))
        let router = try FinnkinoRoutes(configuration)
        try router.router.validate()
        let routes = router.router.routes.map { (method: $0.method.rawValue, path: $0.path.description) }
        let app = makeApplication(routes: router, configuration: configuration)
        let task = Task { try await app.runService(gracefulShutdownSignals: []) }
        var port = 0
        for await bound in ports { port = bound }
        return WebServer(
            port: port, secret: secret, routes: routes, people: router.people,
            wantedMovieWatch: router.wantedMovieWatch, weeklyDigests: router.weeklyDigests,
            personalData: router.personalData, movieShowsMade: router.moviePage.showsMade, task: task)
    }

    /// The app on `data`: its stores, places and folder, as `finnkino serve` opens them.
    static func start(
        on data: ServerData, makeStore: @escaping @Sendable (ContentLanguage) throws -> FeedStore = bundledStore,
        hosted: Bool = true
    ) async throws -> WebServer {
        try await start(
            makeStore: makeStore, stateStorage: data.places, bookmarks: data.stores.bookmarks, hosted: hosted,
            persons: data.stores.persons,
            wanted: data.stores.wanted, pushSubscriptions: data.stores.pushSubscriptions,
            apiTokens: data.stores.apiTokens, watchlists: data.stores.watchlists, together: data.stores.together,
            library: data.stores.library,
            exportJobs: data.stores.exportJobs, dataDirectory: data.folder)
    }

    @Sendable static func bundledStore(_ language: ContentLanguage) throws -> FeedStore {
        let transport = try BundledTransport(today: { today })
        return FeedStore(
            webService: WebService(transport: transport, cache: InMemoryPayloadCache()), language: language)
    }

    private init(
        port: Int, secret: CSRFSecret, routes: [(method: String, path: String)], people: PersonStates,
        wantedMovieWatch: WantedMovieWatchService, weeklyDigests: WeeklyDigestService,
        personalData: PersonalDataRegistry,
        movieShowsMade: MemoryCache<MovieController.ShowsKey, MovieController.MovieShows>, task: Task<Void, any Error>
    ) {
        self.movieShowsMade = movieShowsMade
        self.weeklyDigests = weeklyDigests
        self.personalData = personalData
        self.people = people
        self.wantedMovieWatch = wantedMovieWatch
        self.port = port
        self.secret = secret
        self.routes = routes
        self.task = task
        client = LoopbackClient(port: port)
    }

    func get(_ path: String, headers: [String: String] = [:]) async throws -> LoopbackClient.Reply {
        try await client.request("GET", path, headers: headers)
    }

    /// Posts a form as the page does: with a CSRF token in the cookie and the body; asking for
    /// JSON when `json` (the page's script), a redirect otherwise.
    func postForm(_ path: String, _ body: String, json: Bool = false) async throws -> LoopbackClient.Reply {
        let cookie = String(repeating: "f", count: 64)
        var headers = ["Content-Type": "application/x-www-form-urlencoded", "Cookie": "csrf=\(cookie)"]
        if json { headers["Accept"] = "application/json" }
        return try await client.request("POST", path, headers: headers, body: "csrf=\(formToken(cookie))&" + body)
    }

    /// A form POST of a browser that is nobody (no session) with a valid CSRF token (its `csrf`
    /// cookie's), from `client` as a trusted proxy forwards it (`X-Forwarded-For`).
    func firstChange(
        _ path: String, _ body: String, from client: String, cookie: String = String(repeating: "c", count: 64)
    ) async throws -> LoopbackClient.Reply {
        try await self.client.request(
            "POST", path,
            headers: [
                "Content-Type": "application/x-www-form-urlencoded", "Cookie": "csrf=\(cookie)",
                "X-Forwarded-For": client,
            ],
            body: "csrf=\(formToken(cookie))&" + body)
    }

    /// The form token the server's pages give the browser holding the CSRF cookie `cookie`.
    func formToken(_ cookie: String) -> String {
        CSRFToken(client: cookie, secret: secret)?.value ?? ""
    }

    func stop() async {
        task.cancel()
        _ = await task.result
    }
}
