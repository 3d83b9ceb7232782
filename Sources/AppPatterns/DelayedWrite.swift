import Dispatch
import NIOConcurrencyHelpers

/// When the writes kept behind a response are made: `delay` after the first ask, once for every
/// ask in between, on a Dispatch thread (the wait for the disk takes none of the requests'
/// threads). A write that fails is asked for again, `delay` later.
///
/// The owner keeps what is pending and says how to write it; this only keeps the time.
public final class DelayedWrite: Sendable {
    public let delay: Duration
    /// Whether a write is scheduled.
    private let scheduled = NIOLockedValueBox(false)

    public init(delay: Duration) {
        self.delay = delay
    }

    /// Runs `write` `delay` from now, unless a write is scheduled already; `write` says whether
    /// it succeeded.
    public func schedule(_ write: @escaping @Sendable () -> Bool) {
        let first = scheduled.withLockedValue { scheduled in
            defer { scheduled = true }
            return !scheduled
        }
        guard first else { return }
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + delay.dispatchInterval) { [self] in
            scheduled.withLockedValue { $0 = false }
            if !write() { schedule(write) }
        }
    }
}

extension Duration {
    /// The same span for Dispatch, to the nanosecond.
    public var dispatchInterval: DispatchTimeInterval {
        let (seconds, attoseconds) = components
        return .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    }
}
