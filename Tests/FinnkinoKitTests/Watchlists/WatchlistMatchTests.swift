import Foundation
import Testing

@testable import FinnkinoKit

/// A watchlist's film is a Finnkino movie by the scores' rule, never a guess: the same title whole
/// (original or Finnish), the production year give or take one; no year, or two that fit, is none.
@Suite struct WatchlistMatchTests {
    static func movies() async throws -> [Event] {
        let store = try BundledStoreFixture.store()
        return try await store.movies(.nowInTheatres).value + store.movies(.comingSoon).value
    }

    @Test func aFilmIsTheMovieOfItsTitleAndYear() async throws {
        let movies = try await Self.movies()
        let movie = try #require(movies.first { $0.productionYear != nil && $0.originalTitle != $0.title })
        let year = try #require(movie.productionYear)
        // By its original title, in another case and punctuation, or by its Finnish title
        for title in [movie.originalTitle, movie.originalTitle.uppercased() + "!", movie.title] {
            let entry = WatchlistEntry(title: title, year: year, origin: .letterboxd)
            #expect(try WatchlistMatch.movie(of: entry, among: movies).get().id == movie.id, "\(title)")
        }
        // A year off by one still; by two not
        let nextYear = WatchlistEntry(title: movie.originalTitle, year: year + 1, origin: .imdb)
        #expect(try WatchlistMatch.movie(of: nextYear, among: movies).get().id == movie.id)
        let far = WatchlistEntry(title: movie.originalTitle, year: year + 2, origin: .imdb)
        #expect(WatchlistMatch.movie(of: far, among: movies) == .failure(.notOnTheProgramme))
        // Part of the title is not the title
        let part = WatchlistEntry(title: String(movie.originalTitle.dropLast(2)), year: year, origin: .text)
        #expect(WatchlistMatch.movie(of: part, among: movies) == .failure(.notOnTheProgramme))
        // IMDb's Original Title is tried too
        let imdb = WatchlistEntry(title: "Another Name", originalTitle: movie.originalTitle, year: year, origin: .imdb)
        #expect(try WatchlistMatch.movie(of: imdb, among: movies).get().id == movie.id)
    }

    @Test func withoutAYearOrWithTwoThatFitItIsNoMatch() async throws {
        let movies = try await Self.movies()
        let movie = try #require(movies.first { $0.productionYear != nil })
        let noYear = WatchlistEntry(title: movie.originalTitle, year: nil, origin: .text)
        #expect(WatchlistMatch.movie(of: noYear, among: movies) == .failure(.noYear))
        // A remake of the same title and year: two fit as well, so neither
        var remake = movie
        remake.id = movie.id + 1_000_000
        let both = WatchlistEntry(title: movie.originalTitle, year: movie.productionYear, origin: .text)
        #expect(WatchlistMatch.movie(of: both, among: movies + [remake]) == .failure(.ambiguous))
        // The same year wins over the year after
        var older = movie
        older.id = movie.id + 2_000_000
        older.productionYear = movie.productionYear.map { $0 - 1 }
        #expect(try WatchlistMatch.movie(of: both, among: movies + [older]).get().id == movie.id)
    }

    @Test func aFilmOfAnIMDbExportIsFoundByItsIDWhenTheMatchKnowsIt() async throws {
        let movies = try await Self.movies()
        let (movie, other) = (movies[0], movies[1])
        let programme = WatchlistMatch.Programme(movies, imdbIDs: [movie.id: "tt0123456"])
        // By its ID (in any case), whatever the title and year say
        let byID = WatchlistEntry(title: "Le titre français", year: nil, imdbID: "TT0123456", origin: .imdb)
        #expect(try programme.movie(of: byID).get().id == movie.id)
        // An ID no movie's match knows: the title rule, which finds none here
        let unknown = WatchlistEntry(title: "Le titre français", year: 2020, imdbID: "tt7654321", origin: .imdb)
        #expect(programme.movie(of: unknown) == .failure(.notOnTheProgramme))
        // An ID two movies share finds neither: never a guess
        let shared = WatchlistMatch.Programme(movies, imdbIDs: [movie.id: "tt0123456", other.id: "tt0123456"])
        #expect(shared.movie(of: byID) == .failure(.noYear))
    }

    @Test func theSamplesTitlesAreOnNoProgramme() async throws {
        // The samples' titles are invented: none of them is a bundled movie
        let movies = try await Self.movies()
        let read = try WatchlistFile.read(
            WatchlistFileTests.sample("letterboxd-export/watchlist.csv"), named: "watchlist.csv")
        let misses = read.entries.map { WatchlistMatch.movie(of: $0, among: movies) }
        #expect(misses == [.failure(.notOnTheProgramme), .failure(.notOnTheProgramme), .failure(.noYear)])
    }
}
