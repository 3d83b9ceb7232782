import AppPatterns
import FinnkinoKit

/// A movie page's details (``MovieViewModel/Outputs`` but whether the person bookmarked it), made
/// once per feed answer and wording instead of once per request. After the list, the movie page is
/// what people open most, and every visitor's request formatted the same facts, synopsis and scores
/// again (10% of a hosted `/movie/<id>` request's CPU, `perf record` under wrk, 2026-11-29).
///
/// An entry is kept per movie with what it was made of (the event, its gallery, its scores, the
/// words) and used while all of them are equal to the request's. The store hands out the same
/// values until a new answer replaces them, so the comparison is of identical storage, which Swift
/// answers without reading the text. Nothing is invalidated by hand.
final class MovieDetailsCache: Sendable {
    struct Made: Sendable, Equatable {
        var event: Event
        var gallery: [GalleryImage]
        var scores: MovieScores?
        /// Whether the bundled media has the movie's trailer clip (servers in one process may
        /// differ in it).
        var hasTrailerClip: Bool
        var strings: UIStrings
        var words: ChartStrings
    }

    /// The movie, and two words that tell the languages apart (an entry is used only when all of
    /// ``Made`` is equal, so these only keep each language's entry from replacing another's).
    private struct Key: Hashable, Sendable {
        var movie: Int
        var year: String
        var audience: String

        init(_ made: Made) {
            movie = made.event.id
            year = made.strings.year
            audience = made.words.audience
        }
    }

    private struct Entry: Sendable {
        var made: Made
        var outputs: MovieViewModel.Outputs
    }

    /// Every movie of both lists in three languages, with room for those of a new answer.
    private let entries = MemoryCache<Key, Entry>(countLimit: 512)

    /// The details made of `made`, by `make` when not kept.
    func details(of made: Made, make: (Made) -> MovieViewModel.Outputs) -> MovieViewModel.Outputs {
        let key = Key(made)
        if let kept = entries.value(for: key), kept.made == made { return kept.outputs }
        let outputs = make(made)
        entries.set(Entry(made: made, outputs: outputs), for: key)
        return outputs
    }
}
