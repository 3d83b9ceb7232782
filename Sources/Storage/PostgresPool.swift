import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import PostgresNIO

/// Why a PostgreSQL database could not be reached, read or changed.
public struct PostgresPoolError: Error, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }

    /// The server's own words for `error` (PostgresNIO's description hides them, to keep queries
    /// out of logs by accident; ours say what failed, never a bound value).
    static func reason(_ error: any Error) -> String {
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] { return message }
            if let underlying = error.underlying { return "\(error.code): \(underlying)" }
            return "\(error.code)"
        }
        return "\(error)"
    }
}

/// A PostgreSQL database, used the way the stores use SQLite: synchronously, from any thread.
///
/// The stores' contracts are synchronous (a SQLite call blocks its caller for a disk write too),
/// so every call here blocks its caller for the round trips it needs. The connections run on an
/// event loop thread of their own (``eventLoopGroup``), never one of the caller's, so a caller on
/// Swift's cooperative pool waits for that thread and cannot wait for itself.
///
/// At most ``maximumConnections`` connections are open; a caller beyond them waits for one to be
/// free, up to ``checkoutTimeout``. A connection the server closed is opened anew on next use.
public final class PostgresPool: Sendable {
    /// The event loop every database's connections run on: one thread, for the life of the process.
    static let eventLoopGroup = MultiThreadedEventLoopGroup(numberOfThreads: 1)

    public let location: PostgresLocation
    public let maximumConnections: Int
    public let checkoutTimeout: Duration
    private let logger: Logger
    private let idle = NIOLockedValueBox<[PostgresConnection]>([])
    private let free: DispatchSemaphore
    private let nextID = NIOLockedValueBox(0)
    /// The location's configuration, made once (a TLS context reads its CA file and the system's).
    private let configuration: Result<PostgresConnection.Configuration, any Error>

    /// A database at `location` (no connection is opened before the first call).
    public init(
        _ location: PostgresLocation, maximumConnections: Int = 8, checkoutTimeout: Duration = .seconds(10),
        logger: Logger = Logger(label: "PostgresPool")
    ) {
        self.location = location
        self.maximumConnections = maximumConnections
        self.checkoutTimeout = checkoutTimeout
        self.logger = logger
        free = DispatchSemaphore(value: maximumConnections)
        configuration = Result { try location.configuration() }
    }

    deinit {
        for connection in idle.withLockedValue({ $0 }) { connection.closeInBackground() }
    }

    /// A new connection, not from the pool (for `LISTEN`, which keeps its connection).
    public func connect() throws(PostgresPoolError) -> PostgresConnection {
        let id = nextID.withLockedValue { id in
            id += 1
            return id
        }
        do {
            return try PostgresConnection.connect(
                on: Self.eventLoopGroup.next(), configuration: try configuration.get(), id: id, logger: logger
            ).wait()
        } catch {
            throw PostgresPoolError(
                "cannot connect to PostgreSQL at \(location.redacted): \(PostgresPoolError.reason(error))")
        }
    }

    /// Runs `body` on a connection of the pool, outside any transaction (each statement commits).
    public func withSession<T>(_ body: (PostgresSession) throws -> T) throws -> T {
        let connection = try checkOut()
        defer { checkIn(connection) }
        return try body(PostgresSession(connection: connection, logger: logger))
    }

    /// Runs `body` on a connection of the pool that it keeps across its suspensions (for a
    /// session-level advisory lock held while the caller awaits something else).
    public func withHeldSession<T>(_ body: (PostgresSession) async throws -> T) async throws -> T {
        let connection = try checkOut()
        defer { checkIn(connection) }
        return try await body(PostgresSession(connection: connection, logger: logger))
    }

    /// A connection for one caller: an idle one, or a new one while fewer than the maximum are out.
    private func checkOut() throws -> PostgresConnection {
        let timeout = DispatchTime.now() + .milliseconds(Int(checkoutTimeout.components.seconds * 1_000))
        guard free.wait(timeout: timeout) == .success else {
            throw PostgresPoolError(
                "no connection to PostgreSQL at \(location.redacted) was free within \(checkoutTimeout)")
        }
        do {
            // An idle connection the server closed meanwhile (a restart, a timeout) is dropped.
            while let connection = idle.withLockedValue({ $0.popLast() }) {
                if !connection.isClosed { return connection }
            }
            return try connect()
        } catch {
            free.signal()
            throw error
        }
    }

