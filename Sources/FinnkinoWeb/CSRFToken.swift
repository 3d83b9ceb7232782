/// A per-client token against cross-site request forgery: kept in a cookie and repeated in a
/// hidden field of every form; a POST is accepted only when the two match.
struct CSRFToken: Sendable, Equatable {
    static let cookieName = "csrf"
    static let fieldName = "csrf"

    let value: String

    /// 256 random bits as 64 hex digits.
    static func random() -> CSRFToken {
        var generator = SystemRandomNumberGenerator()
        let digits = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64)
        for _ in 0..<4 {
            let word = generator.next()
            for shift in stride(from: 60, through: 0, by: -4) {
                bytes.append(digits[Int((word >> UInt64(shift)) & 0x0F)])
            }
        }
        return CSRFToken(value: String(decoding: bytes, as: UTF8.self))
    }

    /// A token read from a client, if it has the right form.
    init?(client value: String?) {
        guard let value, value.utf8.count == 64,
            value.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) })
        else { return nil }
        self.value = value
    }

    private init(value: String) {
        self.value = value
    }

    /// Compares in time independent of where the values differ.
    func matches(_ other: String?) -> Bool {
        guard let other else { return false }
        let mine = Array(value.utf8)
        let theirs = Array(other.utf8)
        guard mine.count == theirs.count else { return false }
        var difference: UInt8 = 0
        for index in mine.indices { difference |= mine[index] ^ theirs[index] }
        return difference == 0
    }
}
