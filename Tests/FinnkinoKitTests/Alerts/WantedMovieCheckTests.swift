import AppPatterns
import AppPatternsTesting
import FinnkinoStores
import Foundation
import Logging
import NIOConcurrencyHelpers
import Testing

@testable import FinnkinoKit

/// The check after a schedule refresh: each area's schedule read once for everyone, a wanted
/// movie announced to its person once it has shows in their areas, never twice.
@Suite(.timeLimit(.minutes(3))) struct WantedMovieCheckTests {
    let alice = PersonID(rawValue: 7)
    let bob = PersonID(rawValue: 8)
    let carol = PersonID(rawValue: 9)
    /// Wednesday 25 November 2026, 12.00 in Helsinki.
    let now = Date(timeIntervalSince1970: 1_795_600_800)
    let today = LocalDate(year: 2026, month: 11, day: 25)

    struct Listed {
        let id: Int, movie: Int, theatre: String, start: Date, salesStart: Date
    }

    /// A Schedule document listing `shows`.
    static func schedule(_ shows: [Listed]) -> Data {
        let stamp = { (date: Date) in ISO8601DateFormatter().string(from: date) }
        let body = shows.map { show in
            """
            <Show><ID>\(show.id)</ID><dttmShowStartUTC>\(stamp(show.start))</dttmShowStartUTC>
            <ShowSalesStartTimeUTC>\(stamp(show.salesStart))</ShowSalesStartTimeUTC>
            <EventID>\(show.movie)</EventID><Title>M\(show.movie)</Title><TheatreID>1</TheatreID>
            <Theatre>\(show.theatre)</Theatre></Show>
            """
        }.joined()
        return Data(
            "<?xml version=\"1.0\"?><Schedule><PubDate>2026-11-25T00:00:00</PubDate><Shows>\(body)</Shows></Schedule>"
                .utf8)
    }

    /// A feed store whose Schedule for each area is `listed[area]` (none when absent).
    static func store(_ listed: NIOLockedValueBox<[Int: [Listed]]>) -> (FeedStore, StubTransport) {
        let transport = StubTransport { request in
            let area = request.queryValue("area").flatMap(Int.init) ?? 1002
            return .status(200, body: schedule(listed.withLockedValue { $0[area] ?? [] }))
        }
        return (FeedStore(webService: WebService(transport: transport, cache: InMemoryPayloadCache())), transport)
    }

    @Test func aWantedMovieIsAnnouncedOnceWhenItHasShowsInThePersonsAreas() async throws {
        let wanted = SQLiteWantedMovies()
        let listed = NIOLockedValueBox<[Int: [Listed]]>([:])
        let (store, transport) = Self.store(listed)
        // Given A (Helsinki) and B (Helsinki and one theatre in Tampere) wanting movie 301, C (Oulu)
        // wanting 301 and 302
        let areas: [PersonID: [Int]] = [alice: [1002], bob: [1002, 1021], carol: [1018]]
        for person in [alice, bob, carol] { _ = try wanted.want(301, title: "Dyyni", by: person, now: now) }
        _ = try wanted.want(302, title: "Muumit", by: carol, now: now)
        let check = WantedMovieCheck(wanted: wanted, store: store, logger: Logger(label: "test")) { areas[$0] ?? [] }

        // When no schedule lists them, nobody is told; each area was read once for everyone
        #expect(try await check.run(now: now, today: today).isEmpty)
        #expect(transport.receivedRequests.count == 3)
        #expect(transport.receivedRequests.allSatisfy { $0.queryValue("nrOfDays") == "31" })

        // When 301 gets shows in Tampere, on sale in two days, and a past one in Oulu
        let day: TimeInterval = 86_400
        listed.withLockedValue {
            $0[1021] = [
                Listed(id: 2, movie: 301, theatre: "Plevna, Tampere", start: now + 9 * day, salesStart: now + 2 * day),
                Listed(id: 1, movie: 301, theatre: "Plevna, Tampere", start: now + 8 * day, salesStart: now + 2 * day),
            ]
            $0[1018] = [Listed(id: 3, movie: 301, theatre: "Plaza, Oulu", start: now - 3600, salesStart: now - day)]
        }
        let later = now + 3600
        let told = try await WantedMovieCheck(wanted: wanted, store: Self.store(listed).0, logger: Logger(label: "t")) {
            areas[$0] ?? []
        }.run(now: later, today: today)
        // Then only B is told: which movie, where, from when, when sales open
        #expect(
            told == [
                Announcement(
                    person: bob, movieID: 301, title: "Dyyni", area: 1021, theatre: "Plevna, Tampere",
                    firstShow: now + 8 * day, salesStart: now + 2 * day, showCount: 2)
            ])
        // And never again
        #expect(try await check.run(now: later, today: today).isEmpty)
        #expect(try wanted.wanted(by: bob).first?.announcedAt == later)

        // When Helsinki lists 301 on sale, A is told; C (Oulu, the show gone) still waits
        listed.withLockedValue {
            $0[1002] = [
                Listed(id: 4, movie: 301, theatre: "Tennispalatsi, Helsinki", start: now + day, salesStart: now - day)
            ]
        }
        let inHelsinki = try await WantedMovieCheck(
            wanted: wanted, store: Self.store(listed).0, logger: Logger(label: "t")
        ) { areas[$0] ?? [] }.run(now: later, today: today)
        #expect(inHelsinki.map(\.person) == [alice])
        #expect(inHelsinki.first?.salesStart == nil)
        #expect(
            try wanted.waiting(after: nil, limit: 10).map { [$0.person.rawValue, Int64($0.movieID)] } == [
                [9, 301], [9, 302],
            ])
    }

    @Test func anAreaThatCannotBeReadIsCheckedNextTime() async throws {
        let wanted = SQLiteWantedMovies()
        _ = try wanted.want(301, title: "Dyyni", by: alice, now: now)
        let failing = StubTransport(.status(500))
        let store = FeedStore(webService: WebService(transport: failing, cache: InMemoryPayloadCache()))
        let check = WantedMovieCheck(wanted: wanted, store: store, logger: Logger(label: "t")) { _ in [1002] }
        #expect(try await check.run(now: now, today: today).isEmpty)
        #expect(try wanted.waiting(after: nil, limit: 10).count == 1)
    }
}