    /// Gives a connection back; one that was closed is left (the next caller opens a new one).
    private func checkIn(_ connection: PostgresConnection) {
        if !connection.isClosed { idle.withLockedValue { $0.append(connection) } }
        free.signal()
    }

    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
    public func transaction<T>(_ body: (PostgresSession) throws -> T) throws -> T {
        try withSession { session in
            try session.execute("BEGIN")
            do {
                let value = try body(session)
                try session.execute("COMMIT")
                return value
            } catch {
                _ = try? session.execute("ROLLBACK")
                throw error
            }
        }
    }
}

/// One connection of a ``PostgresPool`` while a caller holds it.
public struct PostgresSession {
    let connection: PostgresConnection
    let logger: Logger

    /// Closes the connection (the pool then drops it): what a session holding a lock it cannot
    /// release does, since the server releases a session's locks when it ends.
    public func close() {
        _ = try? connection.close().wait()
    }

    /// The rows `query` returns.
    @discardableResult
    public func query(_ query: PostgresQuery) throws -> [PostgresRow] {
        try run(query).rows
    }

    /// Runs a statement; returns how many rows it changed (0 for one that changes none).
    @discardableResult
    public func execute(_ query: PostgresQuery) throws -> Int {
        try run(query).metadata.rows ?? 0
    }

    private func run(_ query: PostgresQuery) throws -> PostgresQueryResult {
        do {
            return try connection.query(query, logger: logger).wait()
        } catch {
            throw PostgresPoolError(PostgresPoolError.reason(error))
        }
    }
}

/// Where a PostgreSQL database is, read from a `postgres://user[:password]@host[:port]/database`
/// address (`postgresql://` too; an IPv6 host in brackets).
public struct PostgresLocation: Sendable, Equatable, CustomStringConvertible {
    public var host: String
    public var port: Int
    public var username: String
    public var password: String?
    public var database: String
    /// The schema the connections work in (`search_path`); nil for the server's default (`public`).
    public var schema: String?
    /// How the connection is encrypted (`sslmode`).
    public var tlsMode: PostgresTLSMode

    public init(
        host: String, port: Int = 5432, username: String, password: String? = nil, database: String,
        schema: String? = nil, tlsMode: PostgresTLSMode = .prefer
    ) {
        self.host = host
        self.port = port
        self.username = username
        self.password = password
        self.database = database
        self.schema = schema
        self.tlsMode = tlsMode
    }

    /// The database an address names; nil when it is not a `postgres://` address with a user, a
    /// host and a database, or names an `sslmode` this program does not know.
    public init?(url text: String) {
        guard let components = URLComponents(string: text),
            ["postgres", "postgresql"].contains(components.scheme?.lowercased()),
            let host = components.host, !host.isEmpty,
            let user = components.user, !user.isEmpty
        else { return nil }
        let database = String(components.path.drop { $0 == "/" })
        guard !database.isEmpty, !database.contains("/") else { return nil }
        if let port = components.port, !(1...65535).contains(port) { return nil }
        let query = components.queryItems ?? []
        func value(_ name: String) -> String? {
            query.last { $0.name == name }?.value.flatMap { $0.isEmpty ? nil : $0 }
        }
        guard let tlsMode = PostgresTLSMode(sslmode: value("sslmode"), rootCertificate: value("sslrootcert")) else {
            return nil
        }
        self.init(
            host: host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host, port: components.port ?? 5432,
            username: user, password: components.password,
            database: database, tlsMode: tlsMode)
    }

    /// The address without its password, for messages and logs.
    public var redacted: String {
        let schemaPart = schema.map { " (schema \($0))" } ?? ""
        let query = tlsMode.queryItems.isEmpty ? "" : "?" + tlsMode.queryItems.joined(separator: "&")
        return "postgres://\(username)\(password == nil ? "" : ":***")@\(host):\(port)/\(database)\(query)\(schemaPart)"
    }

    public var description: String { redacted }

    /// PostgresNIO's configuration; throws when the TLS mode's CA file cannot be read.
    func configuration() throws -> PostgresConnection.Configuration {
        var configuration = PostgresConnection.Configuration(
            host: host, port: port, username: username, password: password, database: database, tls: try tlsMode.tls())
        if let schema { configuration.options.additionalStartupParameters = [("search_path", schema)] }
        return configuration
    }
}

extension PostgresConnection {
    /// Closes the connection without waiting for it, and keeps it until it is closed (PostgresNIO
    /// requires a connection to be closed before it is released).
    func closeInBackground() {
        let closing: EventLoopFuture<Void> = close()
        closing.whenComplete { _ in withExtendedLifetime(self) {} }
    }
}
