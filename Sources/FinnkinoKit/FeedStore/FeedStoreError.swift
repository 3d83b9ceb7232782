/// What the FeedStore itself can refuse (the source's own failures come as `WebServiceError`).
public enum FeedStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    case movieNotFound(id: Int)
    /// No show of this ID in the area's schedule of that day.
    case showNotFound(id: Int, area: Int, date: LocalDate)
    case area(AreaMatcher.MatchError)
    /// The international lists cannot be had (no TMDB key in live mode); the message says why.
    case chartsUnavailable(String)

    public var description: String {
        switch self {
        case .movieNotFound(let id): "no movie has the ID \(id) (see `finnkino movies`)"
        case .showNotFound(let id, let area, let date):
            "no show has the ID \(id) in area \(area) on \(date) (see `finnkino showtimes`)"
        case .area(let error): error.description
        case .chartsUnavailable(let message): message
        }
    }
}
