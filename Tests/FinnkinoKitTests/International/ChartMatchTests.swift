import Testing

@testable import FinnkinoKit

/// Which TMDB movie a Finnkino event is: the same original title and year, or none.
@Suite struct ChartMatchTests {
    private func movie(_ id: Int, _ originalTitle: String, _ year: Int?, title: String? = nil) -> ChartMovie {
        ChartMovie(
            id: id, title: title ?? originalTitle, originalTitle: originalTitle, overview: "",
            releaseDate: year.map { LocalDate(year: $0, month: 6, day: 1) }, posterPath: nil, genreIDs: [],
            voteAverage: 7, voteCount: 10, popularity: 1)
    }

    @Test func theSameTitleAndYearMatchWhateverTheCaseAccentsAndPunctuation() {
        let candidates = [movie(1, "Spider-Man: No Way Home", 2021), movie(2, "Amélie", 2001)]
        #expect(ChartMatch.movie(originalTitle: "spider man – no way home", year: 2021, in: candidates)?.id == 1)
        #expect(ChartMatch.movie(originalTitle: "AMELIE", year: 2001, in: candidates)?.id == 2)
    }

    @Test func aYearBeforeOrAfterMatchesTwoYearsDoNot() {
        let candidates = [movie(1, "Dune", 2021)]
        #expect(ChartMatch.movie(originalTitle: "Dune", year: 2020, in: candidates)?.id == 1)
        #expect(ChartMatch.movie(originalTitle: "Dune", year: 2022, in: candidates)?.id == 1)
        #expect(ChartMatch.movie(originalTitle: "Dune", year: 2023, in: candidates) == nil)
        #expect(ChartMatch.movie(originalTitle: "Dune", year: 1984, in: candidates) == nil)
    }

    @Test func theSameYearWinsOverANeighbouringOne() {
        let candidates = [movie(1, "Dune", 2020), movie(2, "Dune", 2021), movie(3, "Dune", 1984)]
        #expect(ChartMatch.movie(originalTitle: "Dune", year: 2021, in: candidates)?.id == 2)
    }

    @Test func twoCandidatesThatFitEquallyMatchNeither() {
        #expect(
            ChartMatch.movie(
                originalTitle: "Twins", year: 2021, in: [movie(1, "Twins", 2021), movie(2, "Twins", 2021)])
                == nil)
        #expect(
            ChartMatch.movie(
                originalTitle: "Twins", year: 2021, in: [movie(1, "Twins", 2020), movie(2, "Twins", 2022)])
                == nil)
    }

    @Test func aTitleOnlyBeginningTheSameIsAnotherMovie() {
        let candidates = [movie(1, "Aliens", 2021), movie(2, "Alien: Romulus", 2021), movie(3, "The Alien", 2021)]
        #expect(ChartMatch.movie(originalTitle: "Alien", year: 2021, in: candidates) == nil)
    }

    @Test func anEnglishTitleGivenAsTheOriginalMatchesTMDBsTitle() {
        let candidates = [movie(1, "千と千尋の神隠し", 2001, title: "Spirited Away")]
        #expect(ChartMatch.movie(originalTitle: "Spirited Away", year: 2001, in: candidates)?.id == 1)
    }

    @Test func noYearNoTitleOrNoReleaseDateMatchesNothing() {
        #expect(ChartMatch.movie(originalTitle: "Dune", year: nil, in: [movie(1, "Dune", 2021)]) == nil)
        #expect(ChartMatch.movie(originalTitle: " – ", year: 2021, in: [movie(1, "–", 2021)]) == nil)
        #expect(ChartMatch.movie(originalTitle: "Dune", year: 2021, in: [movie(1, "Dune", nil)]) == nil)
    }
}
