import FinnkinoKit
import Hummingbird
import Logging

/// The Finnkino web app on `configuration`'s address: pages, fragments, live updates, static files
/// and images, with security headers and request logs. Run it with `runService()`.
public func makeApplication(_ configuration: WebConfiguration) throws -> some ApplicationProtocol {
    let router = Router(context: BasicRequestContext.self)
    router.add(middleware: LogRequestsMiddleware(.info))
    router.add(middleware: SecurityHeadersMiddleware())
    let places = PlaceKeeper(storage: configuration.stateStorage, logger: configuration.logger)
    router.add(middleware: NotFoundPageMiddleware(places: places, defaultLanguage: configuration.defaultLanguage))
    let catalog = StoreCatalog(probeInterval: configuration.probeInterval, make: configuration.makeStore)
    let web = WebRoutes(
        screens: Screens(
            catalog: catalog, now: configuration.now, location: configuration.location,
            bookmarks: configuration.bookmarks),
        assets: try StaticAssets(),
        defaultLanguage: configuration.defaultLanguage,
        places: places
    )
    web.add(to: router)
    InternationalRoutes(web: web).add(to: router)
    TrailerRoutes(
        web: web,
        sessions: EditorSessions(
            library: configuration.library, uploads: configuration.uploads, logger: configuration.logger),
        media: try? BundledMedia.standard()
    )
    .add(to: router)
    ImageRoutes(pipeline: configuration.images, catalog: catalog, logger: configuration.logger).add(to: router)
    let onServerRunning = configuration.onServerRunning
    return Application(
        router: router,
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: nil),
        onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? configuration.port) },
        logger: configuration.logger)
}
