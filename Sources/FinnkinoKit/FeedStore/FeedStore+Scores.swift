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
        if let known = knownScores(key, now: Date()) { return known.scores }
        let known: KnownScores
        do {
            let scores = try await match(event)
            let keptFor =
                scores.map { $0.critics == nil ? Self.matchWithoutCriticsAge : Self.matchAge } ?? Self.matchAge
            known = KnownScores(scores: scores, matchedAt: Date(), keptFor: keptFor)
        } catch {
            known = KnownScores(scores: nil, matchedAt: Date(), keptFor: Self.failedMatchAge)
        }
        scoreMatches.set(known, for: key)
        return known.scores
    }

    /// The scores of the events that have them, by event ID: those already known at once; the
    /// others are matched meanwhile, waited for at most `limit` (their matching goes on after it,
    /// for the next request). A list shows the scores it knows and is never held up longer.
    public func scores(of events: [Event], waitingAtMost limit: Duration) async -> [Int: MovieScores] {
        guard case .success = charts else { return [:] }
        var found: [Int: MovieScores] = [:]
        var missing: [Event] = []
        let now = Date()
        for event in events {
            if let known = knownScores(ScoreKey(event), now: now) {
                if let scores = known.scores { found[event.id] = scores }
            } else {
                missing.append(event)
            }
        }
        guard !missing.isEmpty else { return found }
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
        let later = Date()
        for event in missing {
            if let scores = knownScores(ScoreKey(event), now: later)?.scores { found[event.id] = scores }
        }
        return found
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
