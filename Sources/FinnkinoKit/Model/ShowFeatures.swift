import Foundation

/// What a show is beyond its movie and time: its picture, its soundtrack, its subtitles and what
/// makes it special, read from the feed in this one place, so that nothing above the domain reads
/// `PresentationMethod…`, `SpokenLanguage`, `SubtitleLanguage…` or `EventSeries` itself.
///
/// The feed says most of this in words of the language it was asked in, not in codes:
/// - descriptive subtitles for the hard of hearing are a `SubtitleLanguage1` named *Kuvaileva
///   tekstitys kuulovammaisille* with the code `FI`, and an `EventSeries` saying so;
/// - sign language is part of the spoken language's name (*englanti/amerikkalainen viittomakieli*);
/// - a dubbed soundtrack is a spoken language named *dubattu suomeksi* (or *ruotsiksi*);
/// - special screenings are `EventSeries` texts: *K18 - Anniskelua salissa* (adults only, drinks
///   served in the auditorium), *Anniskelualuesalin näytös* (an auditorium with a licensed bar
///   area), *Erikoisnäytös, tekijöitä paikalla!* (film-makers present), *Englanninkielinen
///   tekstitys / English subtitles*.
///
/// Every one of these is in the real samples (`Tests/FinnkinoKitTests/Fixtures/anchors/`), all in
/// Finnish; the Swedish and English words matched beside them are the bundled dataset's and
/// Finnkino's own site's wording, unconfirmed by a saved sample. A series these rules do not know is
/// kept as the feed wrote it (``otherSeries``): words, never dropped.
public struct ShowFeatures: Sendable, Hashable {
    public enum Picture: Sendable, Hashable {
        case twoD
        case threeD
        /// A method the feed named that is neither (`4DX`, `IMAX`), as written.
        case other(String)
    }

    public enum Soundtrack: Sendable, Hashable {
        /// The movie's own language, as an ISO 639-1 code in lower case; nil when the feed names
        /// none (`NA`, "according to the chosen film").
        case original(language: String?)
        /// Dubbed into this language (ISO 639-1, lower case).
        case dubbed(language: String)
        /// The feed's *useita kieliä*; its code (`EN` in the samples) says nothing.
        case severalLanguages
    }

    /// What makes a show special, in the order a person is shown them: accessibility first.
    public enum Special: Int, Sendable, Hashable, CaseIterable, Comparable {
        /// Descriptive subtitles for the deaf and hard of hearing.
        case descriptiveSubtitles
        case signLanguage
        case englishSubtitles
        /// K18: adults only, drinks served in the auditorium.
        case barScreening
        /// In an auditorium with a licensed bar area (the film's own rating applies).
        case licensedAuditorium
        case filmmakersPresent

        public static func < (lhs: Special, rhs: Special) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    public var picture: Picture?
    public var soundtrack: Soundtrack
    /// The feed's own words for a soundtrack of more than one language (`ruotsi/suomi`,
    /// `suomi/somali`), which its one code does not say; nil otherwise.
    public var spokenWords: String?
    /// The subtitles' languages (ISO 639-1, lower case) in the feed's order, descriptive ones
    /// included (they are in that language too); `NA` left out.
    public var subtitles: [String]
    /// Sorted, each once.
    public var specials: [Special]
    /// An `EventSeries` none of the rules above knows, as the feed wrote it.
    public var otherSeries: String?

    public init(
        picture: Picture?, soundtrack: Soundtrack, spokenWords: String? = nil, subtitles: [String],
        specials: [Special], otherSeries: String?
    ) {
        self.picture = picture
        self.soundtrack = soundtrack
        self.spokenWords = spokenWords
        self.subtitles = subtitles
        self.specials = specials
        self.otherSeries = otherSeries
    }

    /// Reads `show`'s features.
    public init(_ show: Show) {
        var specials: Set<Special> = []
        let series = show.eventSeries.map(Self.folded) ?? ""
        let spokenName = show.spokenLanguage.map { Self.folded($0.name) } ?? ""
        let presentation = Self.folded(show.presentationMethodAndLanguage)

        picture = Self.picture(method: show.presentationMethod, combined: show.presentationMethodAndLanguage)

        let spokenCode = show.spokenLanguage.flatMap { Self.code($0.isoTwoLetterCode) }
        if Self.mentions(spokenName, Words.severalLanguages) {
            soundtrack = .severalLanguages
        } else if let spokenCode,
            Self.mentions(spokenName, Words.dubbed) || Self.mentions(presentation, Words.dubbed)
        {
            soundtrack = .dubbed(language: spokenCode)
        } else {
            soundtrack = .original(language: spokenCode)
        }
        let name = show.spokenLanguage?.name.trimmingCharacters(in: .whitespaces) ?? ""
        spokenWords = soundtrack != .severalLanguages && name.contains("/") ? name : nil
        if Self.mentions(spokenName, Words.signLanguage) || Self.mentions(presentation, Words.signLanguage) {
            specials.insert(.signLanguage)
        }

        subtitles = show.subtitleLanguages.compactMap { Self.code($0.isoTwoLetterCode) }
        if show.subtitleLanguages.contains(where: { Self.mentions(Self.folded($0.name), Words.descriptive) })
            || Self.mentions(series, Words.descriptive)
        {
            specials.insert(.descriptiveSubtitles)
        }
        if subtitles.contains("en") || Self.mentions(series, Words.englishSubtitles) {
            specials.insert(.englishSubtitles)
        }

        let seriesSpecials = Self.specials(ofSeries: series)
        specials.formUnion(seriesSpecials)
        if Self.folded(show.rating.code).contains("k18") { specials.insert(.barScreening) }
        self.specials = specials.sorted()
        otherSeries = !seriesSpecials.isEmpty || series.isEmpty ? nil : show.eventSeries
    }

