import Foundation
import Testing

@testable import FinnkinoKit
@testable import FinnkinoWeb

/// Image links and the cache of rendered movie lists.
@Suite struct RenderingTests {
    @Test func bundledImagesAreLinkedUnderMedia() throws {
        // Given an image of the bundled dataset
        let url = try #require(URL(string: "bundled:///media/posters/305001-small.jpg"))
        // Then the page links it on this app's /media route
        #expect(MediaLink.source(url) == "/media/posters/305001-small.jpg")
    }

    @Test(arguments: [
        "https://media.finnkino.fi/images/x.jpg", "bundled:///other/x.jpg", "bundled:///media/../Package.swift",
        "bundled:///media/a/..%2F..%2Fx", "bundled:///media/a..b/x.jpg", "file:///media/x.jpg",
    ])
    func otherImagesAreNotLinked(text: String) throws {
        // Given an image elsewhere, or a path that climbs out of /media
        let url = try #require(URL(string: text))
        // Then there is no link (the page shows no image rather than a broken or foreign one)
        #expect(MediaLink.source(url) == nil)
    }

    @Test func noImageNoLink() {
        #expect(MediaLink.source(nil) == nil)
    }

    @Test func aListIsRenderedOnceUntilWhatItShowsChanges() {
        // Given a cache and outputs with one movie
        let cache = MovieListCache()
        var outputs = MoviesViewModel.Outputs()
        let row = MoviesViewModel.Row(
            id: 1, title: "Dyyni", length: "2 h 35 min", genres: "Sci-fi", age: "12", thumbnailURL: nil)
        outputs.sections = [MoviesViewModel.Section(letter: "D", rows: [row])]
        var renders = 0
        func render(_ outputs: MoviesViewModel.Outputs) -> String {
            renders += 1
            return MoviesView.results(outputs, strings: .english)
        }
        // When the same list is asked for twice
        let first = cache.results(outputs, language: .en, render: render)
        let second = cache.results(outputs, language: .en, render: render)
        // Then it is rendered once and both answers are that rendering
        #expect(renders == 1)
        #expect(first == second && first.contains("Dyyni"))
        // When a value of a row changes (same movie ID), or the language does
        outputs.sections[0].rows[0].title = "Dyyni: Osa kaksi"
        let renamed = cache.results(outputs, language: .en, render: render)
        _ = cache.results(outputs, language: .fi, render: render)
        // Then each is rendered anew
        #expect(renders == 3)
        #expect(renamed.contains("Dyyni: Osa kaksi"))
        // When a notice appears over the same rows
        outputs.staleNotice = "Updated 5 min ago"
        _ = cache.results(outputs, language: .fi, render: render)
        #expect(renders == 4)
    }
}
