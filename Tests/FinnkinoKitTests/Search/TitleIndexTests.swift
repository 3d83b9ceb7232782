import FinnkinoKit
import Testing

@Suite struct TitleIndexTests {
    struct Movie: Sendable, Equatable {
        var title: String
        var originalTitle: String
    }

    let movies = [
        Movie(title: "Äiti ja meri", originalTitle: "Mother and the Sea"),
        Movie(title: "Dyynien laulu", originalTitle: "Song of the Dunes"),
        Movie(title: "Kesä Dyynillä", originalTitle: "Summer on the Dunes"),
        Movie(title: "Ryhmä Hau", originalTitle: "Paw Patrol"),
        Movie(title: "Dyy", originalTitle: "Dyy"),
        Movie(title: "Hiljaisuus", originalTitle: "Adyyn"),
    ]

    func titles(_ found: TitleIndex<Movie>.Matches) -> [String] { found.map(\.title) }

    var index: TitleIndex<Movie> { TitleIndex(movies) { ($0.title, $0.originalTitle) } }

    @Test func beginsWithIgnoresCaseAndDiacritics() {
        // Given the index, when searching "aiti" in Begins with
        // Then "Äiti ja meri" is found although the user typed no diacritics
        #expect(titles(index.search("aiti", scope: .beginsWith)) == ["Äiti ja meri"])
        #expect(titles(index.search("ÄITI", scope: .beginsWith)) == ["Äiti ja meri"])
    }

    @Test func beginsWithMatchesTitleOrOriginalTitleOnlyAtTheStart() {
        // "dyy" begins "Dyy" (exact, first) and "Dyynien laulu"; "Kesä Dyynillä" only contains it.
        #expect(titles(index.search("dyy", scope: .beginsWith)) == ["Dyy", "Dyynien laulu"])
        // The original title counts too, after title matches.
        #expect(titles(index.search("paw", scope: .beginsWith)) == ["Ryhmä Hau"])
    }

    @Test func containsRanksPrefixThenWordStartThenAnywhere() {
        // Given "dyy" in Contains:
        // exact title, title prefix, word start ("Kesä Dyynillä"), anywhere ("Adyyn" original title)
        #expect(
            titles(index.search("dyy", scope: .contains)) == ["Dyy", "Dyynien laulu", "Kesä Dyynillä", "Hiljaisuus"])
    }

    @Test func aLaterWordStartBeatsAnEarlierMidWordOccurrence() {
        // Given a title where "dyy" first occurs inside a word, then starts one
        let index = TitleIndex([
            Movie(title: "Kadyy ja dyyni", originalTitle: "X"), Movie(title: "Adyy", originalTitle: "Y"),
        ]) {
            ($0.title, $0.originalTitle)
        }
        // Then the word start counts: it ranks before a title that only contains the text
        #expect(titles(index.search("dyy", scope: .contains)) == ["Kadyy ja dyyni", "Adyy"])
        // And the original title's start beats a word start
        let second = TitleIndex([Movie(title: "Ab dyy", originalTitle: "Q"), Movie(title: "Zz", originalTitle: "Dyy")])
        {
            ($0.title, $0.originalTitle)
        }
        #expect(titles(second.search("dyy", scope: .contains)) == ["Zz", "Ab dyy"])
    }

    @Test func whitespaceIsFoldedAndTrimmed() {
        #expect(titles(index.search("  äiti   JA ", scope: .beginsWith)) == ["Äiti ja meri"])
    }

    @Test func emptyTextListsEverythingAlphabetically() {
        let all = titles(index.search("", scope: .contains))
        #expect(all.count == movies.count)
        // Finnish order: Ä after Z.
        #expect(all == ["Dyy", "Dyynien laulu", "Hiljaisuus", "Kesä Dyynillä", "Ryhmä Hau", "Äiti ja meri"])
    }

    @Test func noMatchGivesNothing() {
        #expect(index.search("zzz", scope: .contains).isEmpty)
        #expect(index.search("meri", scope: .beginsWith).isEmpty)
        #expect(titles(index.search("meri", scope: .contains)) == ["Äiti ja meri"])
    }

    @Test func queryLongerThanEveryTitleMatchesNothing() {
        #expect(index.search(String(repeating: "a", count: 200), scope: .contains).isEmpty)
    }
}
