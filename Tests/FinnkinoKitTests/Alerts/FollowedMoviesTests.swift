import FinnkinoStores
import Foundation
import TestSupport
import Testing

@testable import FinnkinoKit

/// ``FollowedMovies``: the one rule of the movies a person follows.
struct FollowedMoviesTests {
    let person = PersonID.local
    let now = Date(timeIntervalSince1970: 1_790_000_000)

    func bookmark(_ id: Int, _ title: String, _ source: Bookmark.Source) -> Bookmark {
        Bookmark(source: source, movieID: id, title: title, originalTitle: title, posterURL: nil, addedAt: now)
    }

    @Test func wantedMoviesAndFinnkinoBookmarksAreFollowedWithTheWantedTitleFirst() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        // Given two wanted movies, and bookmarks of one of them, another Finnkino movie and an
        // international one with a Finnkino movie's ID
        let wanted = SQLiteWantedMovies()
        _ = try wanted.want(301, title: "Dyyni (wanted)", by: person, now: now)
        _ = try wanted.want(302, title: "Muumit", by: person, now: now)
        _ = try wanted.want(399, title: "Someone else's", by: PersonID(rawValue: 42), now: now)
        let bookmarks = try SQLiteBookmarkStore(dataDirectory: folder.url)
        #expect(try bookmarks.add(bookmark(301, "Dyyni (bookmark)", .finnkino)))
        #expect(try bookmarks.add(bookmark(303, "Aku", .finnkino)))
        #expect(try bookmarks.add(bookmark(304, "Oppenheimer", .international)))
        // When the followed movies are read
        let followed = FollowedMovies.of(person, wanted: wanted, bookmarks: bookmarks)
        // Then they are the wanted movies and the Finnkino bookmarks, a wanted movie by its wanted title
        #expect(followed == [301: "Dyyni (wanted)", 302: "Muumit", 303: "Aku"])
        // And a store that is missing adds none
        #expect(FollowedMovies.of(person, wanted: nil, bookmarks: bookmarks) == [301: "Dyyni (bookmark)", 303: "Aku"])
        #expect(FollowedMovies.of(person, wanted: wanted, bookmarks: nil) == [301: "Dyyni (wanted)", 302: "Muumit"])
        #expect(FollowedMovies.of(person, wanted: nil, bookmarks: nil).isEmpty)
    }
}
