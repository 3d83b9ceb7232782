import AppPatterns
import AppPatternsTesting
import Foundation
import NIOConcurrencyHelpers

@testable import FinnkinoKit
@testable import FinnkinoPresentation

/// Stores and clocks for the view-model tests: the bundled dataset on a fixed day, and stubbed
/// sources that fail or change.
enum PresentationFixtures {
    static let today = LocalDate(year: 2026, month: 11, day: 22)
    /// 09:00 in Helsinki on `today`.
    static let morning = HelsinkiTime.instant(of: today, hour: 9, minute: 0)

    static func bundledStore(language: ContentLanguage = .fi) throws -> FeedStore {
        let transport = try BundledTransport(today: { today })
        return FeedStore(
            webService: WebService(transport: transport, cache: InMemoryPayloadCache()), language: language)
    }

    /// One store of the bundled dataset with its international lists, shared by the tests that
    /// only read it: its films are matched to TMDB once, not once per test (matching them all is
    /// the heaviest work of these suites, which ThreadSanitizer's pass feels).
    static let sharedStoreWithCharts: FeedStore? = try? bundledStoreWithCharts()

    /// The bundled dataset with its international lists (TMDB and OMDb), on the same day.
    static func bundledStoreWithCharts(language: ContentLanguage = .fi) throws -> FeedStore {
        let charts = ChartSources(
            tmdb: WebService(transport: try BundledChartsTransport(.tmdb, today: { today })),
            omdb: WebService(transport: try BundledChartsTransport(.omdb, today: { today })))
        return FeedStore(
            webService: WebService(transport: try BundledTransport(today: { today }), cache: InMemoryPayloadCache()),
            language: language, charts: .success(charts))
    }

    /// A store whose source cannot be reached.
    static func unreachableStore() -> FeedStore {
        let transport = StubTransport(.failure(TransportError(.unreachable, "connection refused")))
        return FeedStore(webService: WebService(transport: transport, offlineRetryInterval: 0))
    }

    /// A source that answers `body` until it is switched to failing, on a clock the test moves.
    final class SwitchableSource: Sendable {
        let body: NIOLockedValueBox<Data>
        let failing = NIOLockedValueBox(false)
        let now = NIOLockedValueBox(Date(timeIntervalSince1970: 1_800_000_000))

        init(body: Data) {
            self.body = NIOLockedValueBox(body)
        }

        func store() -> FeedStore {
            let transport = StubTransport { [self] _ in
                failing.withLockedValue { $0 }
                    ? .failure(TransportError(.unreachable, "connection refused"))
                    : .response(TransportResponse(status: 200, body: body.withLockedValue { $0 }))
            }
            let clock: @Sendable () -> Date = { [self] in now.withLockedValue { $0 } }
            let webService = WebService(
                transport: transport, cache: InMemoryPayloadCache(), reachability: Reachability(now: clock), now: clock,
                offlineRetryInterval: 0)
            return FeedStore(webService: webService)
        }

        var clock: @Sendable () -> Date { { [self] in now.withLockedValue { $0 } } }
        func advance(_ seconds: TimeInterval) { now.withLockedValue { $0 += seconds } }
    }

    static func eventsDocument(_ titles: [String]) -> Data {
        let events = titles.enumerated().map { index, title in
            "<Event><ID>\(index + 1)</ID><Title>\(title)</Title><OriginalTitle>\(title)</OriginalTitle>"
                + "<LengthInMinutes>112</LengthInMinutes></Event>"
        }
        return Data("<?xml version=\"1.0\"?><Events>\(events.joined())</Events>".utf8)
    }
}

/// A person's place kept in memory, as the web app keeps one per person.
final class MemoryPlace: PlaceKeeping {
    private let current: NIOLockedValueBox<AppPlace>
    /// How many changes were kept (a change that changes nothing is not one).
    let changes = NIOLockedValueBox(0)

    init(_ place: AppPlace = AppPlace()) { current = NIOLockedValueBox(place) }

    var place: AppPlace { current.withLockedValue { $0 } }

    func update(_ change: (inout AppPlace) -> Void) {
        current.withLockedValue { place in
            var changed = place
            change(&changed)
            guard changed != place else { return }
            place = changed
            changes.withLockedValue { $0 += 1 }
        }
    }
}
