import Foundation
import Testing

@testable import FinnkinoKit

/// TMDB and OMDb strings have a length cap, as Finnkino's XML values do: an answer with a string
/// of megabytes is refused before it is decoded, shown or cached.
@Suite struct ChartJSONTests {
    @Test(arguments: FeedFixture.lists + FeedFixture.details + FeedFixture.omdbTitles)
    func theLongestStringOfEachRealSampleIsMeasuredAndWellUnderTheCap(name: String) throws {
        // Given a real answer and the longest of its strings as an independent JSON reader sees it
        let body = try FeedFixture.data(name)
        var longest = 0
        func walk(_ value: Any) {
            switch value {
            case let text as String: longest = max(longest, text.utf8.count)
            case let object as [String: Any]:
                for (key, inner) in object {
                    longest = max(longest, key.utf8.count)
                    walk(inner)
                }
            case let array as [Any]: array.forEach(walk)
            default: break
            }
        }
        walk(try JSONSerialization.jsonObject(with: body))
        // Then the scan finds a string at least that long (escapes count as written) and not far
        // longer, and it is under the cap
        let scanned = try #require(ChartJSON.longestStringLength(in: body))
        #expect(scanned >= longest && scanned <= longest * 6 + 6)
        #expect(scanned < ChartJSON.longestString)
    }

    @Test func stringsAreMeasuredBetweenUnescapedQuotes() {
        #expect(ChartJSON.longestStringLength(in: Data(#"{"a":"bc","d":[1,2]}"#.utf8)) == 2)
        #expect(ChartJSON.longestStringLength(in: Data(#"{"t":"say \"hi\" \\"}"#.utf8)) == 13)
        #expect(ChartJSON.longestStringLength(in: Data("[1,2,3]".utf8)) == nil)
        #expect(ChartJSON.longestStringLength(in: Data(#"["open"#.utf8)) == 4)
    }

    @Test func aListWithAnOversizedOverviewIsRefused() throws {
        // Given a real list whose first overview is 1 MB
        var raw = try FeedFixture.object("tmdb_movie_now_playing_2023-11.json")
        var results = try #require(raw["results"] as? [[String: Any]])
        results[0]["overview"] = String(repeating: "x", count: 1 << 20)
        raw["results"] = results
        let body = try JSONSerialization.data(withJSONObject: raw)
        // When it is decoded, then it is refused with a message naming the cap
        #expect {
            _ = try ChartListEndpoint(list: .boxOffice).decode(body)
        } throws: { error in
            (error as? ChartDecodingError)?.description.contains("longer than 65536") == true
        }
        // While one just under the cap is read
        results[0]["overview"] = String(repeating: "x", count: ChartJSON.longestString)
        raw["results"] = results
        let fitting = try JSONSerialization.data(withJSONObject: raw)
        #expect(try ChartListEndpoint(list: .boxOffice).decode(fitting).movies.count == results.count)
    }

    @Test func anOMDbTitleWithAnOversizedTitleIsRefused() throws {
        var raw = try FeedFixture.object("omdb_title_tt0083658_blade_runner_2020.json")
        raw["Title"] = String(repeating: "B", count: 100_000)
        let body = try JSONSerialization.data(withJSONObject: raw)
        #expect(throws: ChartDecodingError.self) { _ = try OMDbTitleEndpoint(imdbID: "tt0083658").decode(body) }
    }
}
