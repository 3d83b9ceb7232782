import Foundation

/// Which TMDB movie a Finnkino event is, if any: the same original title and the same production
/// year, give or take one (a festival premiere the year before, a Finnish release the year after).
///
/// A wrong movie is worse than none, so the rule is strict: titles are compared whole (case,
/// accents, punctuation and spacing aside, never by prefix), an event without a production year or
/// an original title matches nothing, and when two candidates fit equally well it matches neither.
public enum ChartMatch {
    /// The one candidate that is the event, or nil.
    ///
    /// - Parameters:
    ///   - originalTitle: the event's original title (Finnkino's `OriginalTitle`).
    ///   - year: the event's production year.
    ///   - candidates: what TMDB's search found; compared by their original title, and by their
    ///     title too (Finnkino often gives a foreign film's English title as its original title).
    public static func movie(originalTitle: String, year: Int?, in candidates: [ChartMovie]) -> ChartMovie? {
        guard
            case .one(let movie) = best(
                titles: [originalTitle], year: year, in: candidates,
                titlesOf: { [$0.originalTitle, $0.title] }, yearOf: { $0.releaseDate?.year })
        else { return nil }
        return movie
    }

    /// What the rule finds among candidates of any kind.
    public enum Found<Candidate> {
        case one(Candidate)
        /// Nothing has the title (whole) within a year.
        case none
        /// More than one fits as well: no guess.
        case ambiguous
        /// No year, or no title, to be sure with.
        case unsure
    }

    /// The rule on any candidates: one whose titles (`titlesOf`) include one of `titles` whole,
    /// from `year` give or take one; the same year wins over the next; two as good are none.
    public static func best<Candidate>(
        titles: [String], year: Int?, in candidates: [Candidate], titlesOf: (Candidate) -> [String],
        yearOf: (Candidate) -> Int?
    ) -> Found<Candidate> {
        let keys = Set(titles.map(key).filter { !$0.isEmpty })
        guard let year, !keys.isEmpty else { return .unsure }
        let fitting = candidates.filter { candidate in
            guard let released = yearOf(candidate), abs(released - year) <= 1 else { return false }
            return titlesOf(candidate).contains { keys.contains(key($0)) }
        }
        let sameYear = fitting.filter { yearOf($0) == year }
        if sameYear.count == 1 { return .one(sameYear[0]) }
        if sameYear.isEmpty, fitting.count == 1 { return .one(fitting[0]) }
        return fitting.isEmpty ? .none : .ambiguous
    }

    /// A title as compared: letters and digits in lower case without accents, words separated by
    /// one space (`Spider-Man: No Way Home` and `spider man – no way home` are the same).
    static func key(_ title: String) -> String {
        let folded = title.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        var words: [String] = []
        var word = ""
        for character in folded {
            if character.isLetter || character.isNumber {
                word.append(character)
            } else if !word.isEmpty {
                words.append(word)
                word = ""
            }
        }
        if !word.isEmpty { words.append(word) }
        return words.joined(separator: " ")
    }
}
