import FinnkinoKit

/// The language of the user interface: Finnish (the default), Swedish or English, the three
/// Finnkino itself serves. Content is asked for in the same language (``contentLanguage``).
public enum UILanguage: String, Sendable, Hashable, Codable, CaseIterable {
    case fi, sv, en

    /// The words of the interface in this language: the general ones; ``charts``, ``editor``
    /// and ``devices`` are the words of those screens. Entries that take a value are
    /// ``Template``s.
    public var strings: UIStrings {
        switch self {
        case .fi: .finnish
        case .sv: .swedish
        case .en: .english
        }
    }

    /// The words of the international lists' screens.
    public var charts: ChartStrings {
        switch self {
        case .fi: .finnish
        case .sv: .swedish
        case .en: .english
        }
    }

    /// The words of the trailer editor and the video library.
    public var editor: EditorStrings {
        switch self {
        case .fi: .finnish
        case .sv: .swedish
        case .en: .english
        }
    }

    /// The words of the Devices page and the person's data.
    public var devices: DeviceStrings {
        switch self {
        case .fi: .finnish
        case .sv: .swedish
        case .en: .english
        }
    }

    /// The language's name in itself, as a language picker shows it.
    public var name: String {
        switch self {
        case .fi: "Suomi"
        case .sv: "Svenska"
        case .en: "English"
        }
    }

    /// The language content is asked for in, so that content follows the interface.
    public var contentLanguage: ContentLanguage {
        switch self {
        case .fi: .fi
        case .sv: .sv
        case .en: .en
        }
    }
}
