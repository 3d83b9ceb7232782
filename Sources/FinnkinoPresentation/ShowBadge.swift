import FinnkinoKit
import Foundation

/// One thing a show is, in words: `Descriptive subtitles for the hard of hearing`, `3D`,
/// `Spoken: English`. A show's badges are its ``ShowFeatures`` in the interface's language, the
/// special ones first.
public struct ShowBadge: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case descriptiveSubtitles, signLanguage, englishSubtitles, barScreening, licensedAuditorium
        case filmmakersPresent, otherSeries, picture, soundtrack, subtitles

        /// Whether the badge marks a special screening (drawn apart from the everyday ones).
        public var isSpecial: Bool {
            switch self {
            case .picture, .soundtrack, .subtitles: false
            default: true
            }
        }
    }

    public var kind: Kind
    public var text: String

    public init(kind: Kind, text: String) {
        self.kind = kind
        self.text = text
    }

    /// `features` in `language`'s words: the specials in their order, then picture, soundtrack and
    /// subtitles. English subtitles are their own badge, not repeated among the subtitles.
    public static func badges(_ features: ShowFeatures, language: UILanguage) -> [ShowBadge] {
        let words = language.shows
        var badges: [ShowBadge] = features.specials.map { special in
            switch special {
            case .descriptiveSubtitles: ShowBadge(kind: .descriptiveSubtitles, text: words.descriptiveSubtitles)
            case .signLanguage: ShowBadge(kind: .signLanguage, text: words.signLanguage)
            case .englishSubtitles: ShowBadge(kind: .englishSubtitles, text: words.englishSubtitles)
            case .barScreening: ShowBadge(kind: .barScreening, text: words.barScreening)
            case .licensedAuditorium: ShowBadge(kind: .licensedAuditorium, text: words.licensedAuditorium)
            case .filmmakersPresent: ShowBadge(kind: .filmmakersPresent, text: words.filmmakersPresent)
            }
        }
        if let series = features.otherSeries { badges.append(ShowBadge(kind: .otherSeries, text: series)) }
        switch features.picture {
        case .twoD: badges.append(ShowBadge(kind: .picture, text: words.twoD))
        case .threeD: badges.append(ShowBadge(kind: .picture, text: words.threeD))
        case .other(let method): badges.append(ShowBadge(kind: .picture, text: method))
        case nil: break
        }
        switch features.soundtrack {
        case _ where features.spokenWords != nil:
            badges.append(ShowBadge(kind: .soundtrack, text: words.originalLanguage(features.spokenWords ?? "")))
        case .original(let code?):
            badges.append(ShowBadge(kind: .soundtrack, text: words.originalLanguage(language.name(ofLanguage: code))))
        case .original(nil): break
        case .dubbed(let code):
            badges.append(ShowBadge(kind: .soundtrack, text: words.dubbed(language.name(ofLanguage: code))))
        case .severalLanguages: badges.append(ShowBadge(kind: .soundtrack, text: words.severalLanguages))
        }
        let subtitles =
            features.specials.contains(.englishSubtitles)
            ? features.subtitles.filter { $0 != "en" } : features.subtitles
        if !subtitles.isEmpty {
            let names = subtitles.map(language.name(ofLanguage:)).joined(separator: words.listSeparator)
            badges.append(ShowBadge(kind: .subtitles, text: words.subtitles(names)))
        }
        return badges
    }
}
