import Foundation
import NIOConcurrencyHelpers
import PostgresNIO
import Storage
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// TLS to PostgreSQL (issue 39): `sslmode` in the database address, against the throwaway server of
/// `scripts/with-postgres`, which speaks TLS with a certificate for localhost and 127.0.0.1 issued by
/// a CA made for the run (`FINNKINO_TEST_DATABASE_CA`).
@Suite(.timeLimit(.minutes(3))) struct PostgresTLSTests {
    static let environment = ProcessInfo.processInfo.environment
    static let serverCA = environment["FINNKINO_TEST_DATABASE_CA"]
    static let otherCA = environment["FINNKINO_TEST_DATABASE_OTHER_CA"]
    static var hasTLSServer: Bool { TestPostgres.isAvailable && serverCA != nil && otherCA != nil }

    @Test func sslmodeIsReadFromTheAddressAsLibpqReadsIt() throws {
        func mode(_ query: String) -> PostgresTLSMode? {
            PostgresLocation(url: "postgres://finnkino@db.example.org/finnkino" + query)?.tlsMode
        }
        #expect(mode("") == .prefer)
        #expect(mode("?sslmode=disable") == .disable)
        #expect(mode("?sslmode=require") == .require)
        #expect(mode("?sslmode=require&sslrootcert=/ca.pem") == .verifyCA(rootCertificate: "/ca.pem"))
        #expect(mode("?sslmode=verify-ca") == .verifyCA(rootCertificate: nil))
        #expect(
            mode("?sslmode=VERIFY-FULL&sslrootcert=/etc/ssl/db.pem") == .verifyFull(rootCertificate: "/etc/ssl/db.pem"))
        // A mode this program does not know is refused, not taken for another
        #expect(mode("?sslmode=allow") == nil)
        #expect(mode("?sslmode=verify_full") == nil)
        // And the address shown in messages says the mode, never the password
        let location = try #require(
            PostgresLocation(url: "postgres://u:secret@db.example.org/f?sslmode=verify-full&sslrootcert=/ca.pem"))
        #expect(location.redacted == "postgres://u:***@db.example.org:5432/f?sslmode=verify-full&sslrootcert=/ca.pem")
    }

    @Test(.enabled(if: hasTLSServer)) func verifyFullConnectsWithTheServersCAOverTLS() throws {
        for host in ["localhost", "127.0.0.1"] {
            // Given the server's address with verify-full and its CA, by name and by address
            let pool = PostgresPool(
                try Self.location(host: host, "sslmode=verify-full&sslrootcert=\(Self.serverCA ?? "")"))
            // Then the connection is made, and it is encrypted
            #expect(try Self.isEncrypted(pool), "\(host)")
        }
    }

    @Test(.enabled(if: hasTLSServer)) func verifyFullRefusesAServerWhoseCertificateAnotherCAIssued() throws {
        let pool = PostgresPool(
            try Self.location(host: "localhost", "sslmode=verify-full&sslrootcert=\(Self.otherCA ?? "")"),
            checkoutTimeout: .seconds(5))
        do {
            _ = try Self.isEncrypted(pool)
            Issue.record("connected to a server another CA vouches for")
        } catch {
            // Refused for its certificate, not for anything else
            #expect(String(describing: error).localizedCaseInsensitiveContains("certificate"), "\(error)")
        }
    }

    @Test(.enabled(if: hasTLSServer)) func aCAFileThatCannotBeReadIsSaidWhenConnecting() throws {
        let pool = PostgresPool(
            try Self.location(host: "localhost", "sslmode=verify-full&sslrootcert=/nonexistent.pem"))
        do {
            _ = try Self.isEncrypted(pool)
            Issue.record("connected without its CA file")
        } catch {
            #expect(String(describing: error).contains("cannot connect to PostgreSQL"))
        }
    }

    @Test(.enabled(if: hasTLSServer)) func preferEncryptsAndDisableDoesNot() throws {
        #expect(try Self.isEncrypted(PostgresPool(try Self.location(host: "127.0.0.1", ""))))
        #expect(try !Self.isEncrypted(PostgresPool(try Self.location(host: "127.0.0.1", "sslmode=disable"))))
    }

    @Test func requireRefusesAServerWithoutTLS() throws {
        // Given a server that answers a client's TLS request with "N" (no TLS), as PostgreSQL
        // without ssl does
        let server = try NoTLSServer()
        defer { server.stop() }
        // When the client requires TLS, Then it does not connect, and the server never saw a
        // startup message (the user's name): nothing went in the clear
        let location = try #require(
            PostgresLocation(url: "postgres://finnkino@127.0.0.1:\(server.port)/finnkino?sslmode=require"))
        #expect(throws: PostgresPoolError.self) { try PostgresPool(location, checkoutTimeout: .seconds(5)).connect() }
        #expect(server.bytesAfterTheTLSRequest == 0)
        // And with prefer, the same client goes on in the clear (which is what prefer means)
        let preferred = try #require(PostgresLocation(url: "postgres://finnkino@127.0.0.1:\(server.port)/finnkino"))
        _ = try? PostgresPool(preferred, checkoutTimeout: .seconds(5)).connect()
        #expect(server.bytesAfterTheTLSRequest > 0)
    }

    // MARK: Helpers

    static func location(host: String, _ query: String) throws -> PostgresLocation {
        let base = try #require(TestPostgres.location)
        let text =
            "postgres://\(base.username)@\(host):\(base.port)/\(base.database)" + (query.isEmpty ? "" : "?" + query)
        return try #require(PostgresLocation(url: text))
    }

    /// Whether the pool's connection is encrypted, as the server sees it.
    static func isEncrypted(_ pool: PostgresPool) throws -> Bool {
        try pool.withSession { session in
            try session.query("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()").first?.decode(Bool.self)
                ?? false
        }
    }
}

/// A TCP server on 127.0.0.1 that answers PostgreSQL's SSLRequest with `N` and counts what the
/// client sends after it (a startup message, in the clear).
private final class NoTLSServer: Sendable {
    let port: Int
    private let socket: Int32
    private let received = NIOLockedValueBox(0)

    var bytesAfterTheTLSRequest: Int { received.withLockedValue { $0 } }

    init() throws {
        let listener = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) }
        }
        guard bound == 0, listen(listener, 8) == 0 else { throw PostgresPoolError("cannot listen") }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        socket = listener
        let received = self.received
        let thread = Thread {
            while true {
                let client = accept(listener, nil, nil)
                if client < 0 { return }
                var request = [UInt8](repeating: 0, count: 8)
                _ = recv(client, &request, 8, Int32(MSG_WAITALL))
                _ = send(client, [UInt8(ascii: "N")], 1, 0)
                var buffer = [UInt8](repeating: 0, count: 1024)
                let count = recv(client, &buffer, 1024, 0)
                if count > 0 { received.withLockedValue { $0 += count } }
                close(client)
            }
        }
        thread.start()
    }

    func stop() {
        shutdown(socket, Int32(SHUT_RDWR))
        close(socket)
    }
}
