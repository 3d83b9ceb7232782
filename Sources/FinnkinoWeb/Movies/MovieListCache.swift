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

        init(_ outputs: MoviesViewModel.Outputs, language: UILanguage) {
            self.language = language
            sections = outputs.sections
            emptyMessage = outputs.emptyMessage
            staleNotice = outputs.staleNotice
            missingTheatres = outputs.missingTheatres
            errorMessage = outputs.errorMessage
            hiddenCount = outputs.hiddenCount
        }

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

    /// A rendered list and the sections it was rendered of (the key's own array, which
    /// ``results(_:language:render:)`` compares with the next request's by address).
    private struct Kept: Sendable {
        var html: SafeHTML
        var sections: [MoviesViewModel.Section]
    }

    /// Areas × two lists × languages, their other orders, the latest searches, and the lists of
    /// persons who hid movies (each theirs alone, as its key says what it leaves out).
    private let cache = MemoryCache<Key, Kept>(countLimit: 256, costLimit: 8 << 20)

    /// The results fragment of `outputs` in `language`, rendered by `render` when not kept.
    ///
    /// A list made again with the same rows (its sections rebuilt for a new scores revision that
    /// changed none of them, say) is found by comparing every row, and the entry would keep the
    /// first array as its key: every later request would compare the hundred rows again (2.5% of a
    /// hosted `/movies` request's CPU, `perf record`, 2026-11-30). So such an entry is kept again
    /// under the new array, which the next requests are handed and find at once by its address.
    func results(
        _ outputs: MoviesViewModel.Outputs, language: UILanguage, render: (MoviesViewModel.Outputs) -> SafeHTML
    ) -> SafeHTML {
        let key = Key(outputs, language: language)
        if let kept = cache.value(for: key) {
            if Self.address(of: kept.sections) != Self.address(of: outputs.sections) {
                // The dictionary keeps the key it was given first: only a new entry takes this one.
                _ = cache.removeValue(for: key)
                cache.set(Kept(html: kept.html, sections: outputs.sections), for: key, cost: kept.html.utf8.count)
            }
            return kept.html
        }
        let html = render(outputs)
        cache.set(Kept(html: html, sections: outputs.sections), for: key, cost: html.utf8.count)
        return html
    }

    /// The sections the entry of `outputs` in `language` keeps (nil: none kept), for the tests.
    func keptSections(_ outputs: MoviesViewModel.Outputs, language: UILanguage) -> [MoviesViewModel.Section]? {
        cache.value(for: Key(outputs, language: language))?.sections
    }

    private static func address(of sections: [MoviesViewModel.Section]) -> UInt {
        sections.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    }
}
