import AppPatterns
import Foundation
import Synchronization

/// One HTTP transport per site that serves images (Finnkino's media host), made on first use and
/// shared, like the feeds' own.
final class ImageTransports: Sendable {
    private let transports = Mutex<[URL: HTTPTransport]>([:])

    func transport(for origin: URL) -> HTTPTransport {
        transports.withLock { transports in
            if let existing = transports[origin] { return existing }
            let made = HTTPTransport(baseURL: origin, timeout: 20)
            transports[origin] = made
            return made
        }
    }
}
