import Foundation
import NIOConcurrencyHelpers

/// Whether a data source can be reached, as last observed (Observer pattern).
///
/// Fed by the outcome of real requests (``recordSuccess()``, ``recordFailure(_:)``) and, optionally,
/// by a probe run on a schedule (``startProbing(every:clock:probe:)``). Observers get the current
/// status and every change through ``values()``; repeated identical outcomes are not re-sent.
public final class Reachability: Sendable {
    /// The reachability of the data source.
    public enum Status: Sendable, Hashable {
        /// Nothing is known yet.
        case unknown
        /// The last request or probe got an answer (any HTTP status counts).
        case reachable
        /// Requests have got no answer since `since`.
        case unreachable(since: Date)

        /// True for ``unreachable(since:)``.
        public var isUnreachable: Bool {
            if case .unreachable = self { return true }
            return false
        }
    }

    private struct State {
        var lastOutcomeAt: Date?
        var probe: Task<Void, Never>?
    }

    private let subject = Subject<Status>(.unknown)
    private let state = NIOLockedValueBox(State())
    private let now: @Sendable () -> Date

    /// - Parameter now: the time source for ``Status/unreachable(since:)``.
    public init(now: @escaping @Sendable () -> Date = Date.init) {
        self.now = now
    }

    deinit {
        state.withLockedValue { $0.probe?.cancel() }
    }

    /// The current status.
    public var status: Status { subject.value }

    /// When the last outcome (success, failure or probe) was recorded, if ever.
    public var lastOutcomeAt: Date? { state.withLockedValue { $0.lastOutcomeAt } }

    /// The current status, then every change.
    public func values() -> AsyncStream<Status> { subject.values() }

    /// The number of live observations (for leak tests).
    public var observerCount: Int { subject.observerCount }

    /// Records that a request got an answer.
    public func recordSuccess() {
        let time = now()
        state.withLockedValue { $0.lastOutcomeAt = time }
        subject.replace { $0 == .reachable ? nil : .reachable }
    }

    /// Records that a request got no answer. Cancelled and invalid requests say nothing about the
    /// source and are ignored; so is an answer refused as too large (the source did answer).
    public func recordFailure(_ error: TransportError) {
        switch error.kind {
        case .cancelled, .invalidRequest, .tooLarge: return
        case .unreachable, .timedOut: break
        }
        let time = now()
        state.withLockedValue { $0.lastOutcomeAt = time }
        subject.replace { $0.isUnreachable ? nil : .unreachable(since: time) }
    }

    /// Waits until the status is not ``Status/unreachable(since:)``. Returns at once if it is not.
    /// Returns early (without the status changing) when the calling task is cancelled.
    public func waitUntilNotUnreachable() async {
        for await status in subject.values(bufferingPolicy: .bufferingNewest(1)) where !status.isUnreachable {
            return
        }
    }

    /// Runs `probe` now and then every `interval` on `clock` until ``stopProbing()``. A probe that
    /// returns records a success; one that throws records a failure (a ``TransportError`` as is,
    /// anything else as `.unreachable`).
    public func startProbing(
        every interval: Duration, clock: any Clock<Duration> = ContinuousClock(),
        probe: @escaping @Sendable () async throws -> Void
    ) {
        let task = Task { [weak self] in
            while !Task.isCancelled {
                do {
                    try await probe()
                    self?.recordSuccess()
                } catch let error as TransportError {
                    self?.recordFailure(error)
                } catch {
                    if Task.isCancelled { return }
                    self?.recordFailure(TransportError(.unreachable, "probe failed: \(error)"))
                }
                do { try await clock.sleep(for: interval) } catch { return }
            }
        }
        let previous = state.withLockedValue { state in
            let previous = state.probe
            state.probe = task
            return previous
        }
        previous?.cancel()
    }

    /// Stops the probe started by ``startProbing(every:clock:probe:)`` and waits until it has ended.
    public func stopProbing() async {
        let task = state.withLockedValue { state in
            let task = state.probe
            state.probe = nil
            return task
        }
        task?.cancel()
        await task?.value
    }
}
