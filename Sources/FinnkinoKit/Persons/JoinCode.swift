import Crypto
import Foundation

/// A one-time code that joins another device to a person: eight characters of an alphabet
/// without look-alikes (no 0/O, 1/I), shown as `ABCD-EFGH` and read back however it is typed
/// (lower case, spaces, a dash or none). 32^8 = 2^40 codes; with a code valid 10 minutes and the
/// attempts rate-limited, guessing one is hopeless.
public struct JoinCode: Sendable, Equatable, CustomStringConvertible {
    /// How long a code can be used.
    public static let lifetime: TimeInterval = 10 * 60

    static let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789".utf8)

    /// The eight characters, without the dash.
    public let characters: String
    /// SHA-256 of ``characters``: the only form the server stores.
    package var hash: Data { Data(SHA256.hash(data: Data(characters.utf8))) }

    package static func random() -> JoinCode {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<8).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }
        return JoinCode(characters: String(decoding: bytes, as: UTF8.self))
    }

    private init(characters: String) { self.characters = characters }

    /// The code a person typed, when it can be one.
    public init?(typed text: String) {
        guard text.utf8.count <= 40 else { return nil }
        let kept = text.uppercased().utf8.filter { $0 != 0x20 && $0 != 0x2D }
        guard kept.count == 8, kept.allSatisfy({ Self.alphabet.contains($0) }) else { return nil }
        characters = String(decoding: kept, as: UTF8.self)
    }

    /// As shown: `ABCD-EFGH`.
    public var description: String { String(characters.prefix(4)) + "-" + String(characters.suffix(4)) }
}
