import FinnkinoKit
import Foundation

/// The language of the user interface: Finnish (the default), Swedish or English, the three
/// Finnkino itself serves. Content is asked for in the same language (``contentLanguage``).
public enum UILanguage: String, Sendable, Hashable, Codable, CaseIterable {
    case fi, sv, en

    /// The words of the interface in this language: the general ones; ``charts``, ``editor``
    /// and ``devices`` are the words of those screens. Entries that take a value are
    /// ``Template``s.
    ///
    /// These tables are inlinable so that `language.strings.appName` reads one word from the
    /// table: behind a call, each use copied the whole table (112 strings retained, then
    /// released), some 5 µs of a hosted Movies request in seven uses (perf, 2026-12-01).
    @inlinable public var strings: UIStrings {
        switch self {
        case .fi: .finnish
        case .sv: .swedish
        case .en: .english
        }
    }

    /// The words of the international lists' screens.
    @inlinable public var charts: ChartStrings {
        switch self {
        case .fi: .finnish
        case .sv: .swedish
        case .en: .english
        }
    }

    /// The words of the trailer editor and the video library.
    @inlinable public var editor: EditorStrings {
        switch self {
        case .fi: .finnish
        case .sv: .swedish
        case .en: .english
        }
    }

    /// The words of the Devices page and the person's data.
    @inlinable public var devices: DeviceStrings {
        switch self {
        case .fi: .finnish
        case .sv: .swedish
        case .en: .english
        }
    }

    /// The watchlist import's words.
    @inlinable public var watchlist: WatchlistStrings {
        switch self {
        case .fi: .finnish
        case .sv: .swedish
        case .en: .english
        }
    }

    /// The words of "watch together".
    @inlinable public var together: TogetherStrings {
        switch self {
        case .fi: .finnish
        case .sv: .swedish
        case .en: .english
        }
    }

    /// The words of the weekly digest.
    @inlinable public var digest: DigestStrings {
        switch self {
        case .fi: .finnish
        case .sv: .swedish
        case .en: .english
        }
    }

    /// The words of "Tell me when it's on".
    @inlinable public var alerts: AlertStrings {
        switch self {
        case .fi: .finnish
        case .sv: .swedish
        case .en: .english
        }
    }

    /// The words of the app without a connection.
    @inlinable public var offline: OfflineStrings {
        switch self {
        case .fi: .finnish
        case .sv: .swedish
        case .en: .english
        }
    }

    /// The words that say what a show is (its badges).
    @inlinable public var shows: ShowStrings {
        switch self {
        case .fi: .finnish
        case .sv: .swedish
        case .en: .english
        }
    }

    /// A language's name in this language (`fi` in English: `Finnish`) from its ISO 639-1 code,
    /// the code in capitals when the locale data has no name for it. The names are looked up once
    /// (a Showtimes page names a language on every row).
    public func name(ofLanguage code: String) -> String {
        Self.languageNames[self]?[code] ?? code.uppercased()
    }

    private static let languageNames: [UILanguage: [String: String]] = {
        let codes = Locale.LanguageCode.isoLanguageCodes.map(\.identifier).filter { $0.utf8.count == 2 }
        var names: [UILanguage: [String: String]] = [:]
        for language in allCases {
            let locale = Locale(identifier: language.rawValue)
            for code in codes {
                names[language, default: [:]][code] = locale.localizedString(forLanguageCode: code)
            }
        }
        return names
    }()

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
