import Foundation
import Testing

@testable import FinnkinoKit

/// What a show is, read from the real samples' words: one case per value they carry, and a check
/// that no value of theirs is left without a case (a new sample with a new value fails here first).
@Suite("What a show is, on the real samples")
struct ShowFeaturesTests {
    /// Every show of every real Schedule sample.
    static func sampleShows() throws -> [Show] {
        try AnchorFixture.scheduleSamples.flatMap {
            try FinnkinoXMLDecoder.decodeSchedule(AnchorFixture.data($0)).shows
        }
    }

    /// Each `EventSeries` of the samples and the specials it says.
    static let series: [String: [ShowFeatures.Special]] = [
        "Anniskelualuesalin näytös": [.licensedAuditorium],
        "Englanninkielinen tekstitys / English subtitles": [.englishSubtitles],
        "Erikoisnäytös, tekijöitä paikalla!": [.filmmakersPresent],
        "K18 - Anniskelua salissa": [.barScreening],
        "Näytöksessä (vain) kuvaileva suomenkielinen tekstitys kuulovammaisille": [.descriptiveSubtitles],
    ]

    /// Each spoken language's name in the samples and the soundtrack it is.
    static let soundtracks: [String: ShowFeatures.Soundtrack] = [
        "dubattu ruotsiksi": .dubbed(language: "sv"), "dubattu suomeksi": .dubbed(language: "fi"),
        "englanti/amerikkalainen viittomakieli": .original(language: "en"), "englanti": .original(language: "en"),
        "espanja": .original(language: "es"), "farsi": .original(language: "fa"), "hindi": .original(language: "hi"),
        "islanti": .original(language: "is"), "italia": .original(language: "it"),
        "japani": .original(language: "ja"), "ruotsi/suomi": .original(language: "sv"),
        "ruotsi": .original(language: "sv"), "somali": .original(language: "so"),
        "suomi/somali": .original(language: "fi"), "suomi": .original(language: "fi"),
        "useita kieliä": .severalLanguages, "venäjä": .original(language: "ru"),
    ]

    /// Each subtitle's name in the samples: its language (nil: none) and whether it is descriptive.
    static let subtitles: [String: (code: String?, descriptive: Bool)] = [
        "Kuvaileva tekstitys kuulovammaisille": ("fi", true), "Valitun elokuvan mukainen": (nil, false),
        "englanti": ("en", false), "ruotsi": ("sv", false), "ruotsi (paitsi puhuttaessa ruotsia)": ("sv", false),
        "somali (paitsi puhuttaessa somalia)": ("so", false), "suomi": ("fi", false),
        "suomi (paitsi puhuttaessa suomea)": ("fi", false),
    ]

    @Test func everyValueOfTheSamplesHasACase() throws {
        // Given every show of the samples
        let shows = try Self.sampleShows()
        try #require(shows.count == 172)
        // Then each series, spoken language and subtitle they carry is one of the cases below
        #expect(Set(shows.compactMap(\.eventSeries)) == Set(Self.series.keys))
        #expect(Set(shows.compactMap(\.spokenLanguage?.name)) == Set(Self.soundtracks.keys))
        #expect(Set(shows.flatMap { $0.subtitleLanguages.map(\.name) }) == Set(Self.subtitles.keys))
    }

    @Test("each special series of the samples", arguments: series.keys.sorted())
    func eachSeries(_ series: String) throws {
        let shows = try Self.sampleShows().filter { $0.eventSeries == series }
        try #require(!shows.isEmpty)
        for show in shows {
            // The series is understood, not kept as raw words
            #expect(show.features.otherSeries == nil, "\(series)")
            // And says exactly its specials (the show's other fields aside)
            var bare = show
            bare.spokenLanguage = nil
            bare.subtitleLanguages = []
            bare.presentationMethodAndLanguage = "2D"
            bare.rating = Rating(code: "12", label: "12", imageURL: nil)
            #expect(bare.features.specials == Self.series[series], "\(show.id) \(series)")
        }
    }

    @Test("each spoken language of the samples", arguments: soundtracks.keys.sorted())
    func eachSpokenLanguage(_ name: String) throws {
        let shows = try Self.sampleShows().filter { $0.spokenLanguage?.name == name }
        try #require(!shows.isEmpty)
        for show in shows {
            #expect(show.features.soundtrack == Self.soundtracks[name], "\(show.id) \(name)")
            // A soundtrack of two named languages keeps the feed's words, which its one code does not say
            #expect(show.features.spokenWords == (name.contains("/") ? name : nil), "\(show.id)")
            // Sign language is told by the spoken language's name, and only by it here
            #expect(show.features.specials.contains(.signLanguage) == name.contains("viittomakieli"), "\(show.id)")
        }
    }

