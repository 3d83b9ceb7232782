import AppPatterns
import Foundation
import NIOConcurrencyHelpers

extension FeedStore {
    /// How long what is known of an event's scores is kept: a match with the critics' scores, or
    /// no match, a day; a match without the critics' scores an hour (OMDb may have failed, or not
    /// know them yet); a failure ten minutes (a failing source is not asked on every request).
    static let matchAge: TimeInterval = 24 * 3600
    static let matchWithoutCriticsAge: TimeInterval = 3600
    static let failedMatchAge: TimeInterval = 600

    /// An event's scores: the TMDB movie it is (``ChartMatch``), TMDB's audience score and OMDb's
    /// critics' scores. Nil when it is no movie of TMDB's, or the international sources are not
    /// there or fail; each of these is kept as long as ``matchAge`` and its kin say.
    public func scores(for event: Event) async -> MovieScores? {
        let key = ScoreKey(event)
        if let known = knownScores(key, now: now()) { return known.scores }
        let known: KnownScores
        do {
            let scores = try await match(event)
            let keptFor =
                scores.map { $0.critics == nil ? Self.matchWithoutCriticsAge : Self.matchAge } ?? Self.matchAge
            known = KnownScores(scores: scores, matchedAt: now(), keptFor: keptFor)
        } catch {
            known = KnownScores(scores: nil, matchedAt: now(), keptFor: Self.failedMatchAge)
        }
        scoreMatches.set(known, for: key)
        scoreChanges.wrappingAdd(1, ordering: .releasing)
        return known.scores
    }

    /// Changes whenever what is known of any event's scores changes (a match, a no-match or a
    /// failure is stored). Read before ``scores(of:waitingAtMost:)``, it names what that call
    /// returns: the same list under the same revision has the same scores, so what is made of
    /// them may be kept under it.
    public var scoresRevision: Int { scoreChanges.load(ordering: .acquiring) }

    /// The scores of the events that have them, by event ID: those already known at once; the
    /// others are matched meanwhile, waited for at most `limit` (their matching goes on after it,
    /// for the next request). A list shows the scores it knows and is never held up longer.
    ///
    /// What a list answer's events have is kept (``listScores``) until any score changes or the
    /// first of them expires: a hosted server's `/movies` otherwise looked up every shown movie on
    /// every request (14% of its CPU under wrk, `perf record`, 2026-11-26).
    public func scores(of events: [Event], waitingAtMost limit: Duration) async -> [Int: MovieScores] {
        guard case .success = charts else { return [:] }
        let revision = scoresRevision
        let listKey = ListScoresKey(events)
        if let kept = listScores.value(for: listKey), kept.revision == revision, now() < kept.validUntil {
            return kept.scores
        }
        let (found, validUntil) = await lookUpScores(of: events, waitingAtMost: limit)
        if let validUntil {
            listScores.set(
                ListScores(events: events, revision: revision, validUntil: validUntil, scores: found), for: listKey)
        }
        return found
    }

    /// One event's scores, as ``scores(of:waitingAtMost:)`` finds them, without keeping a list.
    public func scores(of event: Event, waitingAtMost limit: Duration) async -> MovieScores? {
        guard case .success = charts else { return nil }
        return await lookUpScores(of: [event], waitingAtMost: limit).found[event.id]
    }

    /// The scores found of `events`, and until when they are all true: nil when some were not
    /// known yet (they are being matched).
    private func lookUpScores(
        of events: [Event], waitingAtMost limit: Duration
    ) async -> (found: [Int: MovieScores], validUntil: Date?) {
        var found: [Int: MovieScores] = [:]
        var missing: [Event] = []
        var validUntil = Date.distantFuture
        let lookedUpAt = now()
        for event in events {
            if let known = knownScores(ScoreKey(event), now: lookedUpAt) {
                if let scores = known.scores { found[event.id] = scores }
                validUntil = min(validUntil, known.matchedAt.addingTimeInterval(known.keptFor))
            } else {
                missing.append(event)
            }
        }
        guard !missing.isEmpty else { return (found, validUntil) }
        // Each event is matched by one task, which a request finding it under way waits for too;
        // four match at a time (the international services limit their rate).
        let tasks = scoresMatching.withLockedValue { matching in
            missing.map { event in
                let key = ScoreKey(event)
                if let running = matching[key] { return running }
                let task = Task {
                    _ = try? await self.scoreMatchingSlots.withSlot { await self.scores(for: event) }
                    _ = self.scoresMatching.withLockedValue { $0.removeValue(forKey: key) }
                }
                matching[key] = task
                return task
            }
        }
        await Self.wait(
            for: Task {
                for task in tasks { await task.value }
            }, atMost: limit)
        let later = now()
        for event in missing {
            if let scores = knownScores(ScoreKey(event), now: later)?.scores { found[event.id] = scores }
        }
        return (found, nil)
    }

