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

    /// Writes `payload` where readers of `key` do not see it yet: ``commit(_:)`` then puts it in
    /// place of the payload for `key` at once, or ``discard(_:)`` removes it. The web service
    /// stores a body this way while it decodes it, so that an undecodable body is never served.
    func stage(_ payload: CachedPayload, for key: String) -> StagedPayload
    /// Makes a staged payload the payload for its key.
    func commit(_ staged: StagedPayload)
    /// Removes a staged payload; the payload for its key stays as it was.
    func discard(_ staged: StagedPayload)

    /// Runs `refresh`, the fetch of `key`'s payload from its source, where no one else refreshes
    /// it at the same time. A cache that several processes share makes them take turns, and gives
    /// `refresh` the payload another one stored after `newerThan` meanwhile (use it rather than
    /// fetching); a cache of one process runs `refresh(nil)` at once (the ``WebService`` already
    /// joins its own callers).
    func refreshAlone<T: Sendable>(_ key: String, newerThan: Date?, _ refresh: (CachedPayload?) async -> T) async -> T
}

/// A payload written by ``PayloadCache/stage(_:for:)``, not yet the payload for its key.
public struct StagedPayload: Sendable {
    public let payload: CachedPayload
    public let key: String
    /// Where the cache keeps it meanwhile (a row, say); nil when it keeps nothing until the commit.
    public let handle: Int64?

    package init(_ payload: CachedPayload, for key: String, handle: Int64?) {
        self.payload = payload
        self.key = key
        self.handle = handle
    }
}

extension PayloadCache {
    /// A cache whose writes are quick keeps nothing before the commit.
    public func stage(_ payload: CachedPayload, for key: String) -> StagedPayload {
        StagedPayload(payload, for: key, handle: nil)
    }

    public func commit(_ staged: StagedPayload) { store(staged.payload, for: staged.key) }

    public func discard(_ staged: StagedPayload) {}

    public func refreshAlone<T: Sendable>(
        _ key: String, newerThan: Date?, _ refresh: (CachedPayload?) async -> T
    ) async -> T {
        await refresh(nil)
    }
}
