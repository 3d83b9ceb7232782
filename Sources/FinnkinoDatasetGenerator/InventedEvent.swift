import Foundation

/// An actor or director name of the invented cast.
struct PersonName {
    var first: String
    var last: String

    var full: String { "\(first) \(last)" }
}

/// A spoken or subtitle language of a show.
struct ShowLanguageSeed {
    var code: String
    var name: LocalizedText

    static let english = ShowLanguageSeed(code: "EN", name: LocalizedText("englanti", "English"))
    static let finnish = ShowLanguageSeed(code: "FI", name: LocalizedText("suomi", "Finnish"))
    static let swedish = ShowLanguageSeed(code: "SV", name: LocalizedText("ruotsi", "Swedish"))
    static let dubbedFinnish = ShowLanguageSeed(
        code: "FI", name: LocalizedText("dubattu suomeksi", "dubbed in Finnish"))
    static let dubbedSwedish = ShowLanguageSeed(
        code: "SV", name: LocalizedText("dubattu ruotsiksi", "dubbed in Swedish"))
    /// As the real feed writes them: the spoken language's name carries the sign language.
    static let englishWithSignLanguage = ShowLanguageSeed(
        code: "EN", name: LocalizedText("englanti/amerikkalainen viittomakieli", "English/American Sign Language"))
    static let descriptiveFinnish = ShowLanguageSeed(
        code: "FI",
        name: LocalizedText(
            "Kuvaileva tekstitys kuulovammaisille", "Descriptive Finnish subtitles for the hard of hearing"))
    static let foreign: [ShowLanguageSeed] = [
        ShowLanguageSeed(code: "FR", name: LocalizedText("ranska", "French")),
        ShowLanguageSeed(code: "ES", name: LocalizedText("espanja", "Spanish")),
        ShowLanguageSeed(code: "JA", name: LocalizedText("japani", "Japanese")),
        ShowLanguageSeed(code: "IT", name: LocalizedText("italia", "Italian")),
        ShowLanguageSeed(code: "DE", name: LocalizedText("saksa", "German")),
    ]
}

/// Which Events list an invented event belongs to.
enum EventList: String {
    case nowInTheatres = "NowInTheatres"
    case comingSoon = "ComingSoon"
}

/// One invented movie or live event with everything the Events and Schedule documents need.
struct InventedEvent {
    var id: Int
    /// The number in `Event_<n>` of the image paths (the API's media ID is not the event ID).
    var mediaID: Int
    var list: EventList
    var title: LocalizedText
    var originalTitle: String
    var productionYear: Int
    /// 0 when unknown (coming soon).
    var lengthInMinutes: Int
    var localRelease: CalendarDay
    var rating: String
    var ratingLabel: String
    var localDistributor: String
    var globalDistributor: String
    var isLiveEvent: Bool
    var genres: [LocalizedText]
    var shortSynopsis: LocalizedText
    var synopsis: LocalizedText
    var cast: [PersonName]
    var directors: [PersonName]
    var contentDescriptors: [String]
    /// Number of gallery images (0 for most events).
    var galleryCount: Int
    var spokenLanguage: ShowLanguageSeed
    var isDubbed: Bool
    var isFamily: Bool
    var has3D: Bool
    /// Relative weight when filling auditorium slots.
    var popularity: Int
    /// The first dataset day (0-based) with shows; nil when the event has no shows in the window.
    var firstShowDay: Int?
    /// For live events: the only dataset days with a show.
    var liveDays: [Int]
    /// The palette seed of the generated artwork.
    var artSeed: UInt64

    var isScheduled: Bool { firstShowDay != nil }

    /// `bundled:///media/Event_<n>/<file>`.
    func mediaURL(_ file: String) -> String {
        "bundled:///media/Event_\(mediaID)/\(file)"
    }

    /// `bundled:///event/<id>/title/<slug>/`: lower case, spaces to `_`, `&` to `and`, non-ASCII
    /// percent-encoded as UTF-8, as the real EventURL does.
    func eventURL(_ language: DatasetLanguage) -> String {
        var slug = ""
        for scalar in title[language].lowercased().replacingOccurrences(of: "&", with: "and").unicodeScalars {
            switch scalar {
            case " ": slug += "_"
            case "a"..."z", "0"..."9", "_", "-": slug.unicodeScalars.append(scalar)
            case ":", "(", ")", ",", ".", "'", "!", "?": continue
            default:
                for byte in String(scalar).utf8 { slug += "%" + String(byte, radix: 16, uppercase: true) }
            }
        }
        return "bundled:///event/\(id)/title/\(slug)/"
    }
}
