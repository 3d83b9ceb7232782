import AppPatterns
import FinnkinoKit
import Foundation

/// The Movies list's sections of an area with their run badges (``ScreenRuns``), and only a run's
/// movies when the list is filtered by one, made once per list, programme, wording, filter and span
/// of time in which no badge changes, instead of once per request. Every visitor of an area's list
/// otherwise badged its hundred rows again, and the rendered list's cache then compared the new
/// arrays row by row: 8% of the CPU of a hosted `/movies` request (`perf record`, 2026-11-30).
///
/// Only the shared lists come here (``MovieSectionCache``'s, which the store's answer names): a
/// person's own list (movies hidden, a movie they follow back on screen) is badged for them alone.
/// An entry keeps the sections it was made of, so while it is kept, their storage's address names
/// that array alone; nothing is invalidated by hand.
final class BadgedSectionsCache: Sendable {
    private struct Key: Hashable, Sendable {
        var storage: UInt
        var count: Int
        var runs: Int
        var kind: ScreenRuns.Kind?
        /// The badges' words (``ScreenRuns/badges(of:followed:now:format:)``): the language's
        /// table, told equal at once and hashed once (``WordTable``).
        var wording: UIStrings
    }

    private struct Entry: Sendable {
        /// Kept so that `Key.storage` cannot name another array while the entry lives.
        var base: [MoviesViewModel.Section]
        var sections: [MoviesViewModel.Section]
        /// The span in which no badge changes (``ScreenRuns/kindsHold(from:)``).
        var from: Date
        var until: Date?

        func holds(at now: Date) -> Bool { now >= from && until.map { now <= $0 } ?? true }
    }

    /// Areas × languages × run filters, with room for the lists a new answer is replacing.
    private let entries = MemoryCache<Key, Entry>(countLimit: 128)

    /// `base` badged with `runs` at `now` (and filtered by `kind`), made by `make` when not kept
    /// or when a badge has changed since.
    func sections(
        of base: [MoviesViewModel.Section], runs: ScreenRuns, kind: ScreenRuns.Kind?, format: DisplayFormat,
        now: Date, make: () -> [MoviesViewModel.Section]
    ) -> [MoviesViewModel.Section] {
        let storage = base.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        let key = Key(
            storage: storage, count: base.count, runs: runs.revision, kind: kind, wording: format.strings)
        if let kept = entries.value(for: key), kept.holds(at: now) { return kept.sections }
        let made = Entry(base: base, sections: make(), from: now, until: runs.kindsHold(from: now))
        // Requests that badged the list at once all go on with the first one kept (as
        // ``MovieSectionCache`` does): one array, which the rendered list's cache tells equal at once.
        let keep: (inout Entry) -> [MoviesViewModel.Section] = { entry in
            if !entry.holds(at: now) { entry = made }
            return entry.sections
        }
        return entries.withValue(for: key, orMake: { made }, keep)
    }
}
