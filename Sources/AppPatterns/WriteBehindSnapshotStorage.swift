import Foundation
import Logging
import NIOConcurrencyHelpers

/// A ``SnapshotStorage`` for snapshots saved often and needed only after a restart (the place a
/// page view leaves): a save is kept in memory and returns at once, and everything saved is
/// written to `base` together, in one durable step, `delay` after the first save not yet written
/// (or at ``flush()``, which a server calls when it stops). A page view then never waits for the
/// disk, and a thousand views a second cost one write, not a thousand.
///
/// A crash of the process or the machine loses at most the last `delay` of saves (longer only while
/// the base storage fails). Reads see the saves not yet written. A removal is written at once (it
/// is an erasure), and no save made before it is written after it.
public final class WriteBehindSnapshotStorage: SnapshotStorage {
    public let base: any SnapshotStorage
    public var delay: Duration { timer.delay }
    private let timer: DelayedWrite
    private let logger: Logger

    private struct Pending {
        var snapshots: [String: Data] = [:]
        /// Taken by a flush that has not returned yet: still read from here until it has.
        var inFlight: [String: Data] = [:]
    }
    private let pending = NIOLockedValueBox(Pending())
    /// Held while `base` is written: a flush and a removal never overlap.
    private let writing = NIOLock()

    public init(base: any SnapshotStorage, delay: Duration = .seconds(2), logger: Logger) {
        self.base = base
        timer = DelayedWrite(delay: delay)
        self.logger = logger
    }

    public func snapshot(for key: String) throws -> Data? {
        if let data = pending.withLockedValue({ $0.snapshots[key] ?? $0.inFlight[key] }) { return data }
        return try base.snapshot(for: key)
    }

    public func save(_ data: Data, for key: String) throws {
        pending.withLockedValue { $0.snapshots[key] = data }
        scheduleFlush()
    }

    /// Flushes `delay` from now, unless that is scheduled already.
    private func scheduleFlush() {
        timer.schedule { [self] in
            do {
                try flush()
                return true
            } catch {
                logger.warning("snapshots not written (tried again in \(delay)): \(error)")
                return false
            }
        }
    }

    public func save(_ snapshots: [String: Data]) throws {
        for (key, data) in snapshots { try save(data, for: key) }
    }

    public func removeSnapshot(for key: String) throws {
        try writing.withLock {
            pending.withLockedValue { pending in
                pending.snapshots.removeValue(forKey: key)
                pending.inFlight.removeValue(forKey: key)
            }
            try base.removeSnapshot(for: key)
        }
    }

    /// Writes every pending save now. When the write fails they stay pending (a newer save of the
    /// same key wins), and a timed write tries again after `delay`.
    public func flush() throws {
        try writing.withLock {
            let batch = pending.withLockedValue { pending in
                pending.inFlight = pending.snapshots
                pending.snapshots = [:]
                return pending.inFlight
            }
            guard !batch.isEmpty else { return }
            defer { pending.withLockedValue { $0.inFlight = [:] } }
            do {
                try base.save(batch)
            } catch {
                pending.withLockedValue { $0.snapshots.merge(batch) { newer, _ in newer } }
                throw error
            }
        }
    }
}
