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
        let (cache, renders) = (MovieListCache(), ListRenderings())
        var outputs = ListRenderings.oneMovie
        // When the same list is asked for twice
        let first = cache.results(outputs, language: .en, render: renders.render)
        let second = cache.results(outputs, language: .en, render: renders.render)
        // Then it is rendered once and both answers are that rendering
        #expect(renders.count == 1)
        #expect(first == second && first.markup.contains("Dyyni"))
        // When a value of a row changes (same movie ID), or the language does
        outputs.sections[0].rows[0].title = "Dyyni: Osa kaksi"
        let renamed = cache.results(outputs, language: .en, render: renders.render)
        _ = cache.results(outputs, language: .fi, render: renders.render)
        // Then each is rendered anew
        #expect(renders.count == 3)
        #expect(renamed.markup.contains("Dyyni: Osa kaksi"))
        // When a notice appears over the same rows
        outputs.staleNotice = "Updated 5 min ago"
        _ = cache.results(outputs, language: .fi, render: renders.render)
        #expect(renders.count == 4)
    }

    @Test func aSearchFormIsWrittenOnceUntilWhatItShowsChanges() {
        // Given a cache and a list's outputs with two areas offered
        let cache = MoviesFormCache()
        var outputs = MoviesViewModel.Outputs()
        outputs.areas = [
            AreaOption(id: nil, name: "Koko Suomi", isSelected: false),
            AreaOption(id: 1002, name: "Helsinki", isSelected: true),
        ]
        var writes = 0
        func write(_ outputs: MoviesViewModel.Outputs) -> MoviesView.Controls {
            writes += 1
            return MoviesView.controls(outputs, strings: UILanguage.en.strings)
        }
        // When the same form is asked for twice
        let first = cache.controls(outputs, language: .en, write: write)
        let second = cache.controls(outputs, language: .en, write: write)
        // Then it is written once
        #expect(writes == 1 && first == second)
        // When the words typed change, or a location puts a distance in an area's option
        outputs.searchText = "dyy"
        let typed = cache.controls(outputs, language: .en, write: write)
        outputs.areas[1].distance = "3.2 km"
        let near = cache.controls(outputs, language: .en, write: write)
        // Then each is written anew, as it now reads
        #expect(writes == 3)
        #expect(typed.form.markup.contains("value=\"dyy\"") && near.form.markup.contains("3.2 km"))
        // (and the list switch's links keep the words typed)
        #expect(typed.lists.markup.contains("q=dyy") && !first.lists.markup.contains("q="))
        // When the feed renames an area (same ID, same place in the list)
        outputs.areas[1].name = "Helsinki: KINOPALATSI"
        let renamed = cache.controls(outputs, language: .en, write: write)
        // Then that form is written anew too
        #expect(writes == 4 && renamed.form.markup.contains("Helsinki: KINOPALATSI"))
    }

    @Test func aMoviesPartsAreWrittenOnceForEveryoneUntilItsDetailsChange() {
        // Given a movie's details, bookmarked by one person and not by another
        let cache = MoviePartsCache()
        var outputs = MovieViewModel.Outputs()
        outputs.movieID = 305081
        outputs.title = "Dyyni"
        outputs.synopsis = ["Aavikkoplaneetta."]
        var bookmarked = outputs
        bookmarked.isBookmarked = true
        var writes = 0
        func write(_ outputs: MovieViewModel.Outputs) -> MovieView.Parts {
            writes += 1
            return MovieView.parts(outputs, language: .en)
        }
        // When both open the page
        let first = cache.parts(outputs, language: .en, write: write)
        let second = cache.parts(bookmarked, language: .en, write: write)
        // Then the parts are written once, the same for both
        #expect(writes == 1)
        #expect(first.about == second.about && first.titles.markup.contains("Dyyni"))
        // When a detail changes, or the language does, they are written anew
        outputs.synopsis = ["Aavikkoplaneetta Arrakis."]
        let changed = cache.parts(outputs, language: .en, write: write)
        _ = cache.parts(outputs, language: .fi, write: write)
        #expect(writes == 3)
        #expect(changed.about.markup.contains("Arrakis"))
    }

    @Test func aListMadeAgainWithTheSameRowsIsKeptUnderTheNewArray() {
        // Given a list rendered once
        let (cache, renders) = (MovieListCache(), ListRenderings())
        let outputs = ListRenderings.oneMovie
        let first = cache.results(outputs, language: .en, render: renders.render)
        // When the same rows come again in an array made anew (as a rebuilt list's are)
        var again = outputs
        again.sections = [MoviesViewModel.Section(letter: "D", rows: [ListRenderings.dune])]
        func address(_ sections: [MoviesViewModel.Section]?) -> UInt? {
            sections?.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        }
        #expect(address(again.sections) != address(outputs.sections))
        let second = cache.results(again, language: .en, render: renders.render)
        // Then the rendering is the one kept, and the entry now holds the new array, which the next
        // request of that list is found by at once
        #expect(renders.count == 1 && second == first)
        #expect(address(cache.keptSections(again, language: .en)) == address(again.sections))
    }
}

/// Renders a Movies list in English, counting the renderings (for ``MovieListCache``'s tests).
private final class ListRenderings {
    static let dune = MoviesViewModel.Row(
        id: 1, title: "Dyyni", length: "2 h 35 min", genres: "Sci-fi", age: "12", thumbnailURL: nil)
    /// A list of one movie.
    static var oneMovie: MoviesViewModel.Outputs {
        var outputs = MoviesViewModel.Outputs()
        outputs.sections = [MoviesViewModel.Section(letter: "D", rows: [dune])]
        return outputs
    }

    private(set) var count = 0

    func render(_ outputs: MoviesViewModel.Outputs) -> SafeHTML {
        count += 1
        return MoviesView.results(outputs, language: .en)
    }
}
