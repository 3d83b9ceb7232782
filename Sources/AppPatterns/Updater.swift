import NIOConcurrencyHelpers

/// Refreshes one subject in the background, on demand or on a schedule (the Updater of the
/// Subject/Updater/Observer split).
///
/// - ``refresh()`` fetches now, asking for ``Freshness/revalidate``; concurrent calls share one
///   fetch.
/// - ``start()`` fetches at once, then every `interval` (or only once when `interval` is nil),
///   retrying failures after an exponential ``Backoff``; a success resets the backoff. Scheduled
///   fetches ask for ``Freshness/cachePeriod``.
/// - While the ``Reachability`` says unreachable the schedule pauses; it resumes with a refresh as
///   soon as the status changes. Feed the reachability (a probe, or the requests of a
///   ``WebService``) or the schedule stays paused; ``refresh()`` always fetches.
/// - ``stop()`` cancels the schedule and any running fetch and waits until they have ended. A
///   running schedule keeps the updater alive: call ``stop()`` when done.
///
/// The subject carries a ``FeedState``: loading and failures keep the last good value.
public final class Updater<Value: Sendable>: Sendable {
    private struct State {
        var consecutiveFailures = 0
        var loop: Task<Void, Never>?
    }

    /// The subject this updater publishes into.
    public let subject: Subject<FeedState<Value>>
    private let fetch: @Sendable (Freshness) async throws -> Value
    private let interval: Duration?
    private let backoff: Backoff
    private let reachability: Reachability?
    private let clock: any Clock<Duration>
    /// Whether waits are sliced (see ``sleep(on:for:)``): on the clocks whose sleeps are the
    /// runtime's timers, not on a test clock.
    private let slicesSleeps: Bool
    private let fetches = RequestCoalescer<Freshness, Void>()
    private let state = NIOLockedValueBox(State())

    /// - Parameters:
    ///   - subject: where states are published.
    ///   - interval: time between scheduled refreshes after a success; nil fetches once on
    ///     ``start()`` (and retries failures).
    ///   - backoff: waits between retries after failures.
    ///   - reachability: pauses the schedule while unreachable.
    ///   - clock: measures the waits (inject a test clock in tests).
    ///   - fetch: gets a value as fresh as it is asked for; it should stop early when its task is
    ///     cancelled.
    public init(
        subject: Subject<FeedState<Value>> = Subject(.idle), interval: Duration? = nil,
        backoff: Backoff = Backoff(), reachability: Reachability? = nil,
        clock: any Clock<Duration> = ContinuousClock(),
        fetch: @escaping @Sendable (Freshness) async throws -> Value
    ) {
        self.subject = subject
        self.interval = interval
        self.backoff = backoff
        self.reachability = reachability
        self.clock = clock
        slicesSleeps = clock is ContinuousClock || clock is SuspendingClock
        self.fetch = fetch
    }

    deinit {
        state.withLockedValue { $0.loop?.cancel() }
        fetches.cancelAll()
    }

    /// The number of failures since the last success.
    public var consecutiveFailures: Int { state.withLockedValue { $0.consecutiveFailures } }

    /// True between ``start()`` and ``stop()`` (or the end of a one-shot schedule).
    public var isRunning: Bool { state.withLockedValue { $0.loop != nil } }

    /// Fetches now, revalidating with the source, and returns when the subject holds the outcome.
    /// Joins a refresh already running (not a scheduled fetch, which may be answered by a cache).
    public func refresh() async {
        await coalescedFetch(.revalidate)
    }

    private func coalescedFetch(_ freshness: Freshness) async {
        await fetches.run(freshness) { [self] in await performFetch(freshness) }
    }

    /// The number of callers waiting for the running refresh (for coalescing tests).
    var refreshCallers: Int { fetches.callerCount(for: .revalidate) }

    /// Starts the schedule (does nothing if it runs already).
    public func start() {
        state.withLockedValue { state in
            guard state.loop == nil else { return }
            state.loop = Task { [weak self] in
                await self?.runSchedule()
            }
        }
    }

    /// Stops the schedule and any running fetch, and waits until both have ended.
    public func stop() async {
        let loop = state.withLockedValue { state in
            let loop = state.loop
            state.loop = nil
            return loop
        }
        loop?.cancel()
        fetches.cancelAll()
        await loop?.value
    }

    private func runSchedule() async {
        while !Task.isCancelled {
            if let reachability, reachability.status.isUnreachable {
                await reachability.waitUntilNotUnreachable()
                if Task.isCancelled { return }
            }
            await coalescedFetch(.cachePeriod)
            if Task.isCancelled { return }
            let failures = consecutiveFailures
            let delay: Duration
            if failures > 0 {
                delay = backoff.delay(afterFailures: failures)
            } else if let interval {
                delay = interval
            } else {
                break
            }
            do {
                if slicesSleeps {
                    try await Self.sleep(on: clock, for: delay)
                } else {
                    try await clock.sleep(for: delay)
                }
            } catch {
                return
            }
        }
        // A one-shot schedule ended by itself.
        state.withLockedValue { $0.loop = nil }
    }

    /// The longest single sleep of the schedule.
    static var sleepSlice: Duration { .seconds(1) }

    /// Waits `delay` on `clock` in slices of at most ``sleepSlice``, towards one deadline. A
    /// cancelled sleep keeps its timer, about 740 bytes, until its deadline: a feed whose schedule
    /// every page that opens and closes starts and stops would otherwise keep one per page for the
    /// whole interval (an hour for movies; the soak grew by 740 bytes a page). A test clock
    /// advanced past the deadline at once still wakes the schedule once.
    static func sleep<C: Clock>(on clock: C, for delay: Duration) async throws where C.Duration == Duration {
        let deadline = clock.now.advanced(by: delay)
        while clock.now < deadline {
            try await clock.sleep(until: min(deadline, clock.now.advanced(by: sleepSlice)), tolerance: nil)
        }
    }

    private func performFetch(_ freshness: Freshness) async {
        var before = FeedState<Value>.idle
        subject.update { state in
            before = state
            state = .loading(previous: state.value)
        }
        let previous = before.value
        do {
            let value = try await fetch(freshness)
            state.withLockedValue { $0.consecutiveFailures = 0 }
            subject.send(.loaded(value))
        } catch {
            if Task.isCancelled || error is CancellationError {
                // Stopped, not failed: show what was there before.
                subject.send(before)
                return
            }
            state.withLockedValue { $0.consecutiveFailures += 1 }
            subject.send(.failed(message: String(describing: error), previous: previous))
        }
    }
}
