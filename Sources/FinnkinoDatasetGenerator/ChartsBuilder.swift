import AppPatterns
import Foundation

/// The international lists of the dataset, in TMDB v3's and OMDb's JSON exactly as those services
/// write them (keys in alphabetical order, as TMDB's 2023 answers): invented movies with their
/// release dates around the anchor, posters at TMDB's sizes, and critics' scores, some missing as
/// OMDb says it (`N/A`, or the rating left out).
struct ChartsBuilder {
    /// A movie of the lists.
    struct Movie {
        var id: Int
        var imdbID: String
        var title: String
        var originalTitle: String
        var originalLanguage: String
        var overview: String
        var tagline: String
        var release: CalendarDay
        var genres: [(id: Int, name: String)]
        var runtime: Int
        var voteAverage: Double
        var voteCount: Int
        var popularity: Double
        var directors: [String]
        var cast: [(name: String, character: String)]
        /// Percent, 0-100, or nil (no Tomatometer yet).
        var rottenTomatoes: Int?
        var metacritic: Int?
        var imdbRating: Double?
        var imdbVotes: Int
        var artSeed: UInt64
        /// False for the entries of Finnkino's films (``counterparts(of:)``): TMDB gives them no
        /// poster here (`null`, as it gives for many), and the dataset draws none.
        var hasPoster = true
    }

    /// The first TMDB ID of the entries of Finnkino's films.
    static let counterpartFirstID = 950_001

    /// TMDB's and OMDb's entries for Finnkino's films (not on any list), so that the offline
    /// default matches them as the live services would (``ChartMatch``), and some it must not:
    /// - most films: an entry of the same original title, released in its production year
    ///   (some with the title in capitals, some released the year after);
    /// - every sixth: none (not on TMDB);
    /// - one in twelve: only a namesake from years before (a remake's original: no match);
    /// - one in twelve: two entries of that title and year (cannot tell which: no match).
    ///
    /// Release dates are on the anchor's day of the year, or up to 20 days before, so that a
    /// dataset read on another day moves them as it moves the production years.
    mutating func counterparts(of events: [InventedEvent]) -> [Movie] {
        var movies: [Movie] = []
        let films = events.filter { !$0.isLiveEvent }.sorted { $0.id < $1.id }
        for (index, event) in films.enumerated() {
            if index % 6 == 5 { continue }
            func entry(year: Int, daysBefore: Int, title: String) -> Movie {
                let number = movies.count
                let release = CalendarDay(year: year, month: anchor.month, day: min(anchor.day, 28))
                    .adding(days: -daysBefore)
                let upcoming = release > anchor
                let votes = upcoming ? random.below(30) : random.between(40, 18_000)
                let cast = (0..<random.between(3, 6)).map { _ in
                    (name: person(), character: random.pick(Vocabulary.roles).en.capitalizedFirst)
                }
                return Movie(
                    id: Self.counterpartFirstID + number, imdbID: String(format: "tt98%05d", number + 1),
                    title: event.title.en, originalTitle: title, originalLanguage: "en",
                    overview: overview(title: event.title.en, lead: cast[0].name), tagline: tagline(),
                    release: release,
                    genres: random.pick(random.between(1, 2), from: Self.genres).sorted { $0.id < $1.id },
                    runtime: event.lengthInMinutes, voteAverage: votes == 0 ? 0 : Double(random.between(45, 86)) / 10,
                    voteCount: votes, popularity: Double(random.between(100, 200_000)) / 100,
                    directors: [person()], cast: cast,
                    rottenTomatoes: upcoming && random.chance(60) ? nil : random.between(15, 98),
                    metacritic: random.chance(60) && !upcoming ? random.between(35, 92) : nil,
                    imdbRating: votes < 10 ? nil : Double(random.between(45, 88)) / 10,
                    imdbVotes: votes * random.between(2, 30), artSeed: random.next(), hasPoster: false)
            }
            switch index % 12 {
            case 4:
                movies.append(
                    entry(year: event.productionYear - random.between(8, 30), daysBefore: 0, title: event.originalTitle)
                )
            case 10:
                let twin = random.between(0, 20)
                movies.append(entry(year: event.productionYear, daysBefore: twin, title: event.originalTitle))
                movies.append(entry(year: event.productionYear, daysBefore: twin, title: event.originalTitle))
            default:
                let nextYear = index % 7 == 2
                movies.append(
                    entry(
                        year: event.productionYear + (nextYear ? 1 : 0),
                        daysBefore: nextYear ? 0 : random.between(0, 20),
                        title: index % 4 == 1 ? event.originalTitle.uppercased() : event.originalTitle))
            }
        }
        return movies
    }

