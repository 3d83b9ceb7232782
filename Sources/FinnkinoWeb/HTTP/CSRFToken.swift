import AppPatterns
import Crypto
import FinnkinoKit
import Foundation
import Storage

/// A per-browser token against cross-site request forgery, derived from a server secret.
///
/// On a hosted server the token is bound to the browser's session instead: forms carry
/// `HMAC-SHA256(secret, "session:" + hex(SHA-256 of the session token))`, so one person's token
/// is refused for any other session, and no `csrf` cookie is needed.
///
/// The browser holds a random nonce in an `HttpOnly`, `SameSite=Strict` cookie; every form repeats
/// `HMAC-SHA256(secret, nonce)` in a hidden field (the upload sends it in `X-CSRF-Token`). A
/// change is accepted only when the field is the MAC of the cookie: a value an attacker planted
/// as both cookie and field is refused, since without the secret they cannot make its MAC. Pages
/// of another origin are refused before this by ``RequestOriginMiddleware``.
struct CSRFToken: Sendable, Equatable {
    static let cookieName = "csrf"
    static let fieldName = "csrf"

    /// The cookie's value: 256 random bits as 64 hex digits.
    let cookie: String
    /// What forms carry: the MAC of ``cookie``, 64 hex digits.
    let value: String

    /// A new nonce for a browser that has none.
    static func random(secret: CSRFSecret) -> CSRFToken {
        // Four 64-bit draws: each is a getrandom(2) call on Linux, and a byte a draw made 32 of
        // them for every new visitor's page (10% of a cookieless /movies request's CPU).
        var generator = SystemRandomNumberGenerator()
        let words: [UInt64] = (0..<4).map { _ in generator.next() }
        return CSRFToken(cookie: words.withUnsafeBytes { Self.hex($0) }, secret: secret)
    }

    /// The token of a hosted server's session.
    init(session: SessionToken, secret: CSRFSecret) {
        self.init(cookie: "session:" + Self.hex(session.hash), secret: secret)
    }

    /// The token of a browser's cookie, if the cookie has the right form.
    init?(client value: String?, secret: CSRFSecret) {
        guard let value, value.utf8.count == 64,
            value.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) })
        else { return nil }
        self.init(cookie: value, secret: secret)
    }

    private init(cookie: String, secret: CSRFSecret) {
        self.cookie = cookie
        // From the secret's keyed state: keying the MAC anew took half of a token's time, and a
        // hosted page's token is made on every request (perf, 2026-12-01).
        var mac = secret.keyedMAC
        var bytes = cookie
        bytes.withUTF8 { mac.update(data: UnsafeRawBufferPointer($0)) }
        value = mac.finalize().withUnsafeBytes { Self.hex($0) }
    }

    /// Whether `submitted` is this browser's token; compared in time independent of where they differ.
    func matches(_ submitted: String?) -> Bool {
        guard let submitted else { return false }
        let mine = Array(value.utf8)
        let theirs = Array(submitted.utf8)
        guard mine.count == theirs.count else { return false }
        var difference: UInt8 = 0
        for index in mine.indices { difference |= mine[index] ^ theirs[index] }
        return difference == 0
    }

    private static func hex(_ bytes: some Collection<UInt8>) -> String {
        String(unsafeUninitializedCapacity: bytes.count * 2) { text in
            var index = 0
            for byte in bytes {
                text[index] = hexDigit(byte >> 4)
                text[index + 1] = hexDigit(byte & 0x0F)
                index += 2
            }
            return index
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}

/// The server's secret behind the CSRF tokens: 32 random bytes, kept in the data folder
/// (`server-secret`, readable by its owner only) so that pages open across a restart keep working.
public struct CSRFSecret: Sendable {
    let key: SymmetricKey
    /// The MAC of the tokens with ``key`` taken in: each token's starts from a copy.
    let keyedMAC: HMAC<SHA256>

    init(key: SymmetricKey) {
        self.key = key
        keyedMAC = HMAC(key: key)
    }

    /// A key for another use, derived from this secret (HKDF-SHA256 with `label`): one kept secret
    /// serves several uses without a MAC of one ever standing for another's.
    func derivedKey(_ label: String) -> SymmetricKey {
        HKDF<SHA256>.deriveKey(inputKeyMaterial: key, info: Data(label.utf8), outputByteCount: 32)
    }

    /// A secret for this process only (tests, or when the data folder cannot keep one).
    public static func random() -> CSRFSecret { CSRFSecret(key: SymmetricKey(size: .bits256)) }

    /// The secret of these 32 bytes (kept by the caller: the one that instances over a shared
    /// database keep there); nil for bytes of another length.
    public init?(bytes: Data) {
        guard bytes.count == 32 else { return nil }
        self.init(key: SymmetricKey(data: bytes))
    }

    /// The secret kept in `directory`, made there on first use.
    public static func stored(in directory: URL) throws -> CSRFSecret {
        CSRFSecret(key: SymmetricKey(data: try KeptSecret.bytes(named: "server-secret", in: directory)))
    }
}
