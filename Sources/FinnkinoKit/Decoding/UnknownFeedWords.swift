import CoreMetrics
import Logging
import NIOConcurrencyHelpers

/// Words of the feed that the rules of ``ShowFeatures`` cannot read: an `EventSeries` that is no
/// special screening they know, and a spoken or subtitle language without a code they can read
/// (the rules read codes, not names, which are words in the language asked for).
///
/// A word like that is shown as the feed wrote it, never dropped; but a label that changed spelling
/// is how other Finnkino clients once lost every English-subtitled show without a word. So each
/// one is logged once per process with its text (a notice), and counted in
/// `finnkino_feed_unknown_words_total{kind}` (by kind only: the texts are the feed's, unbounded).
/// Schedules are checked when decoded, once per answer of the feed.
public final class UnknownFeedWords: Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case eventSeries = "event_series"
        case spokenLanguage = "spoken_language"
        case subtitleLanguage = "subtitle_language"
    }

    public struct Word: Sendable, Hashable {
        public var kind: Kind
        public var text: String
    }

    /// The one the schedule decoder reports to.
    public static let shared = UnknownFeedWords(logger: Logger(label: "finnkino.feed"))

    public static let metricLabel = "finnkino_feed_unknown_words_total"

    private let seen = NIOLockedValueBox<Set<Word>>([])
    private let logger: Logger
    private let counters: [Kind: Counter]

    /// - Parameter factory: where the counters go (the process's metrics system by default).
    public init(logger: Logger, factory: any MetricsFactory = MetricsSystem.factory) {
        self.logger = logger
        counters = Dictionary(
            uniqueKeysWithValues: Kind.allCases.map { kind in
                (kind, Counter(label: Self.metricLabel, dimensions: [("kind", kind.rawValue)], factory: factory))
            })
    }

    /// The words of `shows` the rules cannot read, each once, in the order met.
    public static func find(in shows: [Show]) -> [Word] {
        var found: [Word] = []
        var met: Set<Word> = []
        var seriesMet: Set<String> = []
        // Whether the rules read a language, by its code (all they read of it).
        var codesJudged: [String: Bool] = [:]
        func add(_ word: Word) {
            if met.insert(word).inserted { found.append(word) }
        }
        func knows(_ language: ShowLanguage) -> Bool {
            if let known = codesJudged[language.isoTwoLetterCode] { return known }
            let known = ShowFeatures.knowsLanguage(language)
            codesJudged[language.isoTwoLetterCode] = known
            return known
        }
        // Most shows share a few series and a few language codes: each distinct text is judged
        // once (judged for every show, Foundation's trimming and case mapping of each code were
        // 3% of the CPU time of `finnkino showtimes --json` on a 10 MB schedule).
        for show in shows {
            if let series = show.eventSeries, seriesMet.insert(series).inserted, !ShowFeatures.knowsSeries(series) {
                add(Word(kind: .eventSeries, text: series))
            }
            if let spoken = show.spokenLanguage, !knows(spoken) {
                add(Word(kind: .spokenLanguage, text: Self.describe(spoken)))
            }
            for subtitle in show.subtitleLanguages where !knows(subtitle) {
                add(Word(kind: .subtitleLanguage, text: Self.describe(subtitle)))
            }
        }
        return found
    }

    /// Logs and counts the words of `shows` this process has not met before; returns them.
    @discardableResult
    public func report(_ shows: [Show]) -> [Word] {
        let found = Self.find(in: shows)
        guard !found.isEmpty else { return [] }
        let new = seen.withLockedValue { seen in found.filter { seen.insert($0).inserted } }
        for word in new {
            counters[word.kind]?.increment()
            logger.notice(
                "the feed has a word the app does not know; it is shown as written",
                metadata: ["kind": "\(word.kind.rawValue)", "text": "\(word.text)"])
        }
        return new
    }

    /// `englanniksi (code "")`: the name and the code as the feed wrote them.
    private static func describe(_ language: ShowLanguage) -> String {
        "\(language.name) (code \"\(language.isoTwoLetterCode)\")"
    }
}