    /// Whether these rules read `eventSeries` as a special screening they know; a series they do
    /// not is kept as ``otherSeries`` (and reported by ``UnknownFeedWords``).
    public static func knowsSeries(_ eventSeries: String) -> Bool {
        !specials(ofSeries: folded(eventSeries)).isEmpty
    }

    /// Whether these rules can tell the language of a `SpokenLanguage` or `SubtitleLanguageN`: by
    /// its two-letter code, or its `NA` ("according to the chosen film"). Names are the feed's
    /// words in the language asked for and change spelling; codes are what the rules read.
    public static func knowsLanguage(_ language: ShowLanguage) -> Bool {
        code(language.isoTwoLetterCode) != nil
            || language.isoTwoLetterCode.trimmingCharacters(in: .whitespaces).uppercased() == "NA"
    }

    private static func specials(ofSeries folded: String) -> Set<Special> {
        var specials: Set<Special> = []
        for (special, words) in [
            (Special.barScreening, Words.barScreening), (.licensedAuditorium, Words.licensedAuditorium),
            (.filmmakersPresent, Words.filmmakersPresent), (.descriptiveSubtitles, Words.descriptive),
            (.englishSubtitles, Words.englishSubtitles), (.signLanguage, Words.signLanguage),
        ] where mentions(folded, words) {
            specials.insert(special)
        }
        return specials
    }

    /// The words each feature is written with, lower case, in Finnish (the samples'), Swedish and
    /// English.
    enum Words {
        static let severalLanguages = ["useita kieliä", "flera språk", "several languages", "multiple languages"]
        static let dubbed = ["dubattu", "dubbad", "dubbat", "dubbed"]
        static let signLanguage = ["viittomakiel", "teckenspråk", "sign language"]
        static let descriptive = [
            "kuvaileva", "kuulovamm", "hörselskad", "beskrivande", "hard of hearing", "descriptive",
        ]
        static let englishSubtitles = ["englanninkielinen tekstitys", "english subtitles", "engelsk text"]
        static let barScreening = ["k18", "anniskelua salissa", "servering i salongen", "drinks served in the"]
        static let licensedAuditorium = ["anniskelualue", "utskänkningsområde", "licensed"]
        static let filmmakersPresent = [
            "tekijöitä paikalla", "tekijät paikalla", "filmskapar", "filmmakers present", "film-makers present",
        ]
    }

    private static func folded(_ text: String) -> String { text.lowercased() }

    /// Whether `folded` has one of `words` in it, byte for byte in their UTF-8.
    /// `String.contains(String)` with Foundation imported is `NSString`'s search, which turns both
    /// into UTF-16 first: reading the features of the 2,927 shows of `finnkino showtimes --json` on
    /// the 10 MB schedule was 9% of the command's CPU time with it; the standard library's
    /// `utf8.firstRange(of:)` made the command 1.5x slower still.
    static func mentions(_ folded: String, _ words: [String]) -> Bool {
        guard !folded.isEmpty else { return false }
        var text = folded
        return text.withUTF8 { text in
            words.contains { word in
                var word = word
                return word.withUTF8 { occurs($0, in: text) }
            }
        }
    }

    /// Whether `word` occurs in `text`, byte for byte.
    private static func occurs(_ word: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = word.first else { return true }
        guard word.count <= text.count else { return false }
        for start in 0...(text.count - word.count) where text[start] == first {
            if text[start..<start + word.count].elementsEqual(word) { return true }
        }
        return false
    }

    /// An ISO 639-1 code in lower case; nil for the feed's `NA` and for anything not two letters.
    private static func code(_ wire: String) -> String? {
        let code = wire.trimmingCharacters(in: .whitespaces).lowercased()
        guard code.utf8.count == 2, code != "na", code.utf8.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }) else {
            return nil
        }
        return code
    }

    /// `PresentationMethod`, or, when it is empty, `2D` or `3D` at the start of
    /// `PresentationMethodAndLanguage`.
    private static func picture(method: String, combined: String) -> Picture? {
        let text = method.trimmingCharacters(in: .whitespaces)
        switch text.uppercased() {
        case "2D": return .twoD
        case "3D": return .threeD
        case "":
            // Only a method the combined text starts with: `dubattu suomeksi` alone is no picture.
            switch combined.prefix(while: { $0 != "," }).trimmingCharacters(in: .whitespaces).uppercased() {
            case "2D": return .twoD
            case "3D": return .threeD
            default: return nil
            }
        default: return .other(text)
        }
    }
}

extension Show {
    /// What this show is: picture, soundtrack, subtitles, special screenings.
    public var features: ShowFeatures { ShowFeatures(self) }
}
