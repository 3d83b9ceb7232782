import AppPatterns
import NIOConcurrencyHelpers

/// Passes requests on to a transport and remembers how the last one went, so that a command can
/// say what happened when the screen only shows "Connection error" or "JSON parsing error".
final class RecordingTransport: Transport {
    /// How an exchange ended: an answer, or no answer at all.
    enum Outcome: Sendable {
        case answered(TransportResponse)
        case failed(any Error)
    }

    private let base: any Transport
    private let last = NIOLockedValueBox<Outcome?>(nil)

    init(_ base: any Transport) {
        self.base = base
    }

    var sourceDescription: String { base.sourceDescription }

    /// How the last request ended; nil before any.
    var lastOutcome: Outcome? { last.withLockedValue { $0 } }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        do {
            let response = try await base.send(request)
            last.withLockedValue { $0 = .answered(response) }
            return response
        } catch {
            last.withLockedValue { $0 = .failed(error) }
            throw error
        }
    }
}
