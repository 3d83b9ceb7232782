import AppPatterns
import FinnkinoKit
import Foundation
import Hummingbird
import Logging
import WebSupport

/// The Finnkino web app on `configuration`'s address: pages, fragments, live updates, static files
/// and images, with security headers and request logs. Run it with `runService()`.
public func makeApplication(_ configuration: WebConfiguration) throws -> some ApplicationProtocol {
    let router = Router(context: PersonRequestContext.self)
    router.add(middleware: LogRequestsMiddleware(.info))
    router.add(middleware: SecurityHeadersMiddleware(contentSecurityPolicy: finnkinoContentSecurityPolicy))
    router.add(middleware: RequestOriginMiddleware(allowedHosts: configuration.allowedHosts))
    router.add(
        middleware: PersonMiddleware(
            persons: configuration.persons, hosted: configuration.hosted, secureCookies: configuration.secureCookies,
            logger: configuration.logger, now: configuration.now))
    if configuration.hosted {
        router.add(middleware: PostRateMiddleware(perMinute: configuration.postsPerMinute, now: configuration.now))
    }
    // The place every page view leaves is saved behind the response, all of a moment in one write.
    let places = WriteBehindSnapshotStorage(base: configuration.stateStorage, logger: configuration.logger)
    let people = PersonStates(storage: places, localLocation: configuration.location, logger: configuration.logger)
    router.add(
        middleware: NotFoundPageMiddleware(
            people: people, defaultLanguage: configuration.defaultLanguage, secret: configuration.csrfSecret))
    let catalog = StoreCatalog(probeInterval: configuration.probeInterval, make: configuration.makeStore)
    let web = WebRoutes(
        screens: Screens(
            catalog: catalog, now: configuration.now, people: people,
            allBookmarks: configuration.bookmarks, library: configuration.library),
        assets: try finnkinoStaticAssets(),
        defaultLanguage: configuration.defaultLanguage,
        people: people,
        secret: configuration.csrfSecret
    )
    web.add(to: router)
    InternationalRoutes(web: web).add(to: router)
    DevicesRoutes(
        web: web, persons: configuration.persons, hosted: configuration.hosted,
        secureCookies: configuration.secureCookies, now: configuration.now
    )
    .add(to: router)
    let editorSessions = EditorSessions(
        library: configuration.library, uploads: configuration.uploads,
        perPerson: configuration.hosted ? EditorSessions.hostedLimitPerPerson : EditorSessions.limit,
        logger: configuration.logger)
    TrailerRoutes(web: web, sessions: editorSessions, media: try? BundledMedia.standard()).add(to: router)
    let eraser = PersonEraser(
        persons: configuration.persons, bookmarks: configuration.bookmarks, library: configuration.library,
        sessions: editorSessions, people: people, storage: places, logger: configuration.logger)
    PersonDataRoutes(web: web, persons: configuration.persons, eraser: eraser).add(to: router)
    ImageRoutes(pipeline: configuration.images, catalog: catalog, logger: configuration.logger).add(to: router)
    return makeLocalServer(
        router: router, host: configuration.host, port: configuration.port, idleTimeout: configuration.idleTimeout,
        services: [
            PendingWritesService(places: places, persons: configuration.persons, logger: configuration.logger),
            PersonSweepService(eraser: eraser, interval: .seconds(3600), logger: configuration.logger),
        ],
        onServerRunning: configuration.onServerRunning, logger: configuration.logger)
}

/// Finnkino's pages: scripts, styles and images of its own only (images also as `data:` URLs).
let finnkinoContentSecurityPolicy =
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; base-uri 'none'; "
    + "form-action 'self'; frame-ancestors 'none'"

/// FinnkinoWeb's bundled `Static` folder: the style sheet, the script and the icon.
func finnkinoStaticAssets() throws -> StaticAssets {
    guard let folder = Bundle.module.url(forResource: "Static", withExtension: nil) else {
        throw StaticAssetsError(message: "FinnkinoWeb: the bundled `Static` folder is missing")
    }
    return try StaticAssets(folder: folder, names: ["app.css", "app.js", "icon.svg"])
}
