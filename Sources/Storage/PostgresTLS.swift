import NIOSSL
import PostgresNIO

/// How the connection to PostgreSQL is protected: libpq's `sslmode`, read from the database
/// address (`postgres://user@db.example.org/finnkino?sslmode=verify-full&sslrootcert=/etc/ssl/db-ca.pem`).
///
/// - `disable`: plain TCP.
/// - `prefer` (the default, as libpq's): TLS when the server offers it, plain otherwise; the
///   server's certificate is not checked, so this keeps out eavesdroppers, not impostors.
/// - `require`: TLS or no connection; the certificate is not checked (libpq's meaning), unless
///   `sslrootcert` is given, when it is checked as `verify-ca` (as libpq does).
/// - `verify-ca`: TLS, with a certificate issued by `sslrootcert`'s CA (or the system's CAs).
/// - `verify-full`: as `verify-ca`, and the certificate names the host connected to. What a
///   managed database across a network needs.
public enum PostgresTLSMode: Sendable, Equatable, CustomStringConvertible {
    case disable
    case prefer
    case require
    /// The CA file (PEM); nil: the system's trusted CAs.
    case verifyCA(rootCertificate: String?)
    case verifyFull(rootCertificate: String?)

    /// The mode an address's `sslmode` and `sslrootcert` name; nil for an `sslmode` this program
    /// does not know (libpq's `allow` included: it would try plain first, which no operator wants).
    public init?(sslmode: String?, rootCertificate: String?) {
        switch sslmode?.lowercased() {
        case nil, "prefer": self = .prefer
        case "disable": self = .disable
        case "require": self = rootCertificate == nil ? .require : .verifyCA(rootCertificate: rootCertificate)
        case "verify-ca": self = .verifyCA(rootCertificate: rootCertificate)
        case "verify-full": self = .verifyFull(rootCertificate: rootCertificate)
        default: return nil
        }
    }

    public var description: String {
        switch self {
        case .disable: "disable"
        case .prefer: "prefer"
        case .require: "require"
        case .verifyCA: "verify-ca"
        case .verifyFull: "verify-full"
        }
    }

    /// The query items that say this mode in an address (none for the default).
    var queryItems: [String] {
        switch self {
        case .prefer: []
        case .disable, .require: ["sslmode=\(description)"]
        case .verifyCA(let root), .verifyFull(let root):
            ["sslmode=\(description)"] + (root.map { ["sslrootcert=\($0)"] } ?? [])
        }
    }

    /// PostgresNIO's TLS setting for this mode; throws when the CA file cannot be read.
    func tls() throws -> PostgresConnection.Configuration.TLS {
        switch self {
        case .disable: return .disable
        case .prefer: return .prefer(try Self.context(verification: .none, root: nil))
        case .require: return .require(try Self.context(verification: .none, root: nil))
        case .verifyCA(let root): return .require(try Self.context(verification: .noHostnameVerification, root: root))
        case .verifyFull(let root): return .require(try Self.context(verification: .fullVerification, root: root))
        }
    }

    private static func context(verification: CertificateVerification, root: String?) throws -> NIOSSLContext {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.certificateVerification = verification
        configuration.minimumTLSVersion = .tlsv12
        if let root {
            configuration.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(root))
        }
        return try NIOSSLContext(configuration: configuration)
    }
}
