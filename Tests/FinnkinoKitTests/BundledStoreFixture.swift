import AppPatterns

@testable import FinnkinoKit

/// The bundled dataset behind a feed store, on a fixed day, for the tests that read it whole.
enum BundledStoreFixture {
    static let today = LocalDate(year: 2026, month: 11, day: 22)

    static func store() throws -> FeedStore {
        let transport = try BundledTransport(today: { today })
        return FeedStore(webService: WebService(transport: transport, cache: InMemoryPayloadCache()))
    }
}
