import Foundation

/// A ``Transport`` that answers from code, for tests and previews: a fixed response, any status,
/// a failure, a list of replies in turn, or a closure per request; optionally after a delay
/// measured on an injected clock. It records every request it receives.
///
/// Its state is guarded by an `NSLock` rather than a `Synchronization.Mutex`: ThreadSanitizer
/// models pthread locks but not Mutex's futex, and tests share stubs across tasks under
/// `scripts/tsan`.
public final class StubTransport: Transport, @unchecked Sendable {
    /// One answer: a response (any status) or a failure to get one.
    public enum Reply: Sendable, Equatable {
        case response(TransportResponse)
        case failure(TransportError)

        /// A response with `status`, `body` and `headers`.
        public static func status(_ status: Int, body: Data = Data(), headers: [String: String] = [:]) -> Reply {
            .response(TransportResponse(status: status, headers: headers, body: body))
        }
    }

    /// Chooses the reply to a request.
    public typealias Responder = @Sendable (TransportRequest) -> Reply

    /// How further requests are answered.
    private enum Answers {
        case responder(Responder)
        /// In turn, then the last one repeatedly (a 503 when empty).
        case replies([Reply])
    }

    public let sourceDescription: String
    private let delay: Duration?
    private let clock: any Clock<Duration>
    // Guarded by `lock`.
    private let lock = NSLock()
    private var answers: Answers
    private var received: [TransportRequest] = []

    /// A stub that asks `responder` for each reply, after `delay` on `clock` when given.
    public init(
        sourceDescription: String = "stub", delay: Duration? = nil,
        clock: any Clock<Duration> = ContinuousClock(), responder: @escaping Responder
    ) {
        self.sourceDescription = sourceDescription
        self.delay = delay
        self.clock = clock
        answers = .responder(responder)
    }

    /// A stub that gives `replies` in turn and then keeps giving the last one (a 503 when empty).
    public convenience init(
        replies: [Reply], sourceDescription: String = "stub", delay: Duration? = nil,
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.init(sourceDescription: sourceDescription, delay: delay, clock: clock) { _ in .status(503) }
        respond(with: replies)
    }

    /// A stub that always gives `reply`.
    public convenience init(
        _ reply: Reply, sourceDescription: String = "stub", delay: Duration? = nil,
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.init(replies: [reply], sourceDescription: sourceDescription, delay: delay, clock: clock)
    }

    /// Replaces how further requests are answered.
    public func respond(with responder: @escaping Responder) {
        lock.withLock { answers = .responder(responder) }
    }

    /// Answers further requests with `replies` in turn, then the last one repeatedly.
    public func respond(with replies: [Reply]) {
        lock.withLock { answers = .replies(replies) }
    }

    /// The requests received so far, in order.
    public var receivedRequests: [TransportRequest] { lock.withLock { received } }

    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        let answer: (TransportRequest) -> Reply = lock.withLock {
            received.append(request)
            switch answers {
            case .responder(let responder):
                return responder
            case .replies(var replies):
                let reply = replies.count > 1 ? replies.removeFirst() : replies.first ?? .status(503)
                answers = .replies(replies)
                return { _ in reply }
            }
        }
        if let delay {
            do {
                try await clock.sleep(for: delay)
            } catch {
                throw TransportError(.cancelled, "\(sourceDescription): request \(request) was cancelled")
            }
        }
        switch answer(request) {
        case .response(let response): return response
        case .failure(let error): throw error
        }
    }
}
