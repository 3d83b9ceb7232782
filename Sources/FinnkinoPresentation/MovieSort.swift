/// The order of the Movies list.
public enum MovieSort: String, Sendable, Codable, CaseIterable {
    /// A-Z (Finnish order), in lettered sections; search results keep their ranking.
    case title
    /// Now in theatres: the newest premiere first; coming soon: the soonest first.
    case premiere
    /// The audience's score (TMDB), the best first; movies without one after the rest.
    case score
    /// The shortest first; movies of unknown length after the rest.
    case length
}
