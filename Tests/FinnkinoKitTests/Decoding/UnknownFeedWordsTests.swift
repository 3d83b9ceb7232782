import Foundation
import Logging
import MetricsTestKit
import Testing

@testable import FinnkinoKit

/// Words of the feed the rules cannot read are logged once and counted (issue 39).
@Suite struct UnknownFeedWordsTests {
    @Test func theRealSamplesHaveNoWordTheRulesCannotRead() throws {
        // Every series, language and subtitle of the real Schedule samples is known (a new sample
        // with a new word fails here, as it fails ShowFeaturesTests)
        #expect(UnknownFeedWords.find(in: try ShowFeaturesTests.sampleShows()).isEmpty)
    }

    @Test func aRenamedLabelIsReportedOnceAndCountedByKind() throws {
        // Given the samples' shows, and three of them whose words changed: a series spelt anew, a
        // subtitle and a spoken language without a readable code
        var shows = try ShowFeaturesTests.sampleShows()
        try #require(shows.count >= 3)
        shows[0].eventSeries = "Engl. tekstitys / English subs"
        shows[1].subtitleLanguages = [ShowLanguage(name: "englanniksi", nameInLanguage: nil, isoTwoLetterCode: "")]
        shows[2].spokenLanguage = ShowLanguage(name: "suomi", nameInLanguage: nil, isoTwoLetterCode: "FIN")
        let metrics = TestMetrics()
        let words = UnknownFeedWords(logger: Logger(label: "test"), factory: metrics)
        // When the schedule is reported, twice
        let first = words.report(shows)
        let second = words.report(shows + shows)
        // Then each word is reported the first time only, with its text
        #expect(
            Set(first) == [
                .init(kind: .eventSeries, text: "Engl. tekstitys / English subs"),
                .init(kind: .subtitleLanguage, text: "englanniksi (code \"\")"),
                .init(kind: .spokenLanguage, text: "suomi (code \"FIN\")"),
            ])
        #expect(second.isEmpty)
        // And counted once per word, by kind, never by text
        for kind in UnknownFeedWords.Kind.allCases {
            let counter = try metrics.expectCounter(UnknownFeedWords.metricLabel, [("kind", kind.rawValue)])
            #expect(counter.totalValue == 1, "\(kind)")
        }
        // And a known series is not reported: its specials are read
        #expect(ShowFeatures.knowsSeries("K18 - Anniskelua salissa"))
        #expect(!ShowFeatures.knowsSeries("Engl. tekstitys / English subs"))
    }
}
