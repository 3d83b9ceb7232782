import FinnkinoKit
import FinnkinoPresentation
import FinnkinoStores
import Foundation
import Testing

@testable import FinnkinoWeb

/// "Not interested": a movie hidden from one person's lists, listed on their page of hidden
/// movies, brought back from there; nobody else's lists change.
@Suite struct NotInterestedTests {
    /// The movie IDs of a Movies page's cards.
    private static func cards(_ page: String) throws -> [Int] {
        page.matches(of: try Regex(#"class="movie-link" href="/movie/([0-9]+)""#)).compactMap {
            $0.output[1].substring.flatMap { Int($0) }
        }
    }

    @Test func aHiddenMovieLeavesThatPersonsListsAndComesBack() async throws {
        let server = try await WebServer.start(hosted: true)
        defer { Task { await server.stop() } }
        var a = HostedBrowser(server)
        var b = HostedBrowser(server)
        let list = "/movies?area=all&list=now"
        let before = try Self.cards(try await a.get(list).body)
        _ = try await b.get(list)
        let movie = try #require(before.dropFirst(2).first)
        // When A says they are not interested in a movie, on its page
        let moviePage = try await a.get("/movie/\(movie)").body
        #expect(moviePage.contains("name=\"interested\" value=\"no\""))
        let hid = try await a.post("/movies/interest", "movie=\(movie)&interested=no&back=%2Fmovie%2F\(movie)")
        #expect(hid.status == 303)
        // Then its page offers to bring it back, and A's list is the rest, saying one is hidden
        #expect(try await a.get("/movie/\(movie)").body.contains("name=\"interested\" value=\"yes\""))
        let after = try await a.get(list).body
        #expect(try Self.cards(after) == before.filter { $0 != movie })
        #expect(after.contains("class=\"hidden-movies-link\""))
        #expect(after.contains(ShowStrings.finnish.hiddenHere("1")))
        // And A's page of hidden movies lists it, B's lists none, and B's list is whole
        let hidden = try await a.get("/movies/hidden").body
        #expect(hidden.contains("href=\"/movie/\(movie)\"") && hidden.contains("name=\"interested\" value=\"yes\""))
        #expect(!(try await b.get("/movies/hidden").body.contains("href=\"/movie/")))
        #expect(try Self.cards(try await b.get(list).body) == before)
        // And B cannot hide it for A with A's token
        let forged = try await b.post("/movies/interest", "movie=\(before[0])&interested=no&back=%2F", token: a.csrf)
        #expect(forged.status == 403)
        #expect(try Self.cards(try await a.get(list).body) == before.filter { $0 != movie })
        // When A brings it back from the page of hidden movies, then A's list is whole again
        let back = try await a.post("/movies/interest", "movie=\(movie)&interested=yes&back=%2Fmovies%2Fhidden")
        #expect(back.status == 303)
        #expect(try Self.cards(try await a.get(list).body) == before)
        #expect(!(try await a.get("/movies/hidden").body.contains("href=\"/movie/")))
    }

    /// "Bring all back" on the page of hidden movies: every movie of that person back, nobody
    /// else's touched.
    @Test func bringAllBackEmptiesOnlyThatPersonsHiddenMovies() async throws {
        let server = try await WebServer.start(hosted: true)
        defer { Task { await server.stop() } }
        var a = HostedBrowser(server)
        var b = HostedBrowser(server)
        let list = "/movies?area=all&list=now"
        let before = try Self.cards(try await a.get(list).body)
        _ = try await b.get(list)
        for movie in before.prefix(3) {
            _ = try await a.post("/movies/interest", "movie=\(movie)&interested=no&back=%2Fmovies")
        }
        _ = try await b.post("/movies/interest", "movie=\(before[0])&interested=no&back=%2Fmovies")
        // The page of hidden movies offers to bring them all back
        #expect(try await a.get("/movies/hidden").body.contains("id=\"bring-all-back\""))
        let done = try await a.post("/movies/hidden/bring-back", "back=%2Fmovies%2Fhidden")
        #expect(done.status == 303 && done.header("Location") == "/movies/hidden")
        // Then the page is told how many came back, offers nothing more to bring back, and A's list is whole
        #expect(done.cookies["flash"]?.removingPercentEncoding == ShowStrings.finnish.allBroughtBack("3"))
        let page = try await a.get("/movies/hidden").body
        #expect(!page.contains("id=\"bring-all-back\"") && page.contains(ShowStrings.finnish.noHiddenMovies))
        #expect(try Self.cards(try await a.get(list).body) == before)
        // And B's hidden movie stays hidden
        #expect(try Self.cards(try await b.get(list).body) == before.filter { $0 != before[0] })
        // And without the token nothing is brought back
        _ = try await b.post("/movies/hidden/bring-back", "back=%2F", token: "forged")
        #expect(try Self.cards(try await b.get(list).body) == before.filter { $0 != before[0] })
    }

    /// A browser that is nobody has hidden nothing: bringing everything back changes nothing and
    /// leaves no person, on disk or in memory.
    @Test func aNobodyBringingNothingBackStaysNobody() async throws {
        let persons = try SQLitePersonStore.inMemory()
        let server = try await WebServer.start(hosted: true, persons: persons)
        defer { Task { await server.stop() } }
        var nobody = HostedBrowser(server)
        _ = try await nobody.get("/movies/hidden")
        let kept = server.people.count
        let personsBefore = try persons.count()
        let reply = try await nobody.post("/movies/hidden/bring-back", "back=%2Fmovies%2Fhidden")
        #expect(reply.status == 303 && reply.cookies["flash"] != nil)
        let personsAfterBringing = try persons.count()
        #expect(nobody.session == nil && personsAfterBringing == personsBefore)
        #expect(server.people.count == kept)
        // And a form that is not one costs no state either
        _ = try await nobody.post("/movies/interest", "movie=5&interested=maybe&back=%2F")
        let personsAfterNonsense = try persons.count()
        #expect(nobody.session == nil && personsAfterNonsense == personsBefore && server.people.count == kept)
    }

    @Test func aFormThatIsNotOneIsRefused() async throws {
        let server = try await WebServer.start(hosted: true)
        defer { Task { await server.stop() } }
        var a = HostedBrowser(server)
        _ = try await a.get("/movies")
        for body in [
            "movie=abc&interested=no", "movie=-5&interested=no", "movie=5&interested=maybe", "interested=no",
            "movie=99999999999999999999&interested=no",
        ] {
            #expect(try await a.post("/movies/interest", body + "&back=%2F").status == 400, "\(body)")
        }
        #expect(!(try await a.get("/movies/hidden").body.contains("name=\"interested\"")))
    }
}

/// What a place keeps of the movies a person hid.
@Suite struct NotInterestedPlaceTests {
    @Test func hiddenMoviesAreNewestFirstOnceEachAndBounded() {
        var place = AppPlace()
        #expect(!place.isNotInterested(in: 1))
        place.hide(1)
        place.hide(2)
        place.hide(1)
        #expect(place.notInterested == [1, 2] && place.isNotInterested(in: 2))
        place.bringBack(1)
        #expect(place.notInterested == [2] && !place.isNotInterested(in: 1))
        for id in 10..<(10 + AppPlace.notInterestedLimit + 5) { place.hide(id) }
        #expect(place.notInterested?.count == AppPlace.notInterestedLimit)
        #expect(place.notInterested?.first == 10 + AppPlace.notInterestedLimit + 4)
    }

    @Test func aPlaceSavedBeforeHasNone() throws {
        let old = try JSONDecoder().decode(AppPlace.self, from: Data(#"{"tab":"movies"}"#.utf8))
        #expect(old.notInterested == nil && !old.isNotInterested(in: 1))
    }
}
