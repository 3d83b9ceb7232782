import AppPatterns
import FinnkinoKit

/// The A-Z sections of the Movies list, made once per list of events and wording instead of once
/// per request. The store hands out the same array of events until a new feed answer replaces it,
/// so a hosted server otherwise made the same rows (lengths, genres, age limits, index letters)
/// for every visitor: 12% of the CPU of a `/movies` request (`perf record` under wrk, 2026-11-25).
///
/// The rows carry the movies' scores, so an entry is also kept under the store's scores revision
/// (`FeedStore.scoresRevision`): a new match makes the next request build the sections anew, once.
///
/// An entry keeps its events alive, so while it is kept, the address of their storage names that
/// array alone: a new answer is a new array, found under another key. Nothing is invalidated by hand.
final class MovieSectionCache: Sendable {
    private struct Key: Hashable, Sendable {
        var storage: UInt
        var count: Int
        /// The rows' words (`DisplayFormat.length`, `DisplayFormat.age`): the language's table,
        /// told equal at once and hashed once (``WordTable``).
        var wording: UIStrings
        var scoresRevision: Int
    }

    private struct Entry: Sendable {
        /// Kept so that `Key.storage` cannot name another array while the entry lives.
        var events: [Event]
        var sections: [MoviesViewModel.Section]
    }

    /// Areas × two lists × languages, with room for the lists a new answer is replacing.
    private let entries = MemoryCache<Key, Entry>(countLimit: 128)

    /// The sections of `events` (in Finnish order) as `format` words them with the scores known
    /// under `scoresRevision`, made by `make` when not kept.
    func sections(
        of events: [Event], format: DisplayFormat, scoresRevision: Int,
        make: ([Event], DisplayFormat) -> [MoviesViewModel.Section]
    ) -> [MoviesViewModel.Section] {
        let storage = events.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        let key = Key(
            storage: storage, count: events.count, wording: format.strings, scoresRevision: scoresRevision)
        if let kept = entries.value(for: key) { return kept.sections }
        let made = Entry(events: events, sections: make(events, format))
        // Requests that made the same sections at once all go on with the first one kept: one
        // array for everyone, which the caches after this one tell equal at once (by identity, not
        // row by row: 3% of a `/movies` request when two arrays of the same list stayed in use).
        return entries.value(for: key) { made }.sections
    }
}
