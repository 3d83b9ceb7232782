import AppPatterns
import FinnkinoPresentation
import WebSupport

/// The parts of movie pages that are the same for everyone (``MovieView/Parts``: the poster, the
/// titles, the facts to the links, the gallery), written once per movie's details and language
/// instead of once per request: they were half of the page's writing, for a page that differs
/// from one person to the next only in their forms and followed runs (`perf record` of hosted
/// `/movie/<id>` requests, 2026-11-30).
///
/// The key is what the parts are written of: the language and the details (the outputs but
/// whether the person bookmarked the movie). The details are handed out by
/// `MovieDetailsCache` as one value per feed answer and wording, so equal keys are told at once
/// by their identical storage; a new answer or a new score makes new details and new parts.
/// Nothing is invalidated by hand.
struct MoviePartsCache: Sendable {
    private struct Key: Hashable, Sendable {
        var language: UILanguage
        var details: MovieViewModel.Outputs

        init(_ outputs: MovieViewModel.Outputs, language: UILanguage) {
            self.language = language
            details = outputs
            details.isBookmarked = false
        }

        /// By the movie and the language; equal keys are told by all the details (``==``).
        func hash(into hasher: inout Hasher) {
            hasher.combine(language)
            hasher.combine(details.movieID)
        }
    }

    /// Every movie of both lists in three languages, with room for those of a new answer.
    private let cache = MemoryCache<Key, MovieView.Parts>(countLimit: 512, costLimit: 8 << 20)

    /// The parts of `outputs` in `language`, written by `write` when not kept.
    func parts(
        _ outputs: MovieViewModel.Outputs, language: UILanguage, write: (MovieViewModel.Outputs) -> MovieView.Parts
    ) -> MovieView.Parts {
        let key = Key(outputs, language: language)
        if let kept = cache.value(for: key) { return kept }
        let parts = write(outputs)
        let cost = [parts.poster, parts.titles, parts.about, parts.gallery].reduce(0) { $0 + $1.utf8.count }
        cache.set(parts, for: key, cost: cost)
        return parts
    }
}
