import AppPatterns
import Foundation
import Testing

@testable import FinnkinoKit

/// The bundled dataset keeps its schedule days' indexes, and their bytes only up to a bound: the
/// answers are the same whether a day's bytes were kept or read again (issue 41).
@Suite struct BundledScheduleMemoryTests {
    static let today = LocalDate(year: 2025, month: 10, day: 20)

    private func schedule(_ transport: BundledTransport, _ query: [(String, String)]) -> Data {
        let response = transport.response(
            for: TransportRequest(path: "/xml/Schedule/", query: query.map { .init($0.0, $0.1) }))
        #expect(response.status == 200)
        return response.body
    }

    @Test func keepsAtMostTheBoundOfScheduleBytesAndAnswersAlikeAfterReadingADayAgain() throws {
        let transport = try BundledTransport(today: { Self.today })
        let dataset = try BundledDataset(root: BundledDataset.bundledRoot())
        let days = dataset.manifest.dayCount
        #expect(days > 3)
        // Every day of every area once, then the first day again (its bytes read anew by now).
        let all = [("area", "1029"), ("nrOfDays", "31")]
        let first = schedule(transport, [("area", "1002")])
        let whole = schedule(transport, all)
        var read = 0
        for path in dataset.manifest.languages["fi"]?.schedule ?? [] {
            _ = try dataset.scheduleDay(path)
            read += 1
            #expect(dataset.keptScheduleBytes <= BundledDataset.scheduleDocumentBytes)
        }
        #expect(read == days)
        #expect(dataset.keptScheduleBytes > 0)
        // The transport read every day for `whole`, so the first day's bytes were let go and read
        // again for the same answer.
        #expect(schedule(transport, [("area", "1002")]) == first)
        #expect(schedule(transport, all) == whole)
        #expect(whole.count > BundledDataset.scheduleDocumentBytes / 4)
    }
}
