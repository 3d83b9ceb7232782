import AppPatterns
import FinnkinoKit
import FinnkinoPresentation
import WebSupport

/// The Movies screen's search forms (``MoviesView/form(_:strings:)``), kept for the next request
/// that shows the same one: every visitor of an area's list saw the same twenty areas, fields and
/// options written again (3% of a hosted `/movies` request's CPU, `perf record`, 2026-11-30).
///
/// The key is everything the form is written of (the language, the areas as offered, what is
/// chosen and typed), so a new choice, a location's distances or another language is another
/// form; nothing is invalidated by hand.
struct MoviesFormCache: Sendable {
    private struct Key: Hashable, Sendable {
        var language: UILanguage
        var areas: [AreaOption]
        var list: EventListType
        var searchText: String
        var scope: SearchScope
        var sort: MovieSort
        var offersRuns: Bool
        var run: ScreenRuns.Kind?

        init(_ outputs: MoviesViewModel.Outputs, language: UILanguage) {
            self.language = language
            areas = outputs.areas
            list = outputs.list
            searchText = outputs.searchText
            scope = outputs.scope
            sort = outputs.sort
            offersRuns = outputs.offersRuns
            run = outputs.run
        }
    }

    /// Areas × lists × orders × run filters × languages, the latest searches, and the forms of
    /// persons whose location puts distances in them.
    private let cache = MemoryCache<Key, SafeHTML>(countLimit: 512, costLimit: 2 << 20)

    /// The form of `outputs` in `language`, written by `write` when not kept.
    func form(
        _ outputs: MoviesViewModel.Outputs, language: UILanguage, write: (MoviesViewModel.Outputs) -> SafeHTML
    ) -> SafeHTML {
        let key = Key(outputs, language: language)
        if let kept = cache.value(for: key) { return kept }
        let html = write(outputs)
        cache.set(html, for: key, cost: html.utf8.count)
        return html
    }
}
