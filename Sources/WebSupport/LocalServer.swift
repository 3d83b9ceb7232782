import Hummingbird
import Logging

/// A web app's server: `router` on `host`:`port`, telling `onServerRunning` the port it listens
/// on once it does (the one the system picked when `port` is 0). Run it with `runService()`.
public func makeLocalServer(
    router: Router<BasicRequestContext>, host: String, port: Int,
    onServerRunning: @escaping @Sendable (Int) async -> Void, logger: Logger
) -> some ApplicationProtocol {
    Application(
        router: router,
        configuration: .init(address: .hostname(host, port: port), serverName: nil),
        onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? port) },
        logger: logger)
}
