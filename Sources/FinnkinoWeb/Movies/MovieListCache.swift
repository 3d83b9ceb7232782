import AppPatterns
import FinnkinoKit
import FinnkinoPresentation
import WebSupport

/// Rendered movie lists (the inside of `#results`), kept for the next request that shows the same
/// list: the most asked-for page is then rendered once per feed answer, not once per request.
///
/// The key is everything the fragment is made of (the language and the view model's list
/// outputs), so a new feed answer, another search or a changed notice renders anew; nothing needs
/// to be invalidated by hand.
struct MovieListCache: Sendable {
    private struct Key: Hashable, Sendable {
        var language: UILanguage
        var sections: [MoviesViewModel.Section]
        var emptyMessage: String?
        var staleNotice: String?
        var missingTheatres: MissingTheatres?
        var errorMessage: String?
        var hiddenCount: Int

        /// Hashes the rows by their movies only: hashing every row's words took longer than the
        /// rest of the lookup, and equal keys are still told by all of them (``==``, at once for
        /// the same array of sections, which `MovieSectionCache` hands out).
        func hash(into hasher: inout Hasher) {
            hasher.combine(language)
            hasher.combine(sections.count)
            for section in sections {
                hasher.combine(section.rows.count)
                for row in section.rows { hasher.combine(row.id) }
            }
            hasher.combine(emptyMessage)
            hasher.combine(staleNotice)
            hasher.combine(missingTheatres)
            hasher.combine(errorMessage)
            hasher.combine(hiddenCount)
        }
    }

    /// Areas × two lists × languages, their other orders, the latest searches, and the lists of
    /// persons who hid movies (each theirs alone, as its key says what it leaves out).
    private let cache = MemoryCache<Key, SafeHTML>(countLimit: 256, costLimit: 8 << 20)

    /// The results fragment of `outputs` in `language`, rendered by `render` when not kept.
    func results(
        _ outputs: MoviesViewModel.Outputs, language: UILanguage, render: (MoviesViewModel.Outputs) -> SafeHTML
    ) -> SafeHTML {
        let key = Key(
            language: language, sections: outputs.sections, emptyMessage: outputs.emptyMessage,
            staleNotice: outputs.staleNotice, missingTheatres: outputs.missingTheatres,
            errorMessage: outputs.errorMessage, hiddenCount: outputs.hiddenCount)
        if let html = cache.value(for: key) { return html }
        let html = render(outputs)
        cache.set(html, for: key, cost: html.utf8.count)
        return html
    }
}
