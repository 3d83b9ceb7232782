import Foundation
import ImagePipeline
import Testing
import WebSupport

@testable import FinnkinoKit
@testable import FinnkinoPresentation
@testable import FinnkinoWeb

/// Image links and the cache of rendered movie lists.
@Suite struct RenderingTests {
    @Test func bundledImagesAreLinkedOnTheImageRouteByTheirPath() throws {
        // Given an image of the bundled dataset
        let url = try #require(URL(string: "bundled:///media/posters/305001-small.jpg"))
        // Then the page links it on this app's /image route, and the key leads back to it
        #expect(
            ImageLink.path(url, variant: ImageVariants.listThumbnail) == "/image/thumb/media/posters/305001-small.jpg")
        #expect(ImageLink.url(forKey: "media/posters/305001-small.jpg") == url)
    }

    @Test func webImagesAreServedOnlyOnceAPageLinkedThem() throws {
        // Given an image on Finnkino's media site that no page has linked yet
        let url = try #require(URL(string: "http://media.finnkino.fi/1012/Event_13058/portrait_small/Dune_99.jpg"))
        let key = "web/" + ImageLink.hash(url.absoluteString) + "/Dune_99.jpg"
        #expect(ImageLink.url(forKey: key) == nil)
        // When a page links it, Then its key names it
        #expect(ImageLink.path(url, variant: ImageVariants.plain) == "/image/plain/" + key)
        #expect(ImageLink.url(forKey: key) == url)
        // And a made-up key names nothing
        #expect(ImageLink.url(forKey: "web/0000000000000000/Dune_99.jpg") == nil)
    }

    @Test(arguments: [
        "bundled:///other/x.jpg", "bundled:///media/../Package.swift", "bundled:///media/a/..%2F..%2Fx",
        "bundled:///media//x.jpg", "file:///media/x.jpg", "data:image/png;base64,AAAA",
    ])
    func otherImagesAreNotLinked(text: String) throws {
        // Given an image elsewhere, or a path that climbs out of media/
        let url = try #require(URL(string: text))
        // Then there is no link (the page shows no image rather than a broken or foreign one)
        #expect(ImageLink.path(url, variant: ImageVariants.plain) == nil)
    }

    @Test(arguments: [
        "media/../manifest.json", "media/a/../../x", "media//x", "other/x.jpg", "web/", "", "media/%2e%2e/x",
    ])
    func keysThatClimbOrNameNothingAreRefused(key: String) {
        #expect(ImageLink.url(forKey: key) == nil)
    }

    @Test func noImageNoLink() {
        #expect(ImageLink.path(nil, variant: ImageVariants.plain) == nil)
    }

    @Test func aListIsRenderedOnceUntilWhatItShowsChanges() {
        // Given a cache and outputs with one movie
        let cache = MovieListCache()
        var outputs = MoviesViewModel.Outputs()
        let row = MoviesViewModel.Row(
            id: 1, title: "Dyyni", length: "2 h 35 min", genres: "Sci-fi", age: "12", thumbnailURL: nil)
        outputs.sections = [MoviesViewModel.Section(letter: "D", rows: [row])]
        var renders = 0
        func render(_ outputs: MoviesViewModel.Outputs) -> SafeHTML {
            renders += 1
            return MoviesView.results(outputs, language: .en)
        }
        // When the same list is asked for twice
        let first = cache.results(outputs, language: .en, render: render)
        let second = cache.results(outputs, language: .en, render: render)
        // Then it is rendered once and both answers are that rendering
        #expect(renders == 1)
        #expect(first == second && first.markup.contains("Dyyni"))
        // When a value of a row changes (same movie ID), or the language does
        outputs.sections[0].rows[0].title = "Dyyni: Osa kaksi"
        let renamed = cache.results(outputs, language: .en, render: render)
        _ = cache.results(outputs, language: .fi, render: render)
        // Then each is rendered anew
        #expect(renders == 3)
        #expect(renamed.markup.contains("Dyyni: Osa kaksi"))
        // When a notice appears over the same rows
        outputs.staleNotice = "Updated 5 min ago"
        _ = cache.results(outputs, language: .fi, render: render)
        #expect(renders == 4)
    }
}
