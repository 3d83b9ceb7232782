import Foundation

/// What the international sources say of one of Finnkino's movies, found by ``ChartMatch``.
public struct MovieScores: Sendable, Hashable {
    /// The TMDB movie it is (its page on the international lists' screens).
    public var tmdbID: Int
    /// TMDB's audience score, 0-10; nil while nobody has voted.
    public var audience: Double?
    public var audienceVotes: Int
    /// The critics' scores (OMDb); nil when there is no OMDb, or it does not know the movie.
    public var critics: CriticScores?

    public init(tmdbID: Int, audience: Double?, audienceVotes: Int, critics: CriticScores?) {
        self.tmdbID = tmdbID
        self.audience = audience
        self.audienceVotes = audienceVotes
        self.critics = critics
    }
}
