/// Title search over a fixed list of items, built once per list and queried on every keystroke.
///
/// Matching is case- and diacritic-insensitive over each item's title and original title.
/// Results are ordered by how well they match, then alphabetically by title (Finnish order, see `FinnishCollation`):
/// 1. the title is the text; 2. the title begins with it; 3. the original title begins with it;
/// 4. (contains) a word of either title begins with it; 5. (contains) it occurs anywhere.
public struct TitleIndex<Item: Sendable>: Sendable {
    private struct Entry: Sendable {
        var title: SearchKey
        var originalTitle: SearchKey
        var sortKey: [UInt8]
        var position: Int
    }

    public let items: [Item]
    /// Entries sorted alphabetically by title (Finnish order), so that matches come out in order per rank.
    private let entries: [Entry]

    /// - Parameter titles: the title and the original title of an item.
    public init(_ items: [Item], titles: (Item) -> (title: String, originalTitle: String)) {
        self.items = items
        entries = items.enumerated()
            .map { position, item in
                let pair = titles(item)
                return Entry(
                    title: SearchKey(pair.title), originalTitle: SearchKey(pair.originalTitle),
                    sortKey: FinnishCollation.key(pair.title), position: position)
            }
            .sorted {
                $0.sortKey == $1.sortKey
                    ? $0.position < $1.position : $0.sortKey.lexicographicallyPrecedes($1.sortKey)
            }
    }

    /// Items matching `text` in `scope`, best first. An empty text matches every item, in
    /// alphabetical order.
    public func search(_ text: String, scope: SearchScope) -> [Item] {
        let query = SearchKey(text)
        guard !query.isEmpty else { return entries.map { items[$0.position] } }
        var ranked: [[Int]] = Array(repeating: [], count: 5)
        for entry in entries {
            if let rank = rank(of: entry, for: query, scope: scope) {
                ranked[rank].append(entry.position)
            }
        }
        return ranked.joined().map { items[$0] }
    }

    private func rank(of entry: Entry, for query: SearchKey, scope: SearchScope) -> Int? {
        if entry.title.hasPrefix(query) { return entry.title.bytes.count == query.bytes.count ? 0 : 1 }
        if entry.originalTitle.hasPrefix(query) { return 2 }
        guard scope == .contains else { return nil }
        if entry.title.firstOffset(of: query) == nil && entry.originalTitle.firstOffset(of: query) == nil {
            return nil
        }
        if entry.title.hasWordPrefix(query) || entry.originalTitle.hasWordPrefix(query) { return 3 }
        return 4
    }
}
