import Crypto
import Foundation

/// What a browser holds to be its person: 256 random bits, written as 43 characters of base64url
/// (the session cookie's value). The server keeps only its SHA-256 (``hash``), so a copy of the
/// database does not let anyone act as a person.
public struct SessionToken: Sendable, Equatable, CustomStringConvertible {
    /// The cookie's value.
    public let text: String
    /// SHA-256 of the token's bytes: the only form the server stores.
    public let hash: Data

    /// A new random token.
    public static func random() -> SessionToken {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return SessionToken(bytes: bytes)
    }

    /// The token a browser sent, when it has the form of one (anything else is no token at all).
    public init?(text: String) {
        guard text.utf8.count == 43, let bytes = Self.decode(text), bytes.count == 32 else { return nil }
        self.init(bytes: bytes)
        // One token, one spelling: a last character with stray low bits reads as the same bytes.
        guard self.text == text else { return nil }
    }

    private init(bytes: [UInt8]) {
        text = Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        hash = Data(SHA256.hash(data: bytes))
    }

    private static func decode(_ text: String) -> [UInt8]? {
        guard text.utf8.allSatisfy({ $0.isBase64URLDigit }) else { return nil }
        let standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/") + "="
        return Data(base64Encoded: standard).map { Array($0) }
    }

    /// Never the token itself (it would end up in logs).
    public var description: String { "session token" }
}

extension UInt8 {
    fileprivate var isBase64URLDigit: Bool {
        (self >= 0x41 && self <= 0x5A) || (self >= 0x61 && self <= 0x7A) || (self >= 0x30 && self <= 0x39)
            || self == 0x2D || self == 0x5F
    }
}
