import AppPatterns
import Foundation
import NIOConcurrencyHelpers

/// A ``Transport`` that answers from code, for tests and previews: a fixed response, any status,
/// a failure, a list of replies in turn, or a closure per request; optionally after a delay
/// measured on an injected clock. It records every request it receives.
public final class StubTransport: Transport {
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
    private struct State {
        var answers: Answers
        var received: [TransportRequest] = []
    }
    private let state: NIOLockedValueBox<State>

    /// A stub that asks `responder` for each reply, after `delay` on `clock` when given.
    public init(
        sourceDescription: String = "stub", delay: Duration? = nil,
        clock: any Clock<Duration> = ContinuousClock(), responder: @escaping Responder
    ) {
        self.sourceDescription = sourceDescription
        self.delay = delay
        self.clock = clock
        state = NIOLockedValueBox(State(answers: .responder(responder)))
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
        state.withLockedValue { $0.answers = .responder(responder) }
    }

    /// Answers further requests with `replies` in turn, then the last one repeatedly.
    public func respond(with replies: [Reply]) {
        state.withLockedValue { $0.answers = .replies(replies) }
    }

    /// The requests received so far, in order.
    public var receivedRequests: [TransportRequest] { state.withLockedValue { $0.received } }

    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        let answer: (TransportRequest) -> Reply = state.withLockedValue { state in
            state.received.append(request)
            switch state.answers {
            case .responder(let responder):
                return responder
            case .replies(var replies):
                let reply = replies.count > 1 ? replies.removeFirst() : replies.first ?? .status(503)
                state.answers = .replies(replies)
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
