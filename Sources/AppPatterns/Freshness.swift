import Foundation

/// How old a cached answer may be when a value is fetched.
///
/// An ``Updater``'s schedule fetches with ``cachePeriod``: the feed's own cache period decides
/// whether the source is asked. A refresh someone asked for (``Updater/refresh()``) fetches with
/// ``revalidate``: the source is asked now, so that "refresh" means what it says and a source that
/// went away is noticed. Either way a failed request falls back on the cache, marked stale.
public enum Freshness: Sendable, Hashable {
    /// A cached answer younger than the feed's cache period is served without a request.
    case cachePeriod
    /// The source is asked now (a conditional request when something is cached).
    case revalidate

    /// The `maxAge` to give ``WebService/load(_:maxAge:)`` for a feed cached for `period` seconds.
    public func maxAge(cachePeriod period: TimeInterval) -> TimeInterval {
        switch self {
        case .cachePeriod: period
        case .revalidate: 0
        }
    }
}
