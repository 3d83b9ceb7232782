import AppPatterns
import Foundation

/// Generates the whole bundled dataset into a folder: wire documents per language, artwork and
/// the manifest. The same seed always gives the same bytes.
struct DatasetGenerator {
    static let formatVersion = 1
    /// A Monday; the 14 days cross the 2025-03-30 change to summer time.
    static let defaultAnchor = CalendarDay(year: 2025, month: 3, day: 24)
    static let defaultSeed: UInt64 = 0x46_49_4E_4E_4B_49_4E_4F  // "FINNKINO"
    static let dayCount = 14
    /// Documents larger than this are stored gzip-compressed.
    static let compressionThreshold = 24 * 1024

    var anchor = defaultAnchor
    var seed = defaultSeed
    /// Whether the trailer clips and tunes are made (with ffmpeg).
    var makesClips = true

    struct Summary {
        var events: Int
        var shows: Int
        var news: Int
        var files: Int
        var bytes: Int
    }

    /// Writes everything below `output` (which is emptied of previous generated files first).
    func generate(into output: URL) throws -> Summary {
        var root = SplitMix64(seed: seed)
        // One stream per builder, forked in a fixed order; a stream added later is forked last, so
        // that what the others make stays as it was.
        let catalogRandom = root.fork()
        let scheduleRandom = root.fork()
        let newsRandom = root.fork()
        let chartsRandom = root.fork()
        let showKindRandom = root.fork()
        let counterpartRandom = root.fork()
        let newerScheduleRandom = root.fork()
        let newerShowKindRandom = root.fork()
        var catalog = EventCatalogBuilder(anchor: anchor, dayCount: Self.dayCount, random: catalogRandom)
        let events = catalog.build()
        var scheduler = ScheduleBuilder(
            events: events, anchor: anchor, dayCount: Self.dayCount, random: scheduleRandom, kinds: showKindRandom,
            theatres: TheatreCatalog.listed2019, firstShowID: 1_800_001)
        var newerScheduler = ScheduleBuilder(
            events: events, anchor: anchor, dayCount: Self.dayCount, random: newerScheduleRandom,
            kinds: newerShowKindRandom, theatres: TheatreCatalog.newer, firstShowID: 1_900_001)
        let days = ScheduleBuilder.merge(scheduler.build(), newerScheduler.build())
        var newsBuilder = NewsBuilder(events: events, anchor: anchor, random: newsRandom)
        let news = newsBuilder.build(count: 22)
        var chartsBuilder = ChartsBuilder(anchor: anchor, random: chartsRandom)
        let charts = chartsBuilder.build()
        var counterpartBuilder = ChartsBuilder(anchor: anchor, random: counterpartRandom)
        let counterparts = counterpartBuilder.counterparts(of: events)

        let fileManager = FileManager.default
        if fileManager.fileExists(atPath: output.path) {
            for item in try fileManager.contentsOfDirectory(atPath: output.path) {
                try fileManager.removeItem(at: output.appendingPathComponent(item))
            }
        }
        try fileManager.createDirectory(at: output, withIntermediateDirectories: true)
        var files: [DatasetManifest.File] = []
        func write(_ data: Data, _ path: String) throws {
            let url = output.appendingPathComponent(path)
            try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
            files.append(DatasetManifest.File(path: path, bytes: data.count))
        }
        /// Writes a document, compressed when large; returns its path.
        func document(_ text: String, _ base: String, forceCompression: Bool = false) throws -> String {
            let bytes = Data(text.utf8)
            if forceCompression || bytes.count > Self.compressionThreshold {
                try write(try Gzip.compress(bytes), base + ".xml.gz")
                return base + ".xml.gz"
            }
            try write(bytes, base + ".xml")
            return base + ".xml"
        }

        var languages: [String: DatasetManifest.Documents] = [:]
        for language in DatasetLanguage.allCases {
            let writer = WireDocumentWriter(language: language)
            let folder = language.rawValue + "/"
            var schedule: [String] = []
            for (index, shows) in days.enumerated() {
                let day = anchor.adding(days: index)
                schedule.append(
                    try document(
                        writer.schedule(day: day, shows: shows), folder + "Schedule-" + day.iso, forceCompression: true)
                )
            }
            languages[language.rawValue] = DatasetManifest.Documents(
                theatreAreas: try document(writer.theatreAreas(), folder + "TheatreAreas"),
                eventsNowInTheatres: try document(
                    writer.events(events.filter { $0.list == .nowInTheatres }), folder + "Events-NowInTheatres"),
                eventsComingSoon: try document(
                    writer.events(events.filter { $0.list == .comingSoon }), folder + "Events-ComingSoon"),
                news: try document(writer.news(news), folder + "News"),
                newsCategories: try document(writer.newsCategories(news), folder + "NewsCategories"),
                languages: try document(writer.languages(), folder + "Languages"),
                schedule: schedule)
        }

        try writeArtwork(events: events, news: news, write: write)
        try writeCharts(charts, write: write)
        for movie in counterparts {
            try write(try ChartsDocumentWriter.details(movie), "charts/movie/\(movie.id).json")
            try write(try ChartsDocumentWriter.omdb(movie), "charts/omdb/\(movie.imdbID).json")
        }
        try write(Data(DatasetReadme.text(anchor: anchor, dayCount: Self.dayCount, seed: seed).utf8), "README.md")

        let scheduleDays = days.enumerated().map { index, shows in
            var byTheatre: [String: Set<Int>] = [:]
            for show in shows { byTheatre[String(show.theatre.id), default: []].insert(show.event.id) }
            return DatasetManifest.ScheduleDay(
                date: anchor.adding(days: index).iso, eventIDsByTheatre: byTheatre.mapValues { $0.sorted() })
        }
        let manifest = DatasetManifest(
            formatVersion: Self.formatVersion, anchorDate: anchor.iso, dayCount: Self.dayCount,
            defaultAreaID: TheatreCatalog.defaultAreaID,
            areas: TheatreCatalog.areas.map { DatasetManifest.Area(id: $0.id, theatreIDs: $0.theatreIDs) },
            languages: languages, languageFallbacks: ["sv": "fi"], scheduleDays: scheduleDays,
            files: files.sorted { $0.path < $1.path })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let manifestData = try encoder.encode(manifest)
        try manifestData.write(to: output.appendingPathComponent("manifest.json"))
        return Summary(
            events: events.count, shows: days.reduce(0) { $0 + $1.count }, news: news.count, files: files.count + 1,
            bytes: files.reduce(manifestData.count) { $0 + $1.bytes })
    }

