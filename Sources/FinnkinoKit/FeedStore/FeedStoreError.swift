/// What the FeedStore itself can refuse (the source's own failures come as `WebServiceError`).
public enum FeedStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    case movieNotFound(id: Int)
    case area(AreaMatcher.MatchError)

    public var description: String {
        switch self {
        case .movieNotFound(let id): "no movie has the ID \(id) (see `finnkino movies`)"
        case .area(let error): error.description
        }
    }
}
