/// The language of the user interface: Finnish (the default) or English.
public enum UILanguage: String, Sendable, Hashable, CaseIterable {
    case fi, en

    /// The words of the interface in this language.
    public var strings: UIStrings {
        switch self {
        case .fi: .finnish
        case .en: .english
        }
    }

    /// The language content is asked for in, so that content follows the interface.
    public var contentLanguage: ContentLanguage {
        switch self {
        case .fi: .fi
        case .en: .en
        }
    }
}