    /// The international lists (TMDB and OMDb JSON) and their posters.
    private func writeCharts(_ movies: [ChartsBuilder.Movie], write: (Data, String) throws -> Void) throws {
        try write(try ChartsDocumentWriter.configuration(), "charts/configuration.json")
        for (name, movies) in ChartsBuilder.lists(movies, anchor: anchor) {
            let pages = max(1, (movies.count + ChartsBuilder.pageSize - 1) / ChartsBuilder.pageSize)
            // TMDB's release window of now_playing and upcoming (top_rated has none).
            let dates: ClosedRange<CalendarDay>? =
                switch name {
                case .nowPlaying: anchor.adding(days: -60)...anchor
                case .upcoming: anchor.adding(days: 1)...anchor.adding(days: 90)
                case .topRated: nil
                }
            for page in 1...pages {
                let slice = Array(movies.dropFirst((page - 1) * ChartsBuilder.pageSize).prefix(ChartsBuilder.pageSize))
                try write(
                    try ChartsDocumentWriter.page(
                        slice, page: page, totalPages: pages, total: movies.count, dates: dates),
                    "charts/\(name.rawValue)/\(page).json")
            }
        }
        for movie in movies {
            try write(try ChartsDocumentWriter.details(movie), "charts/movie/\(movie.id).json")
            try write(try ChartsDocumentWriter.omdb(movie), "charts/omdb/\(movie.imdbID).json")
            let painter = PosterPainter(seed: movie.artSeed)
            for (size, width) in ChartsBuilder.posterSizes {
                let height = width * 3 / 2
                try write(
                    try JPEGEncoder.encode(painter.paint(width: width, height: height), width: width, height: height),
                    "media/charts/\(size)\(movie.posterPath)")
            }
        }
    }

    /// Poster sizes: name, width, height.
    static let posterSizes: [(String, Int, Int)] = [
        ("portrait_micro", 40, 59), ("portrait_small", 99, 146), ("portrait_medium", 198, 293),
        ("portrait_large", 396, 586), ("landscape_small", 444, 250), ("landscape_large", 670, 377),
    ]

    private func writeArtwork(
        events: [InventedEvent], news: [InventedNews], write: (Data, String) throws -> Void
    ) throws {
        let clips = makesClips ? try ClipEncoder.find() : nil
        var trailers: [ClipEncoder.Trailer] = []
        var painted: Set<Int> = []
        for event in events where !painted.contains(event.mediaID) {
            painted.insert(event.mediaID)
            let painter = PosterPainter(seed: event.artSeed)
            let folder = "media/Event_\(event.mediaID)/"
            var landscape = Data()
            for (name, width, height) in Self.posterSizes {
                let pixels = painter.paint(width: width, height: height)
                let jpeg = try JPEGEncoder.encode(pixels, width: width, height: height)
                try write(jpeg, folder + name + ".jpg")
                if name == "landscape_large" { landscape = jpeg }
            }
            trailers.append(
                ClipEncoder.Trailer(
                    path: folder + "trailer.mp4", poster: landscape, title: event.originalTitle, seed: event.artSeed))
            if event.galleryCount > 0 {
                for number in 1...event.galleryCount {
                    let gallery = PosterPainter(seed: event.artSeed &+ UInt64(number))
                    try write(
                        try JPEGEncoder.encode(gallery.paint(width: 480, height: 270), width: 480, height: 270),
                        folder + "gallery_\(number).jpg")
                    try write(
                        try JPEGEncoder.encode(gallery.paint(width: 160, height: 90), width: 160, height: 90),
                        folder + "gallery_\(number)_thumbnail.jpg")
                }
            }
        }
        for article in news {
            let painter = PosterPainter(seed: article.artSeed)
            try write(
                try JPEGEncoder.encode(painter.paint(width: 440, height: 248), width: 440, height: 248),
                article.imagePath)
            try write(
                try JPEGEncoder.encode(painter.paint(width: 148, height: 83), width: 148, height: 83),
                article.thumbnailPath)
        }
        // ffmpeg runs on one thread per clip for identical bytes; the clips are made side by side.
        guard let clips else { return }
        for (trailer, clip) in zip(trailers, try clips.trailers(trailers)) { try write(clip, trailer.path) }
        for tune in ClipEncoder.tunes {
            try write(try clips.music(tune), "music/\(tune.name).m4a")
        }
    }
}
