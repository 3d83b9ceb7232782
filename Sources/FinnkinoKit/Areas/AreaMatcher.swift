import Foundation

/// Finds the theatre area a person means: `1002`, `helsinki`, `Tampere`, `omena`, `Jyvaskyla`,
/// `capital region`.
///
/// Order of preference: an ID; the whole name; the theatre part of `City: THEATRE`; an English
/// alias; then names or theatres that begin with the text. More than one candidate at the best
/// level is an ambiguity the person must resolve (`kinopalatsi` is in Helsinki and in Turku).
public struct AreaMatcher: Sendable {
    public enum MatchError: Error, Sendable, Equatable, CustomStringConvertible {
        case empty
        case noMatch(String)
        case unknownID(Int)
        case ambiguous(String, candidates: [TheatreArea])

        public var description: String {
            switch self {
            case .empty: "no area given"
            case .noMatch(let text): "no area matches \"\(text)\" (see `finnkino areas`)"
            case .unknownID(let id): "no area has the ID \(id) (see `finnkino areas`)"
            case .ambiguous(let text, let candidates):
                "\"\(text)\" could be " + candidates.map { "\($0.name) (\($0.id))" }.joined(separator: ", ")
            }
        }
    }

    /// English names for the areas whose Finnish name a visitor would not guess.
    private static let aliases: [String: Int] = [
        "capital region": 1014, "capital area": 1014, "helsinki region": 1014, "greater helsinki": 1014,
    ]

    private let areas: [TheatreArea]

    /// - Parameter areas: the areas from TheatreAreas; the placeholder entry is ignored.
    public init(areas: [TheatreArea]) {
        self.areas = areas.filter { !$0.isPlaceholder }
    }

    public func match(_ text: String) throws(MatchError) -> TheatreArea {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .empty }
        if let id = Int(trimmed) {
            guard let area = areas.first(where: { $0.id == id }) else { throw .unknownID(id) }
            return area
        }
        let query = SearchKey(trimmed)
        let keyed = areas.map { (area: $0, name: SearchKey($0.name), theatre: Self.theatrePart(of: $0.name)) }

        let levels: [[TheatreArea]] = [
            keyed.filter { $0.name == query }.map(\.area),
            keyed.filter { $0.theatre == query }.map(\.area),
            Self.aliases[String(decoding: query.bytes, as: UTF8.self)].flatMap { id in
                areas.first { $0.id == id }
            }.map { [$0] } ?? [],
            keyed.filter { $0.name.hasPrefix(query) || ($0.theatre?.hasPrefix(query) ?? false) }.map(\.area),
        ]
        for candidates in levels where !candidates.isEmpty {
            guard candidates.count == 1 else { throw .ambiguous(trimmed, candidates: candidates) }
            return candidates[0]
        }
        throw .noMatch(trimmed)
    }

    /// `OMENA` of `Espoo: OMENA`, nil for plain city names.
    private static func theatrePart(of name: String) -> SearchKey? {
        guard let colon = name.firstIndex(of: ":") else { return nil }
        return SearchKey(name[name.index(after: colon)...])
    }
}
