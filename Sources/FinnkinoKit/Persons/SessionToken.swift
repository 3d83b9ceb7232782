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
    /// Read on every request of a hosted server, so it is decoded byte by byte rather than through
    /// `Data(base64Encoded:)` and three string replacements (8% of a page view's time, measured).
    public init?(text: String) {
        guard text.utf8.count == 43,
            let bytes = text.utf8.withContiguousStorageIfAvailable(Self.decode)
                ?? Array(text.utf8).withUnsafeBufferPointer(Self.decode)
        else { return nil }
        self.text = text
        hash = Data(SHA256.hash(data: bytes))
    }

    /// The token of these 32 bytes.
    init(bytes: [UInt8]) {
        text = Self.encode(bytes)
        hash = Data(SHA256.hash(data: bytes))
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// base64url without padding (RFC 4648, section 5).
    private static func encode(_ bytes: [UInt8]) -> String {
        var characters: [UInt8] = []
        characters.reserveCapacity((bytes.count * 4 + 2) / 3)
        var buffer: UInt32 = 0
        var bits = 0
        for byte in bytes {
            buffer = buffer << 8 | UInt32(byte)
            bits += 8
            while bits >= 6 {
                bits -= 6
                characters.append(alphabet[Int(buffer >> UInt32(bits) & 63)])
            }
        }
        if bits > 0 { characters.append(alphabet[Int(buffer << UInt32(6 - bits) & 63)]) }
        return String(decoding: characters, as: UTF8.self)
    }

    /// The 32 bytes of 43 base64url characters; nil for any other character, or when the last
    /// one has stray low bits (then the same bytes would have two spellings, two cookies one person).
    private static func decode(_ characters: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        var buffer: UInt32 = 0
        var bits = 0
        for character in characters {
            guard let value = character.base64URLValue else { return nil }
            buffer = buffer << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                bytes.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
            }
        }
        guard bytes.count == 32, buffer & (1 << UInt32(bits) - 1) == 0 else { return nil }
        return bytes
    }

    /// Never the token itself (it would end up in logs).
    public var description: String { "session token" }
}

extension UInt8 {
    /// This base64url character's 6 bits; nil for any other byte.
    fileprivate var base64URLValue: UInt8? {
        switch self {
        case 0x41...0x5A: self - 0x41  // A-Z
        case 0x61...0x7A: self - 0x61 + 26  // a-z
        case 0x30...0x39: self - 0x30 + 52  // 0-9
        case 0x2D: 62  // -
        case 0x5F: 63  // _
        default: nil
        }
    }
}
