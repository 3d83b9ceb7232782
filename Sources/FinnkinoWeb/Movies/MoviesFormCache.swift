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

        /// The areas' names compared byte for byte: Swift compares strings as Unicode, and
        /// normalized every name with a letter outside ASCII (`Jyväskylä`) on every request. A
        /// name written otherwise but read alike is another form, written once more.
        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.language == rhs.language && lhs.list == rhs.list && lhs.searchText == rhs.searchText
                && lhs.scope == rhs.scope && lhs.sort == rhs.sort && lhs.offersRuns == rhs.offersRuns
                && lhs.run == rhs.run
                && lhs.areas.elementsEqual(rhs.areas) {
                    $0.id == $1.id && $0.isSelected == $1.isSelected && $0.distance == $1.distance
                        && $0.name.utf8.elementsEqual($1.name.utf8)
                }
        }

        /// All but the areas' names, which equality still compares: the same IDs in the same
        /// order are named alike but when the feed renames an area. Hashing every name (some 600
        /// bytes) took half of a hit's time (perf, 2026-12-01).
        func hash(into hasher: inout Hasher) {
            hasher.combine(language)
            hasher.combine(areas.count)
            for area in areas {
                hasher.combine(area.id)
                hasher.combine(area.isSelected)
                hasher.combine(area.distance)
            }
            hasher.combine(list)
            hasher.combine(searchText)
            hasher.combine(scope)
            hasher.combine(sort)
            hasher.combine(offersRuns)
            hasher.combine(run)
        }
    }

    /// Areas × lists × orders × run filters × languages, the latest searches, and the forms of
    /// persons whose location puts distances in them.
    private let cache = MemoryCache<Key, MoviesView.Controls>(countLimit: 512, costLimit: 2 << 20)

    /// The controls of `outputs` in `language`, written by `write` when not kept.
    func controls(
        _ outputs: MoviesViewModel.Outputs, language: UILanguage,
        write: (MoviesViewModel.Outputs) -> MoviesView.Controls
    ) -> MoviesView.Controls {
        let key = Key(outputs, language: language)
        if let kept = cache.value(for: key) { return kept }
        let controls = write(outputs)
        cache.set(controls, for: key, cost: controls.form.utf8.count + controls.lists.utf8.count)
        return controls
    }
}
