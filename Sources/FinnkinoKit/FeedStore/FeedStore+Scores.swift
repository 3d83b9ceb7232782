import AppPatterns
import Foundation

extension FeedStore {
    /// An event's scores: the TMDB movie it is (``ChartMatch``), TMDB's audience score and OMDb's
    /// critics' scores. Nil when it is no movie of TMDB's, or the international sources are not
    /// there or fail. A match or a no-match is kept for a day; a failure is not kept.
    public func scores(for event: Event) async -> MovieScores? {
        let key = ScoreKey(event)
        if let known = knownScores(key) { return known.scores }
        guard let scores = try? await match(event) else { return nil }
        scoreMatches.set(KnownScores(scores: scores, matchedAt: Date()), for: key)
        return scores
    }

    /// The scores of the events that have them, by event ID: those already known at once, the
    /// others matched meanwhile for at most `limit` (their matching goes on after it, for the
    /// next request). A list shows scores where known, and never waits long for them.
    public func scores(of events: [Event], waitingAtMost limit: Duration) async -> [Int: MovieScores] {
        guard case .success = charts else { return [:] }
        var missing = events.filter { knownScores(ScoreKey($0)) == nil }
        if !missing.isEmpty {
            missing = scoresMatching.withLock { matching in
                let new = missing.filter { !matching.contains(ScoreKey($0)) }
                matching.formUnion(new.map(ScoreKey.init))
                return new
            }
        }
        if !missing.isEmpty {
            let matching = Task {
                await self.matchScores(of: missing)
                self.scoresMatching.withLock { $0.subtract(missing.map(ScoreKey.init)) }
            }
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await matching.value }
                group.addTask { try? await Task.sleep(for: limit) }
                await group.next()
                group.cancelAll()
            }
        }
        var found: [Int: MovieScores] = [:]
        for event in events {
            if let scores = knownScores(ScoreKey(event))?.scores { found[event.id] = scores }
        }
        return found
    }

    /// Matches `events`, four at a time (the international services limit their rate).
    private func matchScores(of events: [Event]) async {
        await withTaskGroup(of: Void.self) { group in
            var next = events.makeIterator()
            for _ in 0..<4 {
                guard let event = next.next() else { break }
                group.addTask { _ = await self.scores(for: event) }
            }
            for await _ in group {
                guard let event = next.next() else { continue }
                group.addTask { _ = await self.scores(for: event) }
            }
        }
    }

    private func knownScores(_ key: ScoreKey) -> KnownScores? {
        guard let known = scoreMatches.value(for: key), Date().timeIntervalSince(known.matchedAt) < Self.chartDetailsAge
        else { return nil }
        return known
    }

    /// The TMDB movie `event` is, with its scores; nil when it is none; throws when a source fails.
    private func match(_ event: Event) async throws -> MovieScores? {
        guard event.eventType == .movie, let year = event.productionYear else { return nil }
        let title = event.originalTitle.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !title.isEmpty, title.count <= 200 else { return nil }
        let tmdb = try charts.get().tmdb
        // Asked with the year first (TMDB filters by any of its release dates); without it when
        // that finds nothing, for the year before or after.
        var movie = ChartMatch.movie(
            originalTitle: title, year: year,
            in: try await tmdb.load(TMDBSearchEndpoint(query: title, year: year), maxAge: Self.chartDetailsAge)
                .value.movies)
        if movie == nil {
            movie = ChartMatch.movie(
                originalTitle: title, year: year,
                in: try await tmdb.load(TMDBSearchEndpoint(query: title, year: nil), maxAge: Self.chartDetailsAge)
                    .value.movies)
        }
        guard let movie else { return nil }
        let details = try await chartMovie(id: movie.id).value
        return MovieScores(
            tmdbID: movie.id, audience: details.voteCount > 0 ? details.voteAverage : nil,
            audienceVotes: details.voteCount, critics: await criticScores(for: details))
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

/// A match (nil: the event is no movie of TMDB's) and when it was made.
struct KnownScores: Sendable {
    var scores: MovieScores?
    var matchedAt: Date
}
