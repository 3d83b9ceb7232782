/// base64url without padding (RFC 4648, section 5): session tokens, Web Push keys and JWTs.
///
/// Decoding is strict: only the 64 characters of the alphabet, no padding, and no stray low bits
/// in the last character, so that the same bytes have one spelling only. It works byte by byte
/// rather than through Foundation's base64 and string replacements (a hosted server decodes a
/// session token on every request).
public enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// The bytes as base64url without padding.
    public static func encode<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var characters: [UInt8] = []
        characters.reserveCapacity(bytes.underestimatedCount * 4 / 3 + 2)
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

    /// The bytes of base64url text; nil for any other character, padding, a length no bytes have,
    /// or stray low bits in the last character.
    public static func decode(_ text: String) -> [UInt8]? {
        text.utf8.withContiguousStorageIfAvailable(decode) ?? Array(text.utf8).withUnsafeBufferPointer(decode)
    }

    private static func decode(_ characters: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard characters.count % 4 != 1 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(characters.count * 3 / 4)
        var buffer: UInt32 = 0
        var bits = 0
        for character in characters {
            guard let value = value(of: character) else { return nil }
            buffer = buffer << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                bytes.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
            }
        }
        guard buffer & (1 << UInt32(bits) - 1) == 0 else { return nil }
        return bytes
    }

    /// A character's 6 bits; nil for any other byte.
    private static func value(of character: UInt8) -> UInt8? {
        switch character {
        case 0x41...0x5A: character - 0x41  // A-Z
        case 0x61...0x7A: character - 0x61 + 26  // a-z
        case 0x30...0x39: character - 0x30 + 52  // 0-9
        case 0x2D: 62  // -
        case 0x5F: 63  // _
        default: nil
        }
    }
}
