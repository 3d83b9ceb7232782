import Foundation
import Testing

@testable import FinnkinoKit
@testable import FinnkinoPresentation

@Suite struct MovieSectionCacheTests {
    @Test func requestsThatMadeTheSectionsAtOnceAllGoOnWithTheFirstKept() async throws {
        let store = try PresentationFixtures.bundledStore()
        let events = try await store.movies(.nowInTheatres, area: nil).value
        let cache = MovieSectionCache()
        let format = DisplayFormat(strings: .english)
        func sections(_ letter: String) -> [MoviesViewModel.Section] {
            [MoviesViewModel.Section(letter: letter, rows: [])]
        }
        // Given a request making the sections while another one (on the other core) made and kept them
        var inner: [MoviesViewModel.Section] = []
        let outer = cache.sections(of: events, format: format, scoresRevision: 0) { _, _ in
            inner = cache.sections(of: events, format: format, scoresRevision: 0) { _, _ in sections("A") }
            return sections("B")
        }
        // Then both go on with the first one kept, and so does the next request
        #expect(inner == sections("A"))
        #expect(outer == sections("A"))
        #expect(cache.sections(of: events, format: format, scoresRevision: 0) { _, _ in [] } == sections("A"))
        // And another scores revision is made anew
        #expect(
            cache.sections(of: events, format: format, scoresRevision: 1) { _, _ in sections("C") } == sections("C"))
    }
}
