import Foundation
import Testing

@testable import FinnkinoKit

/// The bundled dataset keeps its schedule days' indexes, and their bytes only up to a bound: a
/// day let go is read again, the same bytes its index points into (issue 41).
@Suite struct BundledScheduleMemoryTests {
    @Test func keepsScheduleBytesUpToTheBoundAndReadsADayLetGoAgain() throws {
        // Given a dataset keeping 3 MB of schedule days (a day is about 2 MB decompressed)
        let bound = 3 << 20
        let dataset = try BundledDataset(root: BundledDataset.bundledRoot(), scheduleDocumentBytes: bound)
        let paths = try #require(dataset.manifest.languages["fi"]?.schedule)
        try #require(paths.count >= 2)
        // When two days are read
        let first = try dataset.scheduleDay(paths[0])
        let firstBytes = try dataset.scheduleDocument(paths[0]).bytes
        let second = try dataset.scheduleDay(paths[1])
        let secondBytes = try dataset.scheduleDocument(paths[1]).bytes
        // Then no more than the bound is kept: not both days
        #expect(firstBytes.count > bound / 2 && secondBytes.count > bound / 2)
        #expect(dataset.keptScheduleBytes <= bound)
        #expect(dataset.keptScheduleBytes < firstBytes.count + secondBytes.count)
        // And the first day, let go, reads again as the same bytes its index points into
        let again = try dataset.scheduleDocument(paths[0]).bytes
        #expect(again == firstBytes)
        #expect(!first.shows.isEmpty && !second.shows.isEmpty)
        #expect(first.shows.allSatisfy { $0.range.upperBound <= again.count })
        let show = try #require(first.shows.first)
        #expect(String(decoding: again[show.range], as: UTF8.self).contains("<Show>"))
    }
}
