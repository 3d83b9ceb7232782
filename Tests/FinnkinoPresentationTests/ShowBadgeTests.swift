import Testing

@testable import FinnkinoKit
@testable import FinnkinoPresentation

/// A show's features in words, in each interface language.
@Suite struct ShowBadgeTests {
    private static let hardOfHearing = ShowFeatures(
        picture: .twoD, soundtrack: .original(language: "en"), subtitles: ["fi"],
        specials: [.descriptiveSubtitles, .signLanguage], otherSeries: nil)

    @Test func specialsComeFirstThenPictureSoundtrackAndSubtitles() {
        let badges = ShowBadge.badges(Self.hardOfHearing, language: .en)
        #expect(
            badges == [
                ShowBadge(kind: .descriptiveSubtitles, text: "Descriptive subtitles for the hard of hearing"),
                ShowBadge(kind: .signLanguage, text: "Sign language"),
                ShowBadge(kind: .picture, text: "2D"),
                ShowBadge(kind: .soundtrack, text: "Spoken: English"),
                ShowBadge(kind: .subtitles, text: "Subtitles: Finnish"),
            ])
        #expect(badges.map(\.kind.isSpecial) == [true, true, false, false, false])
    }

    @Test func languagesAreNamedInTheInterfacesLanguage() {
        let somali = ShowFeatures(
            picture: .twoD, soundtrack: .original(language: "so"), subtitles: ["fi", "sv"], specials: [],
            otherSeries: nil)
        #expect(
            ShowBadge.badges(somali, language: .fi).map(\.text) == ["2D", "Puhe: somali", "Tekstitys: suomi, ruotsi"])
        #expect(
            ShowBadge.badges(somali, language: .sv).map(\.text) == [
                "2D", "Tal: somaliska", "Textning: finska, svenska",
            ])
        #expect(
            ShowBadge.badges(somali, language: .en).map(\.text)
                == ["2D", "Spoken: Somali", "Subtitles: Finnish, Swedish"])
    }

    @Test func aSoundtrackOfTwoLanguagesIsToldInTheFeedsWords() {
        let features = ShowFeatures(
            picture: .twoD, soundtrack: .original(language: "fi"), spokenWords: "suomi/somali", subtitles: [],
            specials: [], otherSeries: nil)
        #expect(ShowBadge.badges(features, language: .en).map(\.text) == ["2D", "Spoken: suomi/somali"])
    }

    @Test func englishSubtitlesAreOneBadgeNotRepeatedAmongTheSubtitles() {
        let features = ShowFeatures(
            picture: .threeD, soundtrack: .original(language: "fi"), subtitles: ["en", "sv"],
            specials: [.englishSubtitles], otherSeries: nil)
        #expect(
            ShowBadge.badges(features, language: .en).map(\.text)
                == ["English subtitles", "3D", "Spoken: Finnish", "Subtitles: Swedish"])
    }

    @Test func dubbedSeveralLanguagesAndUnknownSeries() {
        let dubbed = ShowFeatures(
            picture: nil, soundtrack: .dubbed(language: "sv"), subtitles: [], specials: [.barScreening],
            otherSeries: "Ooppera livenä")
        #expect(
            ShowBadge.badges(dubbed, language: .fi)
                == [
                    ShowBadge(kind: .barScreening, text: "K18, anniskelua salissa"),
                    ShowBadge(kind: .otherSeries, text: "Ooppera livenä"),
                    ShowBadge(kind: .soundtrack, text: "Dubattu: ruotsi"),
                ])
        let several = ShowFeatures(
            picture: .other("4DX"), soundtrack: .severalLanguages, subtitles: [], specials: [], otherSeries: nil)
        #expect(ShowBadge.badges(several, language: .en).map(\.text) == ["4DX", "Several languages"])
        let unknown = ShowFeatures(
            picture: nil, soundtrack: .original(language: nil), subtitles: ["qq"], specials: [], otherSeries: nil)
        #expect(ShowBadge.badges(unknown, language: .en).map(\.text) == ["Subtitles: QQ"])
    }

    @Test(arguments: UILanguage.allCases)
    func everySpecialHasWordsOfItsOwn(language: UILanguage) {
        let all = ShowFeatures(
            picture: nil, soundtrack: .original(language: nil), subtitles: [],
            specials: ShowFeatures.Special.allCases, otherSeries: nil)
        let texts = ShowBadge.badges(all, language: language).map(\.text)
        #expect(texts.count == ShowFeatures.Special.allCases.count && Set(texts).count == texts.count)
    }
}
