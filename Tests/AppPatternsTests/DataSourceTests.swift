import Foundation
import Testing

@testable import AppPatterns

/// `--source` as a person writes it, and where each source's requests go.
@Suite struct DataSourceTests {
    @Test func sourcesAreReadAsAPersonWritesThem() throws {
        #expect(DataSource(argument: "bundled") == .bundled)
        #expect(DataSource(argument: "LIVE") == .live)
        let url = try #require(URL(string: "http://127.0.0.1:9000"))
        #expect(DataSource(argument: "http://127.0.0.1:9000") == .server(url))
        for bad in ["", "ftp://x", "file:///etc/passwd", "somewhere", "http://"] {
            #expect(DataSource(argument: bad) == nil, "\(bad)")
        }
    }

    @Test func eachSourceSaysWhereRequestsGo() throws {
        let live = try #require(URL(string: "https://live.example"))
        let mirror = try #require(URL(string: "http://127.0.0.1:9000/base"))
        #expect(DataSource.bundled.baseURL(live: live) == nil)
        #expect(DataSource.live.baseURL(live: live) == live)
        #expect(DataSource.server(mirror).baseURL(live: live) == mirror)
    }

    @Test func cacheNamesNeverMix() throws {
        let one = DataSource.server(try #require(URL(string: "http://127.0.0.1:9000")))
        let two = DataSource.server(try #require(URL(string: "http://127.0.0.1:9001")))
        #expect(
            Set([DataSource.bundled.cacheName, DataSource.live.cacheName, one.cacheName, two.cacheName]).count == 4)
        #expect(one.cacheName.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" })
    }
}
