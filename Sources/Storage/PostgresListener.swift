import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOCore
import PostgresNIO

/// Hears a PostgreSQL channel (`LISTEN`) on a connection of its own and hands every
/// notification's payload to `handler`, on the database's event loop thread (keep it short).
///
/// When the connection drops, it connects again after a second, and tells `handler`'s owner by
/// calling `reconnected`: what was notified meanwhile was missed, so the owner reads anew.
/// ``stop()`` (or releasing the listener) closes the connection.
public final class PostgresListener: Sendable {
    public let channel: String
    private let pool: PostgresPool
    private let handler: @Sendable (String) -> Void
    private let reconnected: @Sendable () -> Void
    private let logger: Logger
    private let state = NIOLockedValueBox(State())
    private struct State {
        var connection: PostgresConnection?
        var stopped = false
    }

    /// Starts listening; throws when the first connection cannot be made.
    public init(
        channel: String, pool: PostgresPool, logger: Logger = Logger(label: "PostgresListener"),
        reconnected: @escaping @Sendable () -> Void = {}, handler: @escaping @Sendable (String) -> Void
    ) throws {
        precondition(channel.allSatisfy { $0.isLetter || $0 == "_" }, "a channel name of letters")
        self.channel = channel
        self.pool = pool
        self.handler = handler
        self.reconnected = reconnected
        self.logger = logger
        try listen()
    }

    deinit { stop() }

    /// Whether the connection is open, so that a notification sent now will be heard (false from
    /// the moment it is lost until it is made again).
    public var isListening: Bool {
        state.withLockedValue { state in state.connection.map { !$0.isClosed } ?? false }
    }

    /// Closes the connection; no notification is handed on after this returns.
    public func stop() {
        let connection = state.withLockedValue { state in
            state.stopped = true
            defer { state.connection = nil }
            return state.connection
        }
        connection?.closeInBackground()
    }

    private func listen() throws {
        let connection = try pool.connect()
        connection.addListener(channel: channel) { [weak self] _, notification in
            guard let self, !self.state.withLockedValue(\.stopped) else { return }
            self.handler(notification.payload)
        }
        do {
            _ = try connection.query(PostgresQuery(unsafeSQL: "LISTEN \(channel)"), logger: logger).wait()
        } catch {
            connection.closeInBackground()
            throw PostgresPoolError("cannot listen to \(channel): \(PostgresPoolError.reason(error))")
        }
        let kept = state.withLockedValue { state in
            guard !state.stopped else { return false }
            state.connection = connection
            return true
        }
        guard kept else {
            connection.closeInBackground()
            return
        }
        connection.closeFuture.whenComplete { [weak self] _ in self?.connectionClosed() }
    }

    private func connectionClosed() {
        let stopped = state.withLockedValue { state in
            state.connection = nil
            return state.stopped
        }
        guard !stopped else { return }
        logger.warning("the connection listening to \(channel) closed; connecting again in a second")
        DispatchQueue.global().asyncAfter(deadline: .now() + 1) { [weak self] in
            guard let self, !self.state.withLockedValue(\.stopped) else { return }
            do {
                try self.listen()
                self.reconnected()
            } catch {
                self.logger.warning("\(error)")
                self.connectionClosed()
            }
        }
    }
}
