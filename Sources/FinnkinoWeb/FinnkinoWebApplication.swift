import AppPatterns
import FinnkinoKit
import Foundation
import Hummingbird
import Logging
import WebSupport

/// The Finnkino web app on `configuration`'s address: pages, fragments, live updates, static files
/// and images, with security headers and request logs. Run it with `runService()`.
public func makeApplication(_ configuration: WebConfiguration) throws -> some ApplicationProtocol {
    makeApplication(routes: try FinnkinoRoutes(configuration), configuration: configuration)
}

/// The app of `routes` on `configuration`'s address.
func makeApplication(routes: FinnkinoRoutes, configuration: WebConfiguration) -> some ApplicationProtocol {
    makeLocalServer(
        router: routes.router, host: configuration.host, port: configuration.port,
        idleTimeout: configuration.idleTimeout, services: routes.services,
        onServerRunning: configuration.onServerRunning, logger: configuration.logger)
}

/// Finnkino's pages: scripts, styles and images of its own only (images also as `data:` URLs).
let finnkinoContentSecurityPolicy =
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; manifest-src 'self'; "
    + "worker-src 'self'; "
    + "base-uri 'none'; "
    + "form-action 'self'; frame-ancestors 'none'"

/// FinnkinoWeb's bundled `Static` folder: the style sheet, the script and the icon.
func finnkinoStaticAssets() throws -> StaticAssets {
    guard let folder = Bundle.module.url(forResource: "Static", withExtension: nil) else {
        throw StaticAssetsError(message: "FinnkinoWeb: the bundled `Static` folder is missing")
    }
    return try StaticAssets(folder: folder, names: ["app.css", "app.js", "icon.svg"])
}
