import Foundation

/// Title search over a fixed list of items, built once per list and queried on every keystroke.
///
/// Matching is case- and diacritic-insensitive (`SearchKey`) over each item's title and original
/// title. Results are ordered by how well they match, then alphabetically by title (Finnish order,
/// see `FinnishCollation`):
/// 1. the title is the text; 2. the title begins with it; 3. the original title begins with it;
/// 4. (contains) a word of either title begins with it; 5. (contains) it occurs anywhere.
///
/// All folded titles live in one contiguous buffer, so a *Contains* search is a single `memmem`
/// scan over it rather than a search per title, and results are positions, not copies of items.
public struct TitleIndex<Item: Sendable>: Sendable {
    public let items: [Item]
    /// Folded keys in alphabetical order of the titles: `title 0x01 original 0x00` per entry.
    private let buffer: [UInt8]
    /// Per entry (alphabetical): where its title starts, where its original title starts, and
    /// which item it is.
    private let titleStarts: [Int32]
    private let originalStarts: [Int32]
    private let itemPositions: [Int32]

    private static var separator: UInt8 { 0x01 }
    private static var terminator: UInt8 { 0x00 }

    /// - Parameter titles: the title and the original title of an item.
    public init(_ items: [Item], titles: (Item) -> (title: String, originalTitle: String)) {
        self.items = items
        let entries = items.enumerated()
            .map { position, item in
                let pair = titles(item)
                return (
                    sortKey: FinnishCollation.key(pair.title), title: SearchKey(pair.title).bytes,
                    original: SearchKey(pair.originalTitle).bytes, position: position
                )
            }
            .sorted {
                $0.sortKey == $1.sortKey
                    ? $0.position < $1.position : $0.sortKey.lexicographicallyPrecedes($1.sortKey)
            }
        var buffer: [UInt8] = []
        buffer.reserveCapacity(entries.reduce(0) { $0 + $1.title.count + $1.original.count + 2 })
        var titleStarts: [Int32] = []
        var originalStarts: [Int32] = []
        titleStarts.reserveCapacity(entries.count)
        originalStarts.reserveCapacity(entries.count)
        for entry in entries {
            titleStarts.append(Int32(buffer.count))
            buffer.append(contentsOf: entry.title.lazy.filter { $0 > Self.separator })
            buffer.append(Self.separator)
            originalStarts.append(Int32(buffer.count))
            buffer.append(contentsOf: entry.original.lazy.filter { $0 > Self.separator })
            buffer.append(Self.terminator)
        }
        self.buffer = buffer
        self.titleStarts = titleStarts
        self.originalStarts = originalStarts
        itemPositions = entries.map { Int32($0.position) }
    }

    /// Every item, in alphabetical order of the titles.
    public var alphabetical: Matches { Matches(items: items, positions: itemPositions) }

    /// Items matching `text` in `scope`, best first. An empty text matches every item, in
    /// alphabetical order.
    public func search(_ text: String, scope: SearchScope) -> Matches {
        let query = SearchKey(text).bytes.filter { $0 > Self.separator }
        guard !query.isEmpty else { return alphabetical }
        var ranks = [UInt8](repeating: Self.noMatch, count: titleStarts.count)
        buffer.withUnsafeBufferPointer { haystack in
            query.withUnsafeBufferPointer { needle in
                switch scope {
                case .beginsWith: rankPrefixes(haystack, needle, into: &ranks)
                case .contains: rankOccurrences(haystack, needle, into: &ranks)
                }
            }
        }
        var buckets = [[Int32]](repeating: [], count: 5)
        for (entry, rank) in ranks.enumerated() where rank != Self.noMatch {
            buckets[Int(rank)].append(itemPositions[entry])
        }
        return Matches(items: items, positions: Array(buckets.joined()))
    }

    private static var noMatch: UInt8 { .max }

    /// Begins with: compare the start of each title and original title.
    private func rankPrefixes(
        _ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>, into ranks: inout [UInt8]
    ) {
        guard let base = haystack.baseAddress, let query = needle.baseAddress else { return }
        let count = needle.count
        for entry in titleStarts.indices {
            let title = Int(titleStarts[entry])
            let original = Int(originalStarts[entry])
            let titleLength = original - 1 - title
            if titleLength >= count && memcmp(base + title, query, count) == 0 {
                ranks[entry] = titleLength == count ? 0 : 1
            } else if originalEnd(of: entry, bufferCount: haystack.count) - original >= count
                && memcmp(base + original, query, count) == 0
            {
                ranks[entry] = 2
            }
        }
    }

    /// Contains: every occurrence in the whole buffer, each entry keeping its best rank.
    private func rankOccurrences(
        _ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>, into ranks: inout [UInt8]
    ) {
        guard let base = haystack.baseAddress else { return }
        var offset = 0
        var entry = 0
        let entryCount = titleStarts.count
        while let hit = Self.firstOccurrence(of: needle, in: haystack, from: offset) {
            // Hits come in increasing order: walk the entries along with them.
            while entry + 1 < entryCount && Int(titleStarts[entry + 1]) <= hit { entry += 1 }
            let title = Int(titleStarts[entry])
            let original = Int(originalStarts[entry])
            let rank: UInt8
            if hit == title {
                rank = original - 1 - title == needle.count ? 0 : 1
            } else if hit == original {
                rank = 2
            } else if Self.isWordBoundary(base[hit - 1]) {
                rank = 3
            } else {
                rank = 4
            }
            ranks[entry] = min(ranks[entry], rank)
            // Skip occurrences that cannot improve this entry's rank: after a start-of-title or
            // start-of-original match nothing can; after a word start only the original's start can.
            let nextEntry = entry + 1 < entryCount ? Int(titleStarts[entry + 1]) : haystack.count
            switch ranks[entry] {
            case 0...2: offset = nextEntry
            case 3: offset = hit < original ? original : nextEntry
            default: offset = hit + 1
            }
        }
    }

    /// The first position at or after `offset` where `needle` starts: `memchr` (vectorised in the C
    /// library) for its first byte, `memcmp` for the rest.
    private static func firstOccurrence(
        of needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>, from offset: Int
    ) -> Int? {
        guard let base = haystack.baseAddress, let query = needle.baseAddress else { return nil }
        let last = haystack.count - needle.count
        var position = offset
        while position <= last {
            guard let found = memchr(base + position, Int32(query.pointee), last - position + 1) else { return nil }
            let candidate = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if memcmp(base + candidate + 1, query + 1, needle.count - 1) == 0 { return candidate }
            position = candidate + 1
        }
        return nil
    }

    /// Where an entry's original title ends (its terminator).
    private func originalEnd(of entry: Int, bufferCount: Int) -> Int {
        (entry + 1 < titleStarts.count ? Int(titleStarts[entry + 1]) : bufferCount) - 1
    }

    private static func isWordBoundary(_ byte: UInt8) -> Bool {
        // ASCII space and punctuation; multi-byte characters count as letters.
        byte < 0x80 && !(byte >= 0x30 && byte <= 0x39) && !(byte >= 0x61 && byte <= 0x7A)
            && !(byte >= 0x41 && byte <= 0x5A)
    }

    /// The items a search found, best first; items are read on access, never copied in bulk.
    public struct Matches: RandomAccessCollection, Sendable {
        let items: [Item]
        let positions: [Int32]

        public var startIndex: Int { 0 }
        public var endIndex: Int { positions.count }
        public subscript(position: Int) -> Item { items[Int(positions[position])] }
    }
}
