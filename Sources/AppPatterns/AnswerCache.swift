import Foundation

/// Values derived from a source's answers (``Loaded/answer``), each kept while its answer lives:
/// what a page makes of a feed answer, made once per answer instead of once per request.
///
/// An entry holds its answer weakly. So the cache keeps no answer alive (an area's decoded 31-day
/// programme is megabytes; the runs made of it are kilobytes, and the programme is the web
/// service's to keep or let go), and an answer let go is never mistaken for one that came later
/// at the same address. Entries whose answers are gone go as the least recently used do.
public final class AnswerCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct EntryKey: Hashable, Sendable {
        var answer: ObjectIdentifier
        var key: Key
    }

    private struct Entry: Sendable {
        weak var answer: SharedDecodings.Decoded?
        var value: Value
    }

    private let entries: MemoryCache<EntryKey, Entry>

    /// - Parameter countLimit: the most values kept.
    public init(countLimit: Int) {
        entries = MemoryCache(countLimit: countLimit)
    }

    /// The value derived from `loaded`'s answer under `key`, made by `make` when not kept (and
    /// every time for a value that names no answer).
    public func value<Answered: Sendable>(
        of loaded: Loaded<Answered>, _ key: Key, make: (Answered) -> Value
    ) -> Value {
        guard let answer = loaded.answer?.decoded else { return make(loaded.value) }
        let entryKey = EntryKey(answer: ObjectIdentifier(answer), key: key)
        if let entry = entries.value(for: entryKey), entry.answer === answer { return entry.value }
        let made = Entry(answer: answer, value: make(loaded.value))
        // Callers that made the value of one answer at once all go on with the first one kept.
        let keep: (inout Entry) -> Value = { entry in
            if entry.answer !== answer { entry = made }
            return entry.value
        }
        return entries.withValue(for: entryKey, orMake: { made }, keep)
    }

    /// The number of entries, their answers alive or not (for tests).
    public var count: Int { entries.count }

    /// The number of entries whose answers are alive (for tests).
    public var liveCount: Int { entries.values.count { $0.answer != nil } }
}