    /// Returns when `task` has finished or `limit` has passed, whichever is first (the task goes on).
    private static func wait(for task: Task<Void, Never>, atMost limit: Duration) async {
        let waiting = FirstResume()
        await withCheckedContinuation { continuation in
            waiting.set(continuation)
            Task {
                await task.value
                waiting.resume()
            }
            Task {
                try? await Task.sleep(for: limit)
                waiting.resume()
            }
        }
    }

    private func knownScores(_ key: ScoreKey, now: Date) -> KnownScores? {
        guard let known = scoreMatches.value(for: key), now.timeIntervalSince(known.matchedAt) < known.keptFor else {
            return nil
        }
        return known
    }

    /// The TMDB movie `event` is, with its scores; nil when it is none; throws when a source fails.
    private func match(_ event: Event) async throws -> MovieScores? {
        guard event.eventType == .movie, let year = event.productionYear, (1870...3000).contains(year) else {
            return nil
        }
        let title = event.originalTitle.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !ChartMatch.key(title).isEmpty, title.count <= 200 else { return nil }
        let tmdb = try charts.get().tmdb
        // Asked with the year first (TMDB filters by any of its release dates); when that fits
        // none, without it (a year before or after), matched over both answers together: twins
        // the first found stay twins.
        let ofTheYear = try await tmdb.load(TMDBSearchEndpoint(query: title, year: year), maxAge: Self.chartDetailsAge)
            .value.movies
        var movie = ChartMatch.movie(originalTitle: title, year: year, in: ofTheYear)
        if movie == nil {
            let anyYear = try await tmdb.load(TMDBSearchEndpoint(query: title, year: nil), maxAge: Self.chartDetailsAge)
                .value.movies
            let seen = Set(ofTheYear.map(\.id))
            movie = ChartMatch.movie(
                originalTitle: title, year: year, in: ofTheYear + anyYear.filter { !seen.contains($0.id) })
        }
        guard let movie else { return nil }
        let details = try await chartMovie(id: movie.id).value
        return MovieScores(
            tmdbID: movie.id, audience: details.voteCount > 0 ? details.voteAverage : nil,
            audienceVotes: details.voteCount, critics: await criticScores(for: details))
    }
}

/// A continuation resumed once, by whichever comes first.
private final class FirstResume: Sendable {
    private let continuation = NIOLockedValueBox<CheckedContinuation<Void, Never>?>(nil)

    func set(_ continuation: CheckedContinuation<Void, Never>) {
        self.continuation.withLockedValue { $0 = continuation }
    }

    func resume() {
        continuation.withLockedValue { $0.take() }?.resume()
    }
}

/// A list answer's events: while an entry keeps them alive, the address of their storage names that
/// array alone (as in FinnkinoPresentation's `MovieSectionCache`); a new answer is a new array, found under another key.
struct ListScoresKey: Hashable, Sendable {
    var storage: UInt
    var count: Int

    init(_ events: [Event]) {
        storage = events.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        count = events.count
    }
}

/// The scores of a list answer's events, found under `revision`, true until `validUntil`.
struct ListScores: Sendable {
    /// Kept so that the key's storage address cannot name another array while the entry lives.
    var events: [Event]
    var revision: Int
    var validUntil: Date
    var scores: [Int: MovieScores]
}

/// An event as matched: a changed title or year is matched anew.
struct ScoreKey: Hashable, Sendable {
    var event: Int
    var originalTitle: String
    var year: Int?

    init(_ event: Event) {
        self.event = event.id
        originalTitle = event.originalTitle
        year = event.productionYear
    }
}

/// What is known of an event's scores (nil: no match, or a failure), since when, and for how long.
struct KnownScores: Sendable {
    var scores: MovieScores?
    var matchedAt: Date
    var keptFor: TimeInterval
}
