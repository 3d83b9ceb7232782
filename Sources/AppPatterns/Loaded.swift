import Foundation

/// A value from a ``WebService`` with its freshness.
public struct Loaded<Value: Sendable>: Sendable {
    /// The decoded value.
    public var value: Value
    /// When the body it was decoded from was fetched or last confirmed by the server.
    public var fetchedAt: Date
    /// True when fresh data could not be had and this is older cached data.
    public var isStale: Bool
    /// Why fresh data could not be had (set when stale).
    public var staleReason: WebServiceError?

    public init(value: Value, fetchedAt: Date, isStale: Bool = false, staleReason: WebServiceError? = nil) {
        self.value = value
        self.fetchedAt = fetchedAt
        self.isStale = isStale
        self.staleReason = staleReason
    }

    /// Seconds since it was fetched, at `now`.
    public func age(at now: Date) -> TimeInterval { now.timeIntervalSince(fetchedAt) }

    /// The same freshness around another value.
    public func map<Other: Sendable>(_ transform: (Value) throws -> Other) rethrows -> Loaded<Other> {
        Loaded<Other>(value: try transform(value), fetchedAt: fetchedAt, isStale: isStale, staleReason: staleReason)
    }
}

extension Loaded: Equatable where Value: Equatable {}
