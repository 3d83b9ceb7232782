import AppPatterns
import AppPatternsTesting
import Foundation
import Testing

@testable import FinnkinoKit

@Suite struct ImageHostTests {
    @Test func onlyTheSourcesImageHostsAreFetched() throws {
        // Given a store of the live sources
        let store = FeedStore(webService: WebService(transport: StubTransport(.status(404))))
        // Then images on Finnkino's and TMDB's hosts are fetched
        for url in ["http://media.finnkino.fi/images/1.jpg", "https://image.tmdb.org/t/p/w342/a.jpg"] {
            #expect(store.imageRequest(for: try #require(URL(string: url))) != nil, "\(url)")
        }
        // And a feed naming any other host gets nothing fetched: loopback, link-local, elsewhere
        for url in [
            "http://127.0.0.1:8080/healthz", "http://localhost/x.jpg", "http://169.254.169.254/latest/meta-data",
            "http://[::1]/x.jpg", "http://evil.example/x.jpg", "http://media.finnkino.fi.evil.example/x.jpg",
        ] {
            #expect(store.imageRequest(for: try #require(URL(string: url))) == nil, "\(url)")
        }
    }

    @Test func aServerTheOperatorChoseServesItsOwnImages() throws {
        // Given a store reading from a server the operator named
        let server = try #require(URL(string: "http://127.0.0.1:9999"))
        let store = try FeedStore.make(source: .server(server), language: .fi, environment: [:])
        // Then its images are fetched, and still no other loopback host's
        #expect(store.imageRequest(for: try #require(URL(string: "http://127.0.0.1:9999/poster.jpg"))) != nil)
        #expect(store.imageRequest(for: try #require(URL(string: "http://localhost:9999/poster.jpg"))) == nil)
    }
}
