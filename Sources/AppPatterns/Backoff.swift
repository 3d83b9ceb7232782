/// Exponential backoff: how long to wait before retrying after consecutive failures.
///
/// The first retry waits `base`, each further one `factor` times longer, never more than `maximum`.
/// A success resets the count (kept by the caller).
public struct Backoff: Sendable, Hashable {
    public var base: Duration
    public var factor: Double
    public var maximum: Duration

    public init(base: Duration = .seconds(5), factor: Double = 2, maximum: Duration = .seconds(300)) {
        self.base = base
        self.factor = max(factor, 1)
        self.maximum = maximum
    }

    /// The wait after `failures` consecutive failures (`failures` >= 1; 0 gives no wait).
    public func delay(afterFailures failures: Int) -> Duration {
        guard failures > 0 else { return .zero }
        var delay = base
        for _ in 1..<failures {
            delay = delay * factor
            if delay >= maximum { return maximum }
        }
        return min(delay, maximum)
    }
}