    /// TMDB's genre IDs for the genres the vocabulary has.
    static let genres: [(id: Int, name: String)] = [
        (28, "Action"), (12, "Adventure"), (16, "Animation"), (35, "Comedy"), (80, "Crime"), (99, "Documentary"),
        (18, "Drama"), (10751, "Family"), (14, "Fantasy"), (27, "Horror"), (10402, "Music"), (9648, "Mystery"),
        (10749, "Romance"), (878, "Science Fiction"), (53, "Thriller"),
    ]
    /// TMDB's poster sizes in the dataset: name and width (2:3 posters); `original` is 500 wide.
    static let posterSizes: [(name: String, width: Int)] = [
        ("w92", 92), ("w185", 185), ("w342", 342), ("original", 500),
    ]
    static let pageSize = 20
    static let firstID = 900_001

    let anchor: CalendarDay
    var random: SplitMix64

    /// 64 movies: 26 out now, 20 coming, 18 older (the older and the now showing make top rated).
    mutating func build() -> [Movie] {
        var movies: [Movie] = []
        var titles: Set<String> = []
        for index in 0..<64 {
            var title = ""
            repeat { title = composeTitle() } while !titles.insert(title).inserted
            let release: CalendarDay =
                switch index {
                case 0..<26: anchor.adding(days: -random.between(3, 60))
                case 26..<46: anchor.adding(days: random.between(4, 90))
                default: anchor.adding(days: -random.between(400, 9000))
                }
            let upcoming = (26..<46).contains(index)
            let foreign = random.chance(20)
            let cast = (0..<random.between(4, 8)).map { _ in
                (name: person(), character: random.pick(Vocabulary.roles).en.capitalizedFirst)
            }
            let genres = random.pick(random.between(1, 3), from: Self.genres).sorted { $0.id < $1.id }
            let votes = upcoming ? random.below(40) : random.between(60, 25_000)
            let average = votes == 0 ? 0 : Double(random.between(48, 88)) / 10
            let rotten: Int? = upcoming ? (random.chance(30) ? random.between(40, 99) : nil) : random.between(12, 99)
            movies.append(
                Movie(
                    id: Self.firstID + index, imdbID: String(format: "tt99%05d", index + 1), title: title,
                    originalTitle: foreign ? title.uppercased() : title,
                    originalLanguage: foreign ? random.pick(["fr", "ja", "ko", "es", "sv"]) : "en",
                    overview: overview(title: title, lead: cast[0].name), tagline: tagline(),
                    release: release, genres: genres,
                    runtime: upcoming && random.chance(25) ? 0 : random.between(84, 172),
                    voteAverage: average, voteCount: votes, popularity: Double(random.between(500, 900_000)) / 100,
                    directors: random.chance(10) ? [person(), person()] : [person()], cast: cast,
                    rottenTomatoes: rotten, metacritic: random.chance(70) && !upcoming ? random.between(30, 96) : nil,
                    imdbRating: upcoming && votes < 10 ? nil : Double(random.between(45, 89)) / 10,
                    imdbVotes: votes * random.between(3, 40), artSeed: random.next()))
        }
        return movies
    }

    /// The three lists, each sorted as TMDB sorts it: box office and upcoming by popularity, top
    /// rated by the audience's score (movies with at least 200 votes).
    static func lists(_ movies: [Movie], anchor: CalendarDay) -> [(ChartName, [Movie])] {
        let boxOffice = movies.filter { $0.release <= anchor && $0.release >= anchor.adding(days: -60) }
        let upcoming = movies.filter { $0.release > anchor }
        let topRated = movies.filter { $0.voteCount >= 200 }
        return [
            (.nowPlaying, boxOffice.sorted { $0.popularity > $1.popularity }),
            (.upcoming, upcoming.sorted { $0.popularity > $1.popularity }),
            (.topRated, topRated.sorted { ($0.voteAverage, $0.voteCount) > ($1.voteAverage, $1.voteCount) }),
        ]
    }

    enum ChartName: String {
        case nowPlaying = "now_playing"
        case upcoming
        case topRated = "top_rated"
    }

    private mutating func composeTitle() -> String {
        let noun = random.pick(Vocabulary.nouns)
        switch random.below(3) {
        case 0: return "The \(random.pick(Vocabulary.adjectives).en) \(noun.en.capitalizedFirst)"
        case 1: return "\(random.pick(Vocabulary.heads).en) of the \(noun.enPlural.capitalizedFirst)"
        default: return "\(random.pick(Vocabulary.adjectives).en) \(noun.enPlural.capitalizedFirst)"
        }
    }

    private mutating func person() -> String {
        "\(random.pick(Vocabulary.firstNames)) \(random.pick(Vocabulary.lastNames))"
    }

    private mutating func overview(title: String, lead: String) -> String {
        let place = random.pick(Vocabulary.places).en
        let noun = random.pick(Vocabulary.nouns).enPlural
        return random.chance(5)
            ? ""  // obscure titles have no overview on TMDB
            : "\(lead) travels \(place) to find what the \(noun) keep hidden. \(title) follows the journey "
                + "from the first clue to the last choice."
    }

    private mutating func tagline() -> String {
        random.chance(30) ? "" : "Some \(random.pick(Vocabulary.nouns).enPlural) never sleep."
    }
}

extension ChartsBuilder.Movie {
    var posterPath: String { "/\(id).jpg" }
}
