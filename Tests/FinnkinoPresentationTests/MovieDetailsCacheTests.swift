import AppPatterns
import Foundation
import Testing

@testable import FinnkinoKit
@testable import FinnkinoPresentation

/// ``MovieDetailsCache``: a movie page's details are made once per feed answer and wording.
@Suite struct MovieDetailsCacheTests {
    @Test func detailsAreMadeOncePerAnswerAndLanguageAndAgainForANewAnswer() async throws {
        // Given a movie of the bundled list and an empty cache
        let store = try PresentationFixtures.bundledStore()
        let event = try #require(try await store.movies().value.first)
        let cache = MovieDetailsCache()
        var makes = 0
        func details(_ event: Event, _ strings: UIStrings, _ words: ChartStrings) -> MovieViewModel.Outputs {
            let asked = MovieDetailsCache.Made(
                event: event, gallery: [], scores: nil, hasTrailerClip: false, strings: strings, words: words)
            return cache.details(of: asked) { made in
                makes += 1
                var outputs = MovieViewModel.Outputs()
                outputs.title = made.event.title
                outputs.facts = [MovieViewModel.Fact(label: made.strings.year, value: "")]
                return outputs
            }
        }
        _ = details(event, .english, .english)
        #expect(makes == 1)
        // When the same answer is asked for again in English, then in Swedish, then in English
        let again = details(event, .english, .english)
        let swedish = details(event, .swedish, .swedish)
        let english = details(event, .english, .english)
        // Then English was made once and Swedish once, each in its words, neither replacing the other
        #expect(makes == 2)
        #expect(again.facts.map(\.label) == [UIStrings.english.year])
        #expect(swedish.facts.map(\.label) == [UIStrings.swedish.year])
        #expect(english.facts.map(\.label) == [UIStrings.english.year])
        // And a new answer (the title changed) is made anew, and then kept
        var renamed = event
        renamed.title = event.title + " (uusi)"
        #expect(details(renamed, .english, .english).title == renamed.title)
        #expect(details(renamed, .english, .english).title == renamed.title)
        #expect(makes == 3)
        // And so is the same answer with its scores now known
        let scored = MovieDetailsCache.Made(
            event: renamed, gallery: [], scores: MovieScores(tmdbID: 1, audience: 7.5, audienceVotes: 10, critics: nil),
            hasTrailerClip: false, strings: .english, words: .english)
        _ = cache.details(of: scored) { _ in
            makes += 1
            return MovieViewModel.Outputs()
        }
        #expect(makes == 4)
    }
}
