import AppPatternsTesting
import Foundation
import NIOConcurrencyHelpers
import Testing

@testable import FinnkinoKit

@Suite struct LocationServiceTests {
    /// A time the test moves.
    final class TestTime: Sendable {
        let date = NIOLockedValueBox(Date(timeIntervalSince1970: 1_800_000_000))
        var now: @Sendable () -> Date { { [self] in date.withLockedValue { $0 } } }
        func advance(_ seconds: TimeInterval) { date.withLockedValue { $0 += seconds } }
    }

    let helsinki = Coordinate(known: 60.1699, 24.9384)

    @Test func sourcesGiveTheirLocation() throws {
        // Given a service without a source
        let service = LocationService()
        #expect(service.location == nil)
        // When a fixed position, then a city is used
        service.use(.fixed(helsinki))
        #expect(service.location == UserLocation(coordinate: helsinki, source: .fixed(helsinki)))
        #expect(service.location?.label == "60.1699,24.9384")
        let tampere = try #require(FinnishCities.city(named: "tampere"))
        service.use(.city(tampere))
        // Then the location is the city's centre, labelled with its name
        #expect(service.location?.coordinate == tampere.coordinate)
        #expect(service.location?.label == "Tampere")
        // When the source is dropped, so is the location
        service.use(.none)
        #expect(service.location == nil)
    }

    @Test func parsingASourceTakesPositionsAndCities() throws {
        #expect(try LocationSource(parsing: "60.1699, 24.9384") == .fixed(helsinki))
        let jyvaskyla = try #require(FinnishCities.city(named: "Jyväskylä"))
        #expect(try LocationSource(parsing: " JYVASKYLA ") == .city(jyvaskyla))
        #expect(throws: LocationSource.InputError.unknownCity("Atlantis")) { try LocationSource(parsing: "Atlantis") }
        #expect(throws: LocationSource.InputError.coordinate(.empty)) { try LocationSource(parsing: " ") }
        #expect(throws: LocationSource.InputError.coordinate(.latitudeOutOfRange(99))) {
            try LocationSource(parsing: "99,24")
        }
        #expect(throws: LocationSource.InputError.coordinate(.malformed("60.17"))) {
            try LocationSource(parsing: "60.17")
        }
        #expect("\(LocationSource.InputError.unknownCity("Atlantis"))".contains("LAT,LON"))
    }

    @Test func browserPositionsGoStaleAfterTheMaximumAge() {
        // Given a service that keeps browser positions for 10 minutes
        let time = TestTime()
        let service = LocationService(maximumAge: .seconds(600), now: time.now)
        // When the browser reports a position
        service.report(helsinki)
        // Then it is the location, with the time it was reported
        #expect(service.location?.coordinate == helsinki)
        #expect(service.source == .browser(helsinki, reportedAt: time.now()))
        // Still used at exactly ten minutes
        time.advance(600)
        service.refresh()
        #expect(service.location?.coordinate == helsinki)
        // Gone a second later
        time.advance(1)
        service.refresh()
        #expect(service.location == nil)
        // A report that is already too old gives no location; one from the future counts as now
        service.report(helsinki, at: time.now().addingTimeInterval(-601))
        #expect(service.location == nil)
        service.report(helsinki, at: time.now().addingTimeInterval(3600))
        #expect(service.source == .browser(helsinki, reportedAt: time.now()))
        time.advance(601)
        service.refresh()
        #expect(service.location == nil)
    }

    @Test func observersGetEveryChangeAndOnlyChanges() async throws {
        // Given an observer of a service with a fixed position
        let time = TestTime()
        let service = LocationService(source: .fixed(helsinki), maximumAge: .seconds(60), now: time.now)
        let turku = try #require(FinnishCities.city(named: "Turku"))
        var values = service.subject.values().makeAsyncIterator()
        #expect(service.observerCount == 1)
        // When the source changes, the same source is set again, the browser reports, and the
        // report goes stale
        service.use(.city(turku))
        service.use(.city(turku))
        service.refresh()
        service.report(helsinki)
        time.advance(61)
        service.refresh()
        service.refresh()
        service.use(.none)
        service.use(.fixed(helsinki))
        // Then the observer saw the current value, then each change once, in order
        var seen: [UserLocation?] = []
        for _ in 0..<5 { seen.append(try #require(await values.next())) }
        #expect(
            seen == [
                UserLocation(coordinate: helsinki, source: .fixed(helsinki)),
                UserLocation(coordinate: turku.coordinate, source: .city(turku)),
                UserLocation(
                    coordinate: helsinki,
                    source: .browser(helsinki, reportedAt: Date(timeIntervalSince1970: 1_800_000_000))),
                nil,
                UserLocation(coordinate: helsinki, source: .fixed(helsinki)),
            ])
    }

    @Test func observationsEndWithTheirObservers() async {
        let service = LocationService()
        do {
            let first = service.subject.values()
            let second = service.subject.values()
            #expect(service.observerCount == 2)
            _ = (first, second)
        }
        #expect(service.observerCount == 0)
        // An observing task that is cancelled lets go too
        let task = Task { for await _ in service.subject.values() {} }
        while service.observerCount == 0 { await Task.yield() }
        task.cancel()
        await task.value
        #expect(service.observerCount == 0)
    }

    @Test func theScheduleDropsAStalePositionByItself() async throws {
        // Given a running schedule and a browser position
        let time = TestTime()
        let clock = ManualClock()
        let service = LocationService(maximumAge: .seconds(300), now: time.now)
        service.report(helsinki)
        var values = service.subject.values().makeAsyncIterator()
        #expect(try #require(await values.next())?.coordinate == helsinki)
        service.start(clock: clock, checkEvery: .seconds(60))
        #expect(service.isRunning)
        // When a check comes while it is fresh, nothing changes
        await clock.waitForSleepers()
        time.advance(120)
        clock.advance(by: .seconds(60))
        await clock.waitForSleepers()
        #expect(service.location?.coordinate == helsinki)
        // When a check comes after it went stale
        time.advance(200)
        clock.advance(by: .seconds(60))
        // Then observers are told there is no location
        let next = try #require(await values.next())
        #expect(next == nil)
        // And stopping ends the schedule
        await clock.waitForSleepers()
        await service.stop()
        #expect(!service.isRunning)
    }
}
