import Foundation

/// A session's hash (``SessionToken/hash``, SHA-256) held inline, as the key of the memory of
/// sessions (``RecentSessions``), not as `Data`: a `Data` of 32 bytes is a heap object of its own,
/// about 130 bytes with its bytes, kept for every session (issue 41, item 4: memory per person).
package struct SessionKey: Hashable, Sendable {
    private let first: UInt64
    private let second: UInt64
    private let third: UInt64
    private let fourth: UInt64
    /// The bytes' count: a hash of another length (a peer's message) is another key. Only the first
    /// 32 bytes are held, all a SHA-256 has.
    private let count: Int

    package init(_ hash: Data) {
        var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        // (Through the bytes themselves: a `Data` slice copied took as long as the rest of a
        // lookup of the memories of sessions, on every request of a person.)
        withUnsafeMutableBytes(of: &words) { buffer in
            hash.withUnsafeBytes { bytes in
                buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes.prefix(buffer.count)))
            }
        }
        (first, second, third, fourth) = words
        count = hash.count
    }
}
