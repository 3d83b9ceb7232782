import AppPatterns
import FinnkinoKit
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import WebSupport

/// Every route of the Finnkino web app, each added by its feature's controller, behind the
/// middleware that finds whom a request is from; and the services the routes need running beside
/// the server.
///
/// Each route is a ``WebRoute/Pattern``, added through ``RouteGroups``: a person's pages in one
/// group (``PageRequestContext``), their changes in another whose every route ``CSRFMiddleware``
/// checks; files, images and the health check belong to no one.
struct FinnkinoRoutes {
    /// Every GET route also answers HEAD, with the GET's headers and no body (RFC 9110: uptime
    /// monitors and link checkers ask so).
    let router = Router(context: PersonRequestContext.self, options: .autoGenerateHeadEndpoints)
    private(set) var services: [any Service]
    /// What is kept of each person besides their bookmarks (read by tests).
    let people: PersonStates
    /// The check of everyone's wanted movies (one of ``services``; run by tests when they say).
    let wantedMovieWatch: WantedMovieWatchService
    /// The weekly digests (one of ``services``; run by tests when they say).
    let weeklyDigests: WeeklyDigestService
    /// Everything kept of each person, as "Download my data", "Delete me" and the sweep see it.
    let personalData: PersonalDataRegistry
    /// The movie page's routes, with what they keep of the movies' next days (read by tests).
    let moviePage: MovieController

