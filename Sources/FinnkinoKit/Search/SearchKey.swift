import Foundation

/// Text folded for matching as a person expects: case-insensitive and diacritic-insensitive
/// ("aiti" matches "Äiti"), runs of white space collapsed. Stored as UTF-8 bytes so that matching
/// over thousands of titles per keystroke is a plain byte scan.
public struct SearchKey: Sendable, Hashable, Comparable {
    public let bytes: [UInt8]

    public init(_ text: some StringProtocol) {
        let folded = String(text).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(folded.utf8.count)
        var pendingSpace = false
        for byte in folded.utf8 {
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                pendingSpace = !bytes.isEmpty
            } else {
                if pendingSpace { bytes.append(0x20) }
                pendingSpace = false
                bytes.append(byte)
            }
        }
        self.bytes = bytes
    }

    public var isEmpty: Bool { bytes.isEmpty }

    public static func < (lhs: SearchKey, rhs: SearchKey) -> Bool {
        lhs.bytes.lexicographicallyPrecedes(rhs.bytes)
    }

    public func hasPrefix(_ other: SearchKey) -> Bool {
        other.bytes.count <= bytes.count && bytes.starts(with: other.bytes)
    }

    /// Where `other` first occurs, or nil. A naive scan is the fastest choice for titles of a
    /// few dozen bytes.
    public func firstOffset(of other: SearchKey) -> Int? {
        let needle = other.bytes
        let count = needle.count
        guard count > 0 else { return 0 }
        guard count <= bytes.count else { return nil }
        return bytes.withUnsafeBufferPointer { hay in
            needle.withUnsafeBufferPointer { ndl in
                let first = ndl[0]
                var index = 0
                let last = hay.count - count
                while index <= last {
                    if hay[index] == first {
                        var matched = 1
                        while matched < count && hay[index + matched] == ndl[matched] { matched += 1 }
                        if matched == count { return index }
                    }
                    index += 1
                }
                return nil
            }
        }
    }

    /// True when `other` starts a word of this key (at the start, or after a space or punctuation).
    public func hasWordPrefix(_ other: SearchKey) -> Bool {
        let needle = other.bytes
        guard !needle.isEmpty else { return true }
        guard needle.count <= bytes.count else { return false }
        for position in 0...(bytes.count - needle.count)
        where position == 0 || Self.isWordBoundary(bytes[position - 1]) {
            if bytes[position..<(position + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }

    private static func isWordBoundary(_ byte: UInt8) -> Bool {
        // ASCII space and punctuation; multi-byte characters count as letters.
        byte < 0x80 && !(byte >= 0x30 && byte <= 0x39) && !(byte >= 0x61 && byte <= 0x7A)
            && !(byte >= 0x41 && byte <= 0x5A)
    }
}
