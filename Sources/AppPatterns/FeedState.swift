/// What a view shows for data that is fetched in the background: nothing yet, loading (with the
/// last good value, if any), a value, or a failure (with the last good value, if any).
///
/// Freshness belongs to the value: publish a `Loaded<Response>` (from ``WebService/load(_:maxAge:)``)
/// to carry when it was fetched and whether it is stale.
public enum FeedState<Value: Sendable>: Sendable {
    /// Nothing fetched or attempted yet.
    case idle
    /// A fetch is running; `previous` is the last good value, if any.
    case loading(previous: Value?)
    /// The last fetch succeeded.
    case loaded(Value)
    /// The last fetch failed with `message` (one line, for people); `previous` is the last good
    /// value, if any, which should keep being shown.
    case failed(message: String, previous: Value?)

    /// The value to show: the loaded one, or the last good one while loading or after a failure.
    public var value: Value? {
        switch self {
        case .idle: nil
        case .loading(let previous): previous
        case .loaded(let value): value
        case .failed(_, let previous): previous
        }
    }

    /// True while a fetch runs.
    public var isLoading: Bool {
        if case .loading = self { return true }
        return false
    }

    /// The failure message of the last fetch, if it failed.
    public var failureMessage: String? {
        if case .failed(let message, _) = self { return message }
        return nil
    }
}

extension FeedState: Equatable where Value: Equatable {}