    @Test("each subtitle of the samples", arguments: subtitles.keys.sorted())
    func eachSubtitle(_ name: String) throws {
        let shows = try Self.sampleShows().filter { $0.subtitleLanguages.contains { $0.name == name } }
        try #require(!shows.isEmpty)
        for show in shows {
            let features = show.features
            let expected = show.subtitleLanguages.compactMap { Self.subtitles[$0.name]?.code }
            #expect(features.subtitles == expected, "\(show.id)")
            if Self.subtitles[name]?.descriptive == true {
                #expect(features.specials.contains(.descriptiveSubtitles), "\(show.id)")
            }
            if expected.contains("en") { #expect(features.specials.contains(.englishSubtitles), "\(show.id)") }
        }
    }

    @Test func everyPictureOfTheSamples() throws {
        let shows = try Self.sampleShows()
        for show in shows {
            let expected: ShowFeatures.Picture = show.presentationMethod == "3D" ? .threeD : .twoD
            #expect(show.features.picture == expected, "\(show.id) \(show.presentationMethod)")
        }
        #expect(shows.contains { $0.features.picture == .threeD })
    }

    @Test func anOrdinaryShowHasNothingSpecial() throws {
        // Given a show of the samples with no series, spoken and subtitled plainly
        let plain = try #require(
            try Self.sampleShows().first {
                $0.eventSeries == nil && $0.spokenLanguage?.name == "englanti"
                    && $0.subtitleLanguages.map(\.name) == ["suomi", "ruotsi"]
            })
        // Then it is 2D in English with Finnish and Swedish subtitles, and nothing else
        #expect(
            plain.features
                == ShowFeatures(
                    picture: .twoD, soundtrack: .original(language: "en"), subtitles: ["fi", "sv"], specials: [],
                    otherSeries: nil))
    }

    @Test func theSignLanguageSampleIsAlsoDescriptivelySubtitled() throws {
        let show = try #require(try Self.sampleShows().first { $0.spokenLanguage?.name.contains("viittoma") == true })
        #expect(show.features.specials == [.descriptiveSubtitles, .signLanguage])
    }

    // MARK: Beyond the samples

    private static func show(
        method: String = "2D", combined: String = "2D", spoken: ShowLanguage? = nil, subtitles: [ShowLanguage] = [],
        series: String? = nil, rating: String = "12"
    ) throws -> Show {
        var show = try #require(try Self.sampleShows().first)
        show.presentationMethod = method
        show.presentationMethodAndLanguage = combined
        show.spokenLanguage = spoken
        show.subtitleLanguages = subtitles
        show.eventSeries = series
        show.rating = Rating(code: rating, label: rating, imageURL: nil)
        return show
    }

    private static func language(_ name: String, _ code: String) -> ShowLanguage {
        ShowLanguage(name: name, nameInLanguage: nil, isoTwoLetterCode: code)
    }

    @Test func swedishAndEnglishWordsAreReadToo() throws {
        let swedish = try Self.show(
            spoken: Self.language("dubbad till svenska", "SV"),
            subtitles: [Self.language("Beskrivande textning för hörselskadade", "SV")],
            series: "Filmskaparna på plats")
        #expect(swedish.features.soundtrack == .dubbed(language: "sv"))
        #expect(swedish.features.specials == [.descriptiveSubtitles, .filmmakersPresent])
        let english = try Self.show(spoken: Self.language("Several languages", "EN"), series: "Sign language")
        #expect(english.features.soundtrack == .severalLanguages)
        #expect(english.features.specials == [.signLanguage])
    }

    @Test func anUnknownSeriesIsKeptAsWritten() throws {
        let show = try Self.show(series: "Ooppera livenä")
        #expect(show.features.otherSeries == "Ooppera livenä")
        #expect(show.features.specials.isEmpty)
    }

    @Test func aBarRatingIsABarScreeningWithoutItsSeries() throws {
        let show = try Self.show(rating: "Anniskelu K18 (elokuva: 12)")
        #expect(show.features.specials == [.barScreening])
    }

    @Test func thePictureComesFromTheCombinedTextOnlyWhenItSaysOne() throws {
        #expect(try Self.show(method: "", combined: "3D, englanti").features.picture == .threeD)
        #expect(try Self.show(method: "", combined: "dubattu suomeksi").features.picture == nil)
        #expect(try Self.show(method: "", combined: "").features.picture == nil)
        #expect(try Self.show(method: "4DX", combined: "4DX, englanti").features.picture == .other("4DX"))
    }

    @Test func codesThatAreNoLanguageAreLeftOut() throws {
        let show = try Self.show(
            spoken: Self.language("Valitun elokuvan mukainen", "NA"),
            subtitles: [Self.language("?", ""), Self.language("x", "E1"), Self.language("ruotsi", " sv ")])
        #expect(show.features.soundtrack == .original(language: nil))
        #expect(show.features.subtitles == ["sv"])
    }

    @Test func aWordIsFoundAnywhereInTheFeedsTextByteForByte() {
        // At the start, at the end, as the whole text, and ending in a letter of two bytes
        #expect(ShowFeatures.mentions("dubattu suomeksi", ShowFeatures.Words.dubbed))
        #expect(ShowFeatures.mentions("englanti/amerikkalainen viittomakieli", ShowFeatures.Words.signLanguage))
        #expect(ShowFeatures.mentions("k18", ShowFeatures.Words.barScreening))
        #expect(ShowFeatures.mentions("useita kieliä", ShowFeatures.Words.severalLanguages))
        // Not in a text shorter than the word, nor with another letter in its place, nor in none
        #expect(!ShowFeatures.mentions("k1", ShowFeatures.Words.barScreening))
        #expect(!ShowFeatures.mentions("useita kielia", ShowFeatures.Words.severalLanguages))
        #expect(!ShowFeatures.mentions("", ShowFeatures.Words.dubbed))
    }
}
