import AppPatterns
import Hummingbird
import HummingbirdTesting
import Logging
import MusicifyKit
import MusicifyWeb

/// Musicify's web app as `makeMusicifyApplication` builds it, driven through Hummingbird's router
/// test client (no sockets).
enum WebAppUnderTest {
    /// Runs `test` against the app of `architecture` on `transport`.
    static func test<Value: Sendable>(
        _ architecture: Architecture = .mvc, transport: any Transport,
        _ test: @Sendable (any TestClientProtocol) async throws -> Value
    ) async throws -> Value {
        let app = try makeMusicifyApplication(
            MusicifyWebConfiguration(
                port: 0, architecture: architecture, transport: transport,
                logger: Logger(label: "test-musicify-web", factory: { _ in SwiftLogNoOpLogHandler() })))
        return try await app.test(.router, test)
    }
}

extension TestResponse {
    var text: String { String(buffer: body) }
}
