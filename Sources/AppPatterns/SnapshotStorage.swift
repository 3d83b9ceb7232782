import Foundation
import NIOConcurrencyHelpers

/// Where a ``MementoStore`` keeps its encoded snapshots: bytes by key, nothing more.
public protocol SnapshotStorage: Sendable {
    /// The bytes saved under `key`, nil when there are none.
    func snapshot(for key: String) throws -> Data?
    /// Saves `data` under `key`, replacing what was there; durable when it returns.
    func save(_ data: Data, for key: String) throws
    /// Removes what is saved under `key`, if anything; durable when it returns.
    func removeSnapshot(for key: String) throws
    /// Saves every snapshot of `snapshots` (bytes by key), in one durable step where the storage
    /// can: what ``WriteBehindSnapshotStorage`` writes.
    func save(_ snapshots: [String: Data]) throws
}

extension SnapshotStorage {
    public func save(_ snapshots: [String: Data]) throws {
        for (key, data) in snapshots { try save(data, for: key) }
    }
}

/// Snapshots in memory: for tests and for runs that keep nothing.
public final class InMemorySnapshotStorage: SnapshotStorage {
    private let snapshots = NIOLockedValueBox<[String: Data]>([:])

    public init() {}

    public func snapshot(for key: String) throws -> Data? { snapshots.withLockedValue { $0[key] } }

    public func save(_ data: Data, for key: String) throws { snapshots.withLockedValue { $0[key] = data } }

    public func removeSnapshot(for key: String) throws { _ = snapshots.withLockedValue { $0.removeValue(forKey: key) } }
}
