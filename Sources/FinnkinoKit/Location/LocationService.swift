import AppPatterns
import Foundation
import NIOConcurrencyHelpers

/// The user's location as an Observer subject, and its updater.
///
/// ``subject`` holds the current ``UserLocation`` (nil: none known); observers get it and every
/// change, and only changes. The updater part sets it from a ``LocationSource``: ``use(_:)`` picks
/// a source, ``report(_:at:)`` accepts a position the browser sent, ``refresh()`` re-reads the
/// source, and a browser position older than `maximumAge` is dropped. ``start(clock:checkEvery:)``
/// refreshes on a schedule so a stale position goes away by itself; ``stop()`` ends it.
public final class LocationService: Sendable {
    /// How long a browser position is used: people move.
    public static let defaultMaximumAge: Duration = .seconds(15 * 60)

    /// The current location; observe it with `subject.values()`.
    public let subject: Subject<UserLocation?>
    private let maximumAge: Duration
    private let now: @Sendable () -> Date
    private let state: NIOLockedValueBox<(source: LocationSource, schedule: Task<Void, Never>?)>

    /// - Parameters:
    ///   - source: where the location comes from at first.
    ///   - maximumAge: how long a browser position stays valid.
    ///   - now: the time used to age browser positions (inject one in tests).
    public init(
        source: LocationSource = .none, maximumAge: Duration = defaultMaximumAge,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.maximumAge = maximumAge
        self.now = now
        state = NIOLockedValueBox((source, nil))
        subject = Subject(nil)
        refresh()
    }

    deinit {
        state.withLockedValue { $0.schedule?.cancel() }
    }

    /// The current location (nil: none known or stale).
    public var location: UserLocation? { subject.value }

    /// The current source.
    public var source: LocationSource { state.withLockedValue { $0.source } }

    /// The number of live observations of ``subject`` (for leak tests).
    public var observerCount: Int { subject.observerCount }

    /// Switches to `source` and publishes the location it gives.
    public func use(_ source: LocationSource) {
        state.withLockedValue { $0.source = source }
        refresh()
    }

    /// Accepts a position the browser reported at `time` (default: now; a time in the future
    /// counts as now) and makes the browser the source.
    public func report(_ coordinate: Coordinate, at time: Date? = nil) {
        let current = now()
        use(.browser(coordinate, reportedAt: min(time ?? current, current)))
    }

    /// Re-reads the source and publishes the location if it changed (a browser position that
    /// has grown too old becomes nil).
    public func refresh() {
        let source = self.source
        let location = Self.location(of: source, at: now(), maximumAge: maximumAge)
        // Compare and set at once, so a concurrent change is not overwritten by an older one.
        subject.replace { current in
            guard self.source == source, current != location else { return nil }
            return .some(location)
        }
    }

    /// Refreshes every `interval` on `clock` until ``stop()`` (does nothing if already started).
    public func start(clock: any Clock<Duration> = ContinuousClock(), checkEvery interval: Duration = .seconds(60)) {
        state.withLockedValue { state in
            guard state.schedule == nil else { return }
            state.schedule = Task { [weak self] in
                while !Task.isCancelled {
                    do { try await clock.sleep(for: interval) } catch { return }
                    guard let self else { return }
                    self.refresh()
                }
            }
        }
    }

    /// Ends the schedule and waits until it has stopped.
    public func stop() async {
        let schedule = state.withLockedValue { state in
            defer { state.schedule = nil }
            return state.schedule
        }
        schedule?.cancel()
        await schedule?.value
    }

    /// True between ``start(clock:checkEvery:)`` and ``stop()``.
    public var isRunning: Bool { state.withLockedValue { $0.schedule != nil } }

    static func location(of source: LocationSource, at time: Date, maximumAge: Duration) -> UserLocation? {
        switch source {
        case .none: return nil
        case .fixed(let coordinate): return UserLocation(coordinate: coordinate, source: source)
        case .city(let city): return UserLocation(coordinate: city.coordinate, source: source)
        case .browser(let coordinate, let reportedAt):
            let age = time.timeIntervalSince(reportedAt)
            let limit = Double(maximumAge.components.seconds) + Double(maximumAge.components.attoseconds) / 1e18
            return age <= limit ? UserLocation(coordinate: coordinate, source: source) : nil
        }
    }
}
