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

/// The language content is asked for in. Finnkino serves Finnish at `/xml/`; other languages
/// under a path prefix (`/swe/xml/`, `/eng/xml/`, as client code written against the API does;
/// the exact prefixes are not confirmed by a saved sample).
public enum ContentLanguage: String, Sendable, Hashable, Codable, CaseIterable {
    case fi, sv, en

    /// The path prefix placed before `/xml/`.
    public var pathPrefix: String {
        switch self {
        case .fi: ""
        case .sv: "/swe"
        case .en: "/eng"
        }
    }
}
