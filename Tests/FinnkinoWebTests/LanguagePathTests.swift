import AppPatterns
import FinnkinoKit
import Foundation
import NIOConcurrencyHelpers
import TestSupport
import Testing

@testable import FinnkinoWeb

/// Live mode's Swedish and English addresses, against loopback sources that know only one form
/// of them: `/en/xml/` (the form clients known to have worked use) or `/eng/xml/`.
@Suite struct LanguagePathTests {
    /// A source on loopback that answers the bundled dataset at the paths `serves` accepts, and
    /// `otherwise` elsewhere; it keeps the paths it was asked.
    final class Source: Sendable {
        /// The paths asked, in order.
        final class Paths: Sendable {
            private let list = NIOLockedValueBox<[String]>([])
            func append(_ path: String) { list.withLockedValue { $0.append(path) } }
            var all: [String] { list.withLockedValue { $0 } }
        }

        let asked = Paths()
        let server: LoopbackHTTPServer

        init(serves: @escaping @Sendable (String) -> Bool, otherwise: TransportResponse) async throws {
            let bundled = try BundledTransport(today: { WebServer.today })
            let asked = asked
            server = try ConnectivityTests.SourceServer.start { request in
                let path = request.path.split(separator: "?").first.map(String.init) ?? ""
                asked.append(path)
                return serves(path) ? try await bundled.send(request) : otherwise
            }
        }

        func store(_ language: ContentLanguage) throws -> FeedStore {
            let url = try #require(URL(string: "http://127.0.0.1:\(server.port)"))
            return try FeedStore.make(source: .server(url), language: language, environment: [:])
        }
    }

    static let notFound = TransportResponse(status: 404, body: Data())
    static let webPage = TransportResponse(
        status: 200, headers: ["Content-Type": "text/html; charset=utf-8"],
        body: Data("<!DOCTYPE html><html><body>Finnkino</body></html>".utf8))

    @Test func theFormKnownClientsUseIsAskedFirst() async throws {
        let source = try await Source(
            serves: { $0.hasPrefix("/en/xml/") || $0.hasPrefix("/sv/xml/") }, otherwise: Self.notFound)
        defer { source.server.stop() }
        #expect(try await !source.store(.en).areas(.revalidate).value.isEmpty)
        #expect(try await !source.store(.sv).areas(.revalidate).value.isEmpty)
        #expect(source.asked.all == ["/en/xml/TheatreAreas/", "/sv/xml/TheatreAreas/"])
    }

    @Test(arguments: [LanguagePathTests.notFound, LanguagePathTests.webPage])
    func theOtherFormIsTriedWhenTheFirstIsNotThereAndRemembered(_ missing: TransportResponse) async throws {
        let source = try await Source(serves: { $0.hasPrefix("/eng/xml/") }, otherwise: missing)
        defer { source.server.stop() }
        let store = try source.store(.en)
        #expect(try await !store.areas(.revalidate).value.isEmpty)
        #expect(try await !store.movies(freshness: .revalidate).value.isEmpty)
        // The first request tried both forms; the next one went straight to the form that answered
        #expect(
            source.asked.all == ["/en/xml/TheatreAreas/", "/eng/xml/TheatreAreas/", "/eng/xml/Events/"])
    }

    @Test func whenNeitherFormIsThereTheFirstAnswerIsSaid() async throws {
        let source = try await Source(serves: { _ in false }, otherwise: Self.notFound)
        defer { source.server.stop() }
        let error = await #expect(throws: WebServiceError.self) {
            try await source.store(.sv).areas(.revalidate)
        }
        #expect(error == .httpStatus(endpoint: "TheatreAreas", code: 404))
        #expect(source.asked.all == ["/sv/xml/TheatreAreas/", "/swe/xml/TheatreAreas/"])
    }

    @Test func aRefusalIsSaidInPlainWords() async throws {
        let source = try await Source(serves: { _ in false }, otherwise: TransportResponse(status: 403, body: Data()))
        defer { source.server.stop() }
        let error = await #expect(throws: WebServiceError.self) {
            try await source.store(.fi).areas(.revalidate)
        }
        #expect(error?.description.contains("Finnkino refused the request (403 Forbidden)") == true)
    }
}
