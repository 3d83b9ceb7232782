import Foundation

/// Stores response bodies by key (a request's description) for the ``WebService``.
///
/// A cache never throws: a storage failure is logged and behaves like a miss, so a broken cache
/// cannot stop the data from being served. Calls are synchronous and quick.
public protocol PayloadCache: Sendable {
    /// The payload stored for `key`, marking it recently used.
    func payload(for key: String) -> CachedPayload?
    /// Stores `payload` for `key`, replacing any earlier one.
    func store(_ payload: CachedPayload, for key: String)
    /// Records that the server confirmed the payload for `key` unchanged at `date` (a 304).
    func markRevalidated(_ key: String, at date: Date)
    /// Removes the payload for `key`.
    func removePayload(for key: String)
    /// Removes every payload.
    func removeAll()
}
