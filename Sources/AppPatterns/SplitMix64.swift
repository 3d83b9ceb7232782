/// A small seeded pseudo-random generator (SplitMix64): the same seed gives the same sequence on
/// every platform, which keeps generated data (the bundled dataset, benchmark input, fuzz-style
/// test input) byte-for-byte reproducible.
public struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<bound` (bound > 0), without the platform-specific paths of the standard
    /// library's `random(in:using:)`.
    public mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(max(bound, 1)))
    }

    /// A value in the closed range.
    public mutating func between(_ low: Int, _ high: Int) -> Int {
        low + below(high - low + 1)
    }

    /// True with probability `percent` / 100.
    public mutating func chance(_ percent: Int) -> Bool {
        below(100) < percent
    }

    /// One element of a non-empty array.
    public mutating func pick<T>(_ items: [T]) -> T {
        items[below(items.count)]
    }

    /// `count` distinct elements, in a deterministic order.
    public mutating func pick<T>(_ count: Int, from items: [T]) -> [T] {
        var pool = items
        var chosen: [T] = []
        while chosen.count < count, !pool.isEmpty {
            chosen.append(pool.remove(at: below(pool.count)))
        }
        return chosen
    }

    /// A derived generator for an independent stream (so adding content in one place does not
    /// shift everything generated after it).
    public mutating func fork() -> SplitMix64 {
        SplitMix64(seed: next())
    }
}
