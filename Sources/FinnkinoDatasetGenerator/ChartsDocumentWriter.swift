import Foundation

/// Writes the international lists as TMDB v3 and OMDb write them: TMDB's keys in alphabetical
/// order, `vote_average` a number (an integer when whole, as TMDB sometimes sends it), `""` for an
/// unknown date, null for a missing path; OMDb's values all strings, `N/A` for missing, ratings
/// left out when there are none.
enum ChartsDocumentWriter {
    /// Where the posters are: the dataset's own media, in TMDB's size folders.
    static let imageBase = "bundled:///media/charts/"

    static func json(_ object: Any) throws -> Data {
        var data = try JSONSerialization.data(
            withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        data.append(UInt8(ascii: "\n"))
        return data
    }

    static func configuration() throws -> Data {
        let posters = ChartsBuilder.posterSizes.map(\.name)
        return try json([
            "images": [
                "base_url": imageBase, "secure_base_url": imageBase, "backdrop_sizes": [String](),
                "logo_sizes": [String](), "poster_sizes": posters, "profile_sizes": [String](),
                "still_sizes": [String](),
            ],
            "change_keys": ["images", "release_dates", "title"],
        ])
    }

    static func page(
        _ movies: [ChartsBuilder.Movie], page: Int, totalPages: Int, total: Int, dates: ClosedRange<CalendarDay>?
    ) throws -> Data {
        var object: [String: Any] = [
            "page": page, "results": movies.map(listItem), "total_pages": totalPages, "total_results": total,
        ]
        if let dates { object["dates"] = ["maximum": dates.upperBound.iso, "minimum": dates.lowerBound.iso] }
        return try json(object)
    }

    private static func listItem(_ movie: ChartsBuilder.Movie) -> [String: Any] {
        [
            "adult": false, "backdrop_path": NSNull(), "genre_ids": movie.genres.map(\.id), "id": movie.id,
            "original_language": movie.originalLanguage, "original_title": movie.originalTitle,
            "overview": movie.overview, "popularity": movie.popularity,
            "poster_path": movie.hasPoster ? movie.posterPath as Any : NSNull(),
            "release_date": movie.release.iso, "title": movie.title, "video": false,
            "vote_average": number(movie.voteAverage), "vote_count": movie.voteCount,
        ]
    }

    /// `/movie/{id}?append_to_response=credits,videos`.
    static func details(_ movie: ChartsBuilder.Movie) throws -> Data {
        var object = listItem(movie)
        object.removeValue(forKey: "genre_ids")
        object["genres"] = movie.genres.map { ["id": $0.id, "name": $0.name] }
        object["belongs_to_collection"] = NSNull()
        object["budget"] = 0
        object["homepage"] = ""
        object["imdb_id"] = movie.imdbID
        object["origin_country"] = [movie.originalLanguage == "en" ? "US" : movie.originalLanguage.uppercased()]
        object["production_companies"] = [[String: Any]]()
        object["production_countries"] = [[String: Any]]()
        object["revenue"] = 0
        object["runtime"] = movie.runtime
        object["spoken_languages"] = [[String: Any]]()
        object["status"] = movie.voteCount == 0 ? "Post Production" : "Released"
        object["tagline"] = movie.tagline
        var crew: [[String: Any]] = []
        for (index, director) in movie.directors.enumerated() {
            crew.append(person(director, id: movie.id * 10 + index, credit: "d\(movie.id)\(index)", job: "Director"))
            // A director who also wrote it is in the crew twice, as on TMDB.
            if index == 0 {
                crew.append(person(director, id: movie.id * 10 + index, credit: "w\(movie.id)", job: "Screenplay"))
            }
        }
        let cast = movie.cast.enumerated().map { index, member in
            var row = person(member.name, id: movie.id * 100 + index, credit: "c\(movie.id)\(index)", job: nil)
            row["character"] = member.character
            row["order"] = index
            row["cast_id"] = index + 1
            return row
        }
        object["credits"] = ["cast": cast, "crew": crew]
        // Our movies have no trailers on a video site: an empty list, as TMDB gives for many films.
        object["videos"] = ["results": [[String: Any]]()]
        return try json(object)
    }

    private static func person(_ name: String, id: Int, credit: String, job: String?) -> [String: Any] {
        var row: [String: Any] = [
            "adult": false, "gender": 0, "id": id, "known_for_department": job == nil ? "Acting" : "Directing",
            "name": name, "original_name": name, "popularity": 1.0, "profile_path": NSNull(),
            "credit_id": credit.padding(toLength: 24, withPad: "0", startingAt: 0),
        ]
        if let job {
            row["department"] = job == "Director" ? "Directing" : "Writing"
            row["job"] = job
        }
        return row
    }

    /// OMDb's `?i=tt…`.
    static func omdb(_ movie: ChartsBuilder.Movie) throws -> Data {
        var ratings: [[String: String]] = []
        if let imdb = movie.imdbRating {
            ratings.append(["Source": "Internet Movie Database", "Value": String(format: "%.1f/10", imdb)])
        }
        if let rotten = movie.rottenTomatoes { ratings.append(["Source": "Rotten Tomatoes", "Value": "\(rotten)%"]) }
        if let meta = movie.metacritic { ratings.append(["Source": "Metacritic", "Value": "\(meta)/100"]) }
        let released = movie.release
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let date = String(format: "%02d ", released.day) + months[released.month - 1] + " \(released.year)"
        var object: [String: Any] = [
            "Title": movie.title, "Year": String(released.year), "Rated": "N/A", "Released": date,
            "Runtime": movie.runtime > 0 ? "\(movie.runtime) min" : "N/A",
            "Genre": movie.genres.map(\.name).joined(separator: ", "),
            "Director": movie.directors.joined(separator: ", "), "Writer": movie.directors[0] + " (screenplay)",
        ]
        object["Actors"] = movie.cast.prefix(4).map(\.name).joined(separator: ", ")
        object["Plot"] = movie.overview.isEmpty ? "N/A" : movie.overview
        for key in ["Country", "Awards", "Poster", "Rated", "DVD", "BoxOffice", "Production", "Website"] {
            object[key] = object[key] ?? "N/A"
        }
        object["Language"] = "English"
        object["Ratings"] = ratings
        object["Metascore"] = movie.metacritic.map(String.init) ?? "N/A"
        object["imdbRating"] = movie.imdbRating.map { String(format: "%.1f", $0) } ?? "N/A"
        object["imdbVotes"] = movie.imdbVotes > 0 ? grouped(movie.imdbVotes) : "N/A"
        object["imdbID"] = movie.imdbID
        object["Type"] = "movie"
        object["Response"] = "True"
        return try json(object)
    }

    /// `291,074`.
    static func grouped(_ value: Int) -> String {
        var digits = Array(String(value))
        var index = digits.count - 3
        while index > 0 {
            digits.insert(",", at: index)
            index -= 3
        }
        return String(digits)
    }

    /// A whole number as an integer (TMDB sends `7`, not `7.0`, at times), else as it is.
    private static func number(_ value: Double) -> Any {
        value == value.rounded() ? Int(value) : value
    }
}
