import FinnkinoKit

/// The order of the Movies list.
public enum MovieSort: String, Sendable, Codable, CaseIterable {
    /// A-Z (Finnish order), in lettered sections; search results keep their ranking.
    case title
    /// Now in theatres: the newest premiere first; coming soon: the soonest first.
    case premiere
    /// The audience's score (TMDB), the best first; movies without one after the rest.
    case score
    /// The shortest first; movies of unknown length after the rest.
    case length

    /// What the order reads of an item of a list.
    public struct Keys: Sendable {
        public var premiere: LocalDate?
        public var audience: Double?
        /// Nil when unknown (or zero).
        public var minutes: Int?

        public init(premiere: LocalDate?, audience: Double?, minutes: Int?) {
            self.premiere = premiere
            self.audience = audience
            self.minutes = minutes
        }
    }

    /// `items` (in the list's own order) in this order; the list's order among equals, and for
    /// ``title`` (the list is in it already). The one rule of the Movies page and the JSON API.
    public func ordered<Item>(_ items: [Item], list: EventListType, keys: (Item) -> Keys) -> [Item] {
        guard self != .title else { return items }
        let ranked = items.enumerated().map { (index: $0.offset, item: $0.element, keys: keys($0.element)) }
        func unknownLast<T: Comparable>(_ a: T?, _ b: T?, _ before: (T, T) -> Bool) -> Bool? {
            switch (a, b) {
            case (let a?, let b?): a == b ? nil : before(a, b)
            case (.some, nil): true
            case (nil, .some): false
            case (nil, nil): nil
            }
        }
        return ranked.sorted { lhs, rhs in
            let decided: Bool? =
                switch self {
                case .title: nil
                case .premiere:
                    unknownLast(lhs.keys.premiere, rhs.keys.premiere) { list == .comingSoon ? $0 < $1 : $0 > $1 }
                case .score: unknownLast(lhs.keys.audience, rhs.keys.audience, >)
                case .length: unknownLast(lhs.keys.minutes, rhs.keys.minutes, <)
                }
            return decided ?? (lhs.index < rhs.index)
        }
        .map(\.item)
    }
}
