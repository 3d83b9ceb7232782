/// What the FeedStore itself can refuse (the source's own failures come as `WebServiceError`).
public enum FeedStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    case movieNotFound(id: Int)
    case area(AreaMatcher.MatchError)
    /// The international lists cannot be had (no TMDB key in live mode); the message says why.
    case chartsUnavailable(String)

    public var description: String {
        switch self {
        case .movieNotFound(let id): "no movie has the ID \(id) (see `finnkino movies`)"
        case .area(let error): error.description
        case .chartsUnavailable(let message): message
        }
    }
}
