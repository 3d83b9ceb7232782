import Hummingbird
import Logging
import ServiceLifecycle

/// A web app's server: `router` on `host`:`port`, telling `onServerRunning` the port it listens
/// on once it does (the one the system picked when `port` is 0). Run it with `runService()`.
///
/// A connection that sends nothing for ``idleTimeout`` is closed, a half-sent request included
/// (a request head sent a byte at a time counts as nothing until it is whole), so slow or
/// abandoned clients cannot hold connections for ever. A response being written (a page's live
/// updates) keeps its connection.
public func makeLocalServer<Context: RequestContext>(
    router: Router<Context>, host: String, port: Int, idleTimeout: Duration = LocalServer.idleTimeout,
    services: [any Service] = [], onServerRunning: @escaping @Sendable (Int) async -> Void, logger: Logger
) -> some ApplicationProtocol where Context.Source == ApplicationRequestContextSource {
    let nanoseconds =
        idleTimeout.components.seconds * 1_000_000_000 + idleTimeout.components.attoseconds / 1_000_000_000
    return Application(
        router: router,
        server: .http1(configuration: .init(idleTimeout: .nanoseconds(nanoseconds))),
        configuration: .init(address: .hostname(host, port: port), serverName: nil),
        services: services,
        onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? port) },
        logger: logger)
}

/// The limits every web app's server keeps.
public enum LocalServer {
    /// How long a connection may send nothing (or only part of a request head) before it is closed.
    public static let idleTimeout: Duration = .seconds(20)

    /// Whether `host` is a loopback address, which only this computer can reach: `localhost`,
    /// `::1`, or an IPv4 address of 127.0.0.0/8 (four numbers, the first 127; a name such as
    /// `127.example.org` is not one).
    public static func isLoopback(_ host: String) -> Bool {
        let name = host.lowercased()
        if name == "localhost" || name == "::1" || name == "[::1]" { return true }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        let numbers = parts.compactMap { part in part.count <= 3 && part.allSatisfy(\.isASCII) ? UInt8(part) : nil }
        return parts.count == 4 && numbers.count == 4 && numbers[0] == 127
    }
}
