import AppPatterns
import Foundation
import NIOConcurrencyHelpers

/// One HTTP transport per site that serves images (Finnkino's media host), made on first use and
/// shared, like the feeds' own. An image answer may be at most ``maxImageBytes``.
final class ImageTransports: Sendable {
    /// The largest image accepted: real posters and backdrops are under 1 MB.
    static let maxImageBytes = 8 << 20

    private let transports = NIOLockedValueBox<[URL: HTTPTransport]>([:])

    func transport(for origin: URL) -> HTTPTransport {
        transports.withLockedValue { transports in
            if let existing = transports[origin] { return existing }
            let made = HTTPTransport(baseURL: origin, timeout: 20, maxBodyBytes: Self.maxImageBytes)
            transports[origin] = made
            return made
        }
    }
}
