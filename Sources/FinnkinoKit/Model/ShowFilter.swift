import Foundation

/// Which shows a person wants to see: by spoken language, subtitles, picture, accessibility and a
/// time window, and whether only in their own theatres. Every part is optional; an empty filter
/// lets every show through. Read by ``matches(_:)`` from the show's ``ShowFeatures``, never from
/// the feed's codes.
public struct ShowFilter: Sendable, Hashable, Codable {
    public enum Picture: String, Sendable, Hashable, Codable, CaseIterable {
        case twoD = "2d"
        case threeD = "3d"
    }

    public enum Accessibility: String, Sendable, Hashable, Codable, CaseIterable {
        /// Descriptive subtitles for the hard of hearing.
        case descriptiveSubtitles = "hoh"
        case signLanguage = "sign"
    }

    /// Heard in this language (ISO 639-1, lower case), originally or dubbed.
    public var spoken: String?
    /// Subtitled in this language (ISO 639-1, lower case).
    public var subtitles: String?
    public var picture: Picture?
    public var accessibility: Accessibility?
    /// Starting at or after, in minutes after midnight (Helsinki) of the show's day.
    public var startsFrom: Int?
    /// Ending at or before, in minutes after midnight of the show's day (past 24:00 for a show that
    /// ends after midnight).
    public var endsBy: Int?
    /// Only in the person's own theatres (their list is theirs, not the filter's).
    public var onlyMyTheatres: Bool

    public init(
        spoken: String? = nil, subtitles: String? = nil, picture: Picture? = nil, accessibility: Accessibility? = nil,
        startsFrom: Int? = nil, endsBy: Int? = nil, onlyMyTheatres: Bool = false
    ) {
        self.spoken = spoken
        self.subtitles = subtitles
        self.picture = picture
        self.accessibility = accessibility
        self.startsFrom = startsFrom
        self.endsBy = endsBy
        self.onlyMyTheatres = onlyMyTheatres
    }

    /// A language code as the features name languages: two letters (ISO 639-1), lower case; nil
    /// for anything else.
    public static func languageCode(_ text: String) -> String? {
        let code = text.trimmingCharacters(in: .whitespaces).lowercased()
        return code.utf8.count == 2 && code.utf8.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }) ? code : nil
    }

    /// `18:30` as minutes after midnight, up to `29:59` (a show's day runs past midnight); nil for
    /// anything else.
    public static func minutes(_ clock: String) -> Int? {
        let parts = clock.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.utf8.count == 2 }), let hour = Int(parts[0]),
            let minute = Int(parts[1]), (0...29).contains(hour), (0...59).contains(minute)
        else { return nil }
        return hour * 60 + minute
    }

    /// Minutes after midnight as `18:30` (`25:00` past midnight).
    public static func clock(_ minutes: Int) -> String {
        let hour = minutes / 60
        let minute = minutes % 60
        return (hour < 10 ? "0" : "") + String(hour) + (minute < 10 ? ":0" : ":") + String(minute)
    }

    /// Whether it lets every show through.
    public var isEmpty: Bool { self == ShowFilter() }

    /// Whether `show` is one the person wants (the theatres aside: which schedules are read decides
    /// those). The show's features are not read when no filter is set: that is the CLI's
    /// `showtimes` with no options, which reads every show of a schedule.
    public func matches(_ show: Show) -> Bool { isEmpty || matches(show, features: show.features) }

    /// ``matches(_:)`` with the show's features already read (a screen that shows them too reads
    /// them once).
    public func matches(_ show: Show, features: ShowFeatures) -> Bool {
        if let spoken {
            switch features.soundtrack {
            case .original(let language?): guard language == spoken else { return false }
            case .dubbed(let language): guard language == spoken else { return false }
            case .original(nil), .severalLanguages: return false
            }
        }
        if let subtitles, !features.subtitles.contains(subtitles) { return false }
        if let picture {
            switch (picture, features.picture) {
            case (.twoD, .twoD), (.threeD, .threeD): break
            default: return false
            }
        }
        switch accessibility {
        case .descriptiveSubtitles?: if !features.specials.contains(.descriptiveSubtitles) { return false }
        case .signLanguage?: if !features.specials.contains(.signLanguage) { return false }
        case nil: break
        }
        let day = show.accountingDate ?? HelsinkiTime.localDate(of: show.start)
        if let startsFrom, HelsinkiTime.wallClockMinutes(of: show.start, from: day) < startsFrom { return false }
        if let endsBy {
            guard let end = show.end, HelsinkiTime.wallClockMinutes(of: end, from: day) <= endsBy else { return false }
        }
        return true
    }
}
