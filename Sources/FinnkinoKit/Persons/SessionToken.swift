import AppPatterns
import Crypto
import Foundation

/// What a browser holds to be its person: 256 random bits, written as 43 characters of base64url
/// (the session cookie's value). The server keeps only its SHA-256 (``hash``), so a copy of the
/// database does not let anyone act as a person.
public struct SessionToken: Sendable, Equatable, CustomStringConvertible {
    /// How long a session lasts without being used; also the cookie's `Max-Age`.
    public static let lifetime: TimeInterval = 180 * 86_400

    /// The cookie's value.
    public let text: String
    /// SHA-256 of the token's bytes: the only form the server stores.
    public let hash: Data

    /// A new random token.
    public static func random() -> SessionToken {
        var generator = SystemRandomNumberGenerator()
        return SessionToken(bytes: (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    /// The token a browser sent, when it has the form of one (anything else is no token at all).
    /// Read on every request of a hosted server (``Base64URL`` decodes it byte by byte).
    public init?(text: String) {
        guard text.utf8.count == 43, let bytes = Base64URL.decode(text), bytes.count == 32 else { return nil }
        self.text = text
        hash = Data(SHA256.hash(data: bytes))
    }

    /// The token of these 32 bytes.
    init(bytes: [UInt8]) {
        text = Base64URL.encode(bytes)
        hash = Data(SHA256.hash(data: bytes))
    }

    /// Never the token itself (it would end up in logs).
    public var description: String { "session token" }
}