    init(_ configuration: WebConfiguration) throws {
        // Every request counted and timed by its route's pattern (never its address) and status.
        ServerMetrics.bootstrap()
        router.add(middleware: MetricsMiddleware())
        router.add(middleware: RequestLogMiddleware(logger: configuration.logger))
        // Reached over https (`--public-url https://…`): also every cookie `Secure`, and HSTS.
        router.add(
            middleware: SecurityHeadersMiddleware(
                contentSecurityPolicy: finnkinoContentSecurityPolicy, httpsOnly: configuration.secureCookies))
        router.add(middleware: RequestOriginMiddleware(allowedHosts: configuration.allowedHosts))
        // The place every page view leaves is saved behind the response, all of a moment in one write.
        let places = WriteBehindSnapshotStorage(base: configuration.stateStorage, logger: configuration.logger)
        let people = PersonStates(storage: places, localLocation: configuration.location, logger: configuration.logger)
        self.people = people
        router.add(
            middleware: PersonMiddleware(
                persons: configuration.persons, hosted: configuration.hosted,
                secureCookies: configuration.secureCookies,
                logger: configuration.logger, trustedProxies: configuration.trustedProxies, now: configuration.now,
                forget: { people.forget($0) }))
        router.add(
            middleware: ClientMiddleware(
                people: people, defaultLanguage: configuration.defaultLanguage, secret: configuration.csrfSecret))
        router.add(middleware: NotFoundPageMiddleware())
        // The JSON API's limit, CORS, 405 and parameter checks, from its document.
        let apiDocument = try APIDocument.bundled()
        router.add(
            middleware: APIMiddleware(
                document: apiDocument, requestsPerMinute: configuration.apiRequestsPerMinute, now: configuration.now))
        // A person's pages, and their changes (each checked for its CSRF token).
        let routes = RouteGroups(
            router: router, pages: router.group(context: PageRequestContext.self),
            changes: router.group(context: PageRequestContext.self)
                .add(middleware: CSRFMiddleware(secret: configuration.csrfSecret))
                .add(
                    middleware: PostRateMiddleware(
                        hosted: configuration.hosted, perMinute: configuration.postsPerMinute, now: configuration.now)))
        let catalog = StoreCatalog(probeInterval: configuration.probeInterval, make: configuration.makeStore)
        let app = AppDependencies(
            catalog: catalog, now: configuration.now, people: people, allBookmarks: configuration.bookmarks,
            library: configuration.library, wanted: configuration.wanted, watchlists: configuration.watchlists,
            together: configuration.together, pushKey: configuration.vapidKey.publicKeyText,
            media: try? BundledMedia.bundled())
        let renderer = PageRenderer(app: app)
        // The screens that live updates and the responder chain build too.
        let live = LiveScreens(
            app: app, movies: MoviesScreens(app: app), showtimes: ShowtimesScreens(app: app),
            news: NewsScreens(app: app),
            bookmarks: BookmarksScreens(app: app))
        AppController(app: app, renderer: renderer, assets: try finnkinoStaticAssets()).add(to: routes)
        MoviesController(app: app, movies: live.movies, renderer: renderer).add(to: routes)
        HiddenMoviesController(app: app, renderer: renderer).add(to: routes)
        moviePage = MovieController(app: app, renderer: renderer)
        moviePage.add(to: routes)
        ShowtimesController(app: app, showtimes: live.showtimes, renderer: renderer).add(to: routes)
        ShowController(app: app, renderer: renderer).add(to: routes)
        NewsController(app: app, news: live.news, renderer: renderer).add(to: routes)
        let feedKey = configuration.csrfSecret.derivedKey(FeedToken.keyLabel)
        BookmarksController(
            app: app, bookmarks: live.bookmarks, renderer: renderer, feedKey: feedKey,
            secure: configuration.secureCookies
        ).add(to: routes)
        WantedController(
            app: app, persons: configuration.persons, key: feedKey,
            defaultLanguage: configuration.defaultLanguage, secure: configuration.secureCookies
        ).add(to: routes)
        WatchlistController(app: app, renderer: renderer).add(to: routes)
        TogetherController(app: app, renderer: renderer).add(to: routes)
        InternationalController(app: app, renderer: renderer).add(to: routes)
        SettingsController(app: app).add(to: routes)
        ActionController(screens: live).add(to: routes)
        LiveController(app: app, screens: live).add(to: routes)
        DevicesController(
            renderer: renderer, persons: configuration.persons, tokens: configuration.apiTokens,
            hosted: configuration.hosted, secureCookies: configuration.secureCookies, now: configuration.now
        )
        .add(to: routes)
        try APIController(
            document: apiDocument,
            api: ProgrammeAPI(app: app, tokens: configuration.apiTokens, logger: configuration.logger)
        ).add(to: routes)
        let editorSessions = EditorSessions(
            library: configuration.library, jobs: configuration.exportJobs, uploads: configuration.uploads,
            perPerson: configuration.hosted ? EditorSessions.hostedLimitPerPerson : EditorSessions.limit,
            perClient: configuration.hosted ? EditorSessions.hostedLimitPerClient : EditorSessions.limit,
            maxUploadBytesTotal: configuration.maxUploadBytesTotal,
            uneditedLifetime: configuration.hosted ? EditorSessions.hostedUneditedLifetime : nil,
            instanceName: configuration.instanceName,
            logger: configuration.logger)
        let clips = TrailerClips(app: app, media: app.media)
        TrailerController(clips: clips, renderer: renderer).add(to: routes)
        EditorController(sessions: editorSessions, clips: clips, renderer: renderer).add(to: routes)
        LibraryController(library: configuration.library, renderer: renderer).add(to: routes)
        personalData = PersonalDataRegistry(
            persons: configuration.persons, bookmarks: configuration.bookmarks, library: configuration.library,
            wanted: configuration.wanted, pushSubscriptions: configuration.pushSubscriptions,
            apiTokens: configuration.apiTokens, watchlists: configuration.watchlists, together: configuration.together,
            editors: editorSessions,
            people: people, places: places, feedKey: feedKey)
        let eraser = PersonEraser(registry: personalData, logger: configuration.logger)
        PersonDataController(app: app, eraser: eraser).add(to: routes)
        MetricsController(
            access: MetricsAccess(token: configuration.metricsToken, allowed: configuration.metricsAllowed),
            persons: configuration.persons, exports: configuration.exportJobs
        ).add(to: routes)
        ImageController(pipeline: configuration.images, catalog: catalog, logger: configuration.logger).add(to: routes)
        let pushServices = PushServices(addedOrigins: configuration.pushServiceOrigins)
        let defaultLanguage = configuration.defaultLanguage
        let pusher = AnnouncementPusher(
            subscriptions: configuration.pushSubscriptions, services: pushServices, key: configuration.vapidKey,
            subject: configuration.pushContact,
            language: { [people] in people.storedPlace(of: $0).language ?? defaultLanguage },
            devices: { [persons = configuration.persons, hosted = configuration.hosted] person in
                hosted ? Set(try persons.devices(of: person).map(\.id)) : nil
            },
            logger: configuration.logger)
        wantedMovieWatch = WantedMovieWatchService(
            wanted: configuration.wanted, watchlists: configuration.watchlists, bookmarks: configuration.bookmarks,
            catalog: catalog, people: people,
            interval: configuration.wantedCheckInterval, now: configuration.now, logger: configuration.logger,
            pusher: pusher)
        weeklyDigests = WeeklyDigestService(
            wanted: configuration.wanted, bookmarks: configuration.bookmarks, catalog: catalog, people: people,
            defaultLanguage: defaultLanguage, interval: configuration.weeklyDigestInterval, now: configuration.now,
            logger: configuration.logger, pusher: pusher)
        PushController(
            subscriptions: configuration.pushSubscriptions, persons: configuration.persons, services: pushServices,
            now: configuration.now
        ).add(to: routes)
        services = [
            PendingWritesService(places: places, persons: configuration.persons, logger: configuration.logger),
            PersonSweepService(eraser: eraser, interval: .seconds(3600), logger: configuration.logger),
            ExportService(
                jobs: configuration.exportJobs, library: configuration.library, lease: configuration.exportLease,
                logger: configuration.logger),
            wantedMovieWatch,
            weeklyDigests,
        ]
        // Editors nobody edits are closed on a hosted server only (EditorSessions.uneditedLifetime).
        if configuration.hosted {
            services.append(EditorSweepService(sessions: editorSessions, interval: .seconds(60)))
        }
    }
}
