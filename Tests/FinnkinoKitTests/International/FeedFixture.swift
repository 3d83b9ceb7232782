import Foundation
import Testing

/// The real TMDB and OMDb samples copied into `Fixtures/feeds`, and an independent reading of them
/// with `JSONSerialization` that the decoders are compared with.
enum FeedFixture {
    static func data(_ name: String) throws -> Data {
        let url = try #require(
            Bundle.module.url(forResource: "Fixtures/feeds/\(name)", withExtension: nil), "missing fixture \(name)")
        return try Data(contentsOf: url)
    }

    static func object(_ name: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data(name)) as? [String: Any])
    }

    static let lists = [
        "tmdb_movie_now_playing_2018-08_compact.json", "tmdb_movie_now_playing_2023-11.json",
        "tmdb_movie_top_rated_2023-11.json", "tmdb_movie_upcoming_2023-11.json",
    ]
    static let details = [
        "tmdb_movie_details_605116_plain.json", "tmdb_movie_details_84892_append_credits_videos_external_ids.json",
    ]
    static let omdbTitles = [
        "omdb_title_tt0083658_blade_runner_2020.json", "omdb_title_tt0451279_wonder_woman_2017.json",
    ]
}
