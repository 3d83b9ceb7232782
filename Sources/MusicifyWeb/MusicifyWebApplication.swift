import Foundation
import Hummingbird
import Logging
import MusicifyKit
import WebSupport

/// Musicify's web app on `configuration`'s address: the latest-songs page built by the configured
/// architecture, song selections, the bundled chart's artwork and song pages, and the style sheet,
/// with security headers and request logs. Run it with `runService()`.
public func makeMusicifyApplication(_ configuration: MusicifyWebConfiguration) throws -> some ApplicationProtocol {
    /// Every GET route also answers HEAD, without the body.
    let router = Router(context: BasicRequestContext.self, options: .autoGenerateHeadEndpoints)
    router.add(middleware: LogRequestsMiddleware(.info))
    router.add(middleware: SecurityHeadersMiddleware(contentSecurityPolicy: musicifyContentSecurityPolicy))
    router.add(middleware: RequestOriginMiddleware())
    guard let folder = Bundle.module.url(forResource: "Static", withExtension: nil) else {
        throw StaticAssetsError(message: "MusicifyWeb: the bundled `Static` folder is missing")
    }
    let routes = try LatestSongsRoutes(
        architecture: configuration.architecture, transport: configuration.transport,
        endpoint: configuration.endpoint,
        assets: StaticAssets(folder: folder, names: ["musicify.css", "musicify-icon.svg"]))
    routes.add(to: router)
    return makeLocalServer(
        router: router, host: configuration.host, port: configuration.port,
        onServerRunning: configuration.onServerRunning, logger: configuration.logger)
}

/// Musicify's pages: no scripts at all; styles and images of its own, and artwork from https
/// servers (Apple's) for the live chart.
let musicifyContentSecurityPolicy =
    "default-src 'none'; img-src 'self' https:; style-src 'self'; base-uri 'none'; form-action 'self'; "
    + "frame-ancestors 'none'"
