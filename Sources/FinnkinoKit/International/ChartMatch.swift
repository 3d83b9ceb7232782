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
        let title = key(originalTitle)
        guard let year, !title.isEmpty else { return nil }
        let fitting = candidates.filter { candidate in
            guard let released = candidate.releaseDate?.year, abs(released - year) <= 1 else { return false }
            return key(candidate.originalTitle) == title || key(candidate.title) == title
        }
        let sameYear = fitting.filter { $0.releaseDate?.year == year }
        if sameYear.count == 1 { return sameYear[0] }
        if sameYear.isEmpty, fitting.count == 1 { return fitting[0] }
        return nil
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
