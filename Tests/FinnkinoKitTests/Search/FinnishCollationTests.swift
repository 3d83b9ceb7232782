import FinnkinoKit
import Testing

@Suite struct FinnishCollationTests {
    @Test func scandinavianLettersComeAfterZInFinnishOrder() {
        let sorted = ["Öljy", "Äiti", "Zorro", "Åland", "amélie", "Banaani"]
            .sorted { FinnishCollation.key($0).lexicographicallyPrecedes(FinnishCollation.key($1)) }
        #expect(sorted == ["amélie", "Banaani", "Zorro", "Åland", "Äiti", "Öljy"])
    }

    @Test func asciiAndFoldedLettersShareTheirKey() {
        // Given the same word with and without case and diacritics
        // Then their keys are equal, and a Finnish letter's key differs from its base letter's
        #expect(FinnishCollation.key("Amelie") == FinnishCollation.key("amélie"))
        #expect(FinnishCollation.key("ZORRO") == FinnishCollation.key("zorro"))
        #expect(FinnishCollation.key("Äiti") != FinnishCollation.key("Aiti"))
    }

    @Test(arguments: [
        ("Äiti", "Ä"), ("élan", "E"), ("dyy", "D"), ("2012", "#"), ("  Öljy", "Ö"), ("", "#"), ("¡Hola!", "#"),
        ("zorro", "Z"), ("Alien", "A"), ("@home", "#"), ("[rec]", "#"), ("`quote`", "#"), ("{x}", "#"), (" \t", "#"),
    ])
    func indexLetter(text: String, letter: String) {
        #expect(FinnishCollation.indexLetter(of: text) == letter)
    }
}
