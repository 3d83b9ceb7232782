import Foundation

/// A ``PayloadCache`` that keeps nothing: for a source that answers again as fast as a cache
/// would, and never fails (the bundled dataset, made from memory). The ``WebService`` still keeps
/// what it decoded; a kept body would only be a second copy of what the source holds anyway.
public struct NoPayloadCache: PayloadCache {
    public init() {}

    public func payload(for key: String) -> CachedPayload? { nil }

    public func store(_ payload: CachedPayload, for key: String) {}

    public func markRevalidated(_ key: String, at date: Date) {}

    public func removePayload(for key: String) {}

    public func removeAll() {}
}
