import FinnkinoKit
import Testing

@Suite struct FinnishCollationTests {
    @Test func scandinavianLettersComeAfterZInFinnishOrder() {
        let sorted = ["Öljy", "Äiti", "Zorro", "Åland", "amélie", "Banaani"]
            .sorted { FinnishCollation.key($0).lexicographicallyPrecedes(FinnishCollation.key($1)) }
        #expect(sorted == ["amélie", "Banaani", "Zorro", "Åland", "Äiti", "Öljy"])
    }

    @Test(arguments: [
        ("Äiti", "Ä"), ("élan", "E"), ("dyy", "D"), ("2012", "#"), ("  Öljy", "Ö"), ("", "#"), ("¡Hola!", "#"),
    ])
    func indexLetter(text: String, letter: String) {
        #expect(FinnishCollation.indexLetter(of: text) == letter)
    }
}
