/// A language the API knows (Languages endpoint).
public struct Language: Sendable, Hashable, Codable {
    public var id: Int?
    public var name: String
    public var localName: String?
    public var nameInLanguage: String?
    public var isoCode: String?
    public var isoTwoLetterCode: String?

    public init(
        id: Int?, name: String, localName: String?, nameInLanguage: String?, isoCode: String?,
        isoTwoLetterCode: String?
    ) {
        self.id = id
        self.name = name
        self.localName = localName
        self.nameInLanguage = nameInLanguage
        self.isoCode = isoCode
        self.isoTwoLetterCode = isoTwoLetterCode
    }
}

/// The language content is asked for in. Finnkino serves Finnish at `/xml/`, the other languages
/// under a path prefix: `/en/xml/` and `/sv/xml/`, the form of the clients known to have worked
/// against the live API (inKino's `finnkino_api.dart` among them). Older client code asks
/// `/eng/xml/` and `/swe/xml/`; ``LanguagePathTransport`` falls back to that form when the first
/// one is not there. (No saved sample confirms either form: nothing here can reach the live site.)
public enum ContentLanguage: String, Sendable, Hashable, Codable, CaseIterable {
    case fi, sv, en

    /// The path prefix placed before `/xml/`.
    public var pathPrefix: String {
        switch self {
        case .fi: ""
        case .sv: "/sv"
        case .en: "/en"
        }
    }

    /// The other form of the prefix, tried when ``pathPrefix`` is not there; nil for Finnish.
    public var alternativePathPrefix: String? {
        switch self {
        case .fi: nil
        case .sv: "/swe"
        case .en: "/eng"
        }
    }
}
