/// Which theatre area a person chose: one area, all of Finland, or none yet.
///
/// Every page that shows an area's movies or shows asks ``resolve(asked:remembered:homeArea:)``,
/// the one rule: what the request asks for, else what the person chose last, else their home
/// area. A page that can show all of Finland (Movies) reads ``listArea``; a page of one area's
/// shows (Showtimes, Bookmarks' next shows, a movie's next days) reads ``showsArea``, which for
/// all of Finland or nothing chosen is the home area, else Helsinki. So every page of one person
/// names the same area.
public enum AreaChoice: Sendable, Hashable {
    case area(Int)
    case allOfFinland
    case notChosen

    /// Helsinki: the area of a page when nothing says which.
    public static let helsinki = 1002
    /// The word an area parameter and cookie use for all of Finland.
    public static let allParameter = "all"

    /// An area parameter or cookie: an area's ID, or `all`; nil when it is neither (not an area
    /// at all, so it chooses nothing).
    public init?(parameter text: some StringProtocol) {
        if text == Self.allParameter {
            self = .allOfFinland
            return
        }
        guard let id = Int(text), id > 0, id < 1_000_000 else { return nil }
        self = .area(id)
    }

    /// An area, or all of Finland for nil.
    public init(_ area: Int?) { self = area.map { .area($0) } ?? .allOfFinland }

    /// The parameter or cookie value that says this choice; nil when nothing was chosen.
    public var parameter: String? {
        switch self {
        case .area(let id): String(id)
        case .allOfFinland: Self.allParameter
        case .notChosen: nil
        }
    }

    /// The choice a page uses: `asked` (the request's own), else `remembered` (what the person
    /// chose last, their cookie), else their home area, else none.
    public static func resolve(asked: AreaChoice?, remembered: AreaChoice?, homeArea: Int?) -> ResolvedArea {
        let choice =
            switch asked ?? remembered {
            case .some(.notChosen), .none: homeArea.map { AreaChoice.area($0) } ?? .notChosen
            case .some(let chosen): chosen
            }
        return ResolvedArea(choice: choice, homeArea: homeArea)
    }
}

/// An ``AreaChoice`` as the pages of one person read it.
public struct ResolvedArea: Sendable, Hashable {
    public let choice: AreaChoice
    /// The person's home area, where a page of one area's shows goes when all of Finland was chosen.
    public let homeArea: Int?

    /// The area of a list that can show all of Finland (nil); Helsinki when nothing was chosen.
    public var listArea: Int? {
        switch choice {
        case .area(let id): id
        case .allOfFinland: nil
        case .notChosen: AreaChoice.helsinki
        }
    }

    /// The one area of a page of shows: the chosen area, else the home area, else Helsinki.
    public var showsArea: Int {
        if case .area(let id) = choice { return id }
        return homeArea ?? AreaChoice.helsinki
    }
}
