import AppPatterns
import Crypto
import Foundation

/// The server's identity towards push services (VAPID, RFC 8292): a P-256 key pair. Browsers
/// subscribe with its public key (the Push API's `applicationServerKey`), and every push request
/// carries a token signed with the private key, which the push service checks against the key the
/// subscription was made with. Subscriptions are bound to the key: it is made once and kept.
public struct VAPIDKey: Sendable {
    private let key: P256.Signing.PrivateKey

    /// A new key pair.
    public init() {
        key = P256.Signing.PrivateKey()
    }

    /// The key pair of a kept private key (``privateKeyBytes``).
    public init(privateKeyBytes: [UInt8]) throws {
        key = try P256.Signing.PrivateKey(rawRepresentation: privateKeyBytes)
    }

    /// The private key's 32 bytes, to keep.
    public var privateKeyBytes: [UInt8] { Array(key.rawRepresentation) }

    /// The public key, an uncompressed point (65 bytes).
    public var publicKey: [UInt8] { Array(key.publicKey.x963Representation) }

    /// The public key in base64url: the `applicationServerKey` a page subscribes with, and `k=`.
    public var publicKeyText: String { Base64URL.encode(publicKey) }

    /// The `Authorization` header of a push request to `audience` (the push service's origin):
    /// `vapid t=<JWT>,k=<public key>`, the token valid until `expiry` (at most 24 hours ahead, as
    /// RFC 8292 section 2 allows), naming `subject` (a `mailto:` or `https:` contact).
    public func authorization(audience: String, subject: String, expiry: Date) throws -> String {
        struct Claims: Encodable {
            var aud: String
            var exp: Int64
            var sub: String
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let header = Base64URL.encode(Array(#"{"typ":"JWT","alg":"ES256"}"#.utf8))
        let claims = Base64URL.encode(
            try encoder.encode(Claims(aud: audience, exp: Int64(expiry.timeIntervalSince1970), sub: subject)))
        let signed = header + "." + claims
        // ES256 in a JWT is the raw r || s (64 bytes), not DER.
        let signature = try key.signature(for: Array(signed.utf8)).rawRepresentation
        // No space after the comma: HTTP allows one, but some push services' parsers (and Python's
        // py-vapid) split the header at its last space.
        return "vapid t=\(signed).\(Base64URL.encode(signature)),k=\(publicKeyText)"
    }
}
