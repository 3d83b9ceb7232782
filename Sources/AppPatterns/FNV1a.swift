/// FNV-1a, 64 bits: a fast hash of bytes that is the same in every run and on every platform (the
/// standard library's `Hasher` is seeded per process). For names and content tags, not security.
public enum FNV1a {
    @inlinable
    public static func hash<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            value ^= UInt64(byte)
            value = value &* 0x0100_0000_01b3
        }
        return value
    }

    /// The hash as 16 hexadecimal digits.
    @inlinable
    public static func hex<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
        let digits = String(hash(bytes), radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
