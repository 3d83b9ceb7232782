import AppPatterns
import Logging
import MusicifyKit

/// What Musicify's web app needs: where to listen, which architecture builds the screen, and where
/// the chart comes from.
public struct MusicifyWebConfiguration: Sendable {
    /// The address to bind; loopback unless told otherwise.
    public var host: String
    /// The port; 0 picks a free one (see ``onServerRunning``).
    public var port: Int
    /// The architecture of every screen the app builds.
    public var architecture: Architecture
    /// The source's transport (``LatestSongsAPI/transport(for:timeout:)``); with
    /// ``BundledSongsTransport`` the app also serves the bundled artwork and song pages.
    public var transport: any Transport
    /// The chart asked for.
    public var endpoint: MostPlayedSongsEndpoint
    /// Called with the bound port when the server accepts connections.
    public var onServerRunning: @Sendable (Int) async -> Void
    public var logger: Logger

    public init(
        host: String = "127.0.0.1", port: Int = 8080, architecture: Architecture = .mvc,
        transport: any Transport, endpoint: MostPlayedSongsEndpoint = MostPlayedSongsEndpoint(),
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in },
        logger: Logger = Logger(label: "musicify.web")
    ) {
        self.host = host
        self.port = port
        self.architecture = architecture
        self.transport = transport
        self.endpoint = endpoint
        self.onServerRunning = onServerRunning
        self.logger = logger
    }
}
