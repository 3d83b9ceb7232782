import AppPatterns
import Foundation
import Testing

@testable import FinnkinoKit

/// Checks the committed dataset files themselves (through the folder FinnkinoKit ships).
@Suite("Bundled dataset content")
struct BundledDatasetContentTests {
    let root: URL
    let manifest: BundledManifest

    init() throws {
        root = try BundledDataset.bundledRoot()
        manifest = try JSONDecoder().decode(
            BundledManifest.self, from: Data(contentsOf: root.appendingPathComponent("manifest.json")))
    }

    private func document(_ path: String) throws -> Data {
        let data = try Data(contentsOf: root.appendingPathComponent(path))
        return path.hasSuffix(".gz") ? try Gzip.decompress(data) : data
    }

    private func probe(_ path: String) throws -> WireProbe {
        try WireProbe.parse(document(path))
    }

    @Test func manifestDescribesAFourteenDayWindowFromAMonday() throws {
        // Then the anchor is a Monday and there are 14 days with files in every language
        let anchor = try #require(LocalDate(iso: manifest.anchorDate))
        #expect((anchor.daysSinceEpoch + 3) % 7 == 0)  // 1970-01-05 was a Monday
        #expect(manifest.dayCount == 14)
        #expect(manifest.scheduleDays.map(\.date) == (0..<14).map { anchor.adding(days: $0).description })
        #expect(Set(manifest.languages.keys) == ["fi", "en"])
        #expect(manifest.languageFallbacks["sv"] == "fi")
        #expect(manifest.languages.values.allSatisfy { $0.schedule.count == 14 })
    }

    @Test func everyListedFileExistsWithItsSizeAndTheTotalIsSmall() throws {
        // Given the files the manifest lists
        var total = 0
        for file in manifest.files {
            let attributes = try FileManager.default.attributesOfItem(
                atPath: root.appendingPathComponent(file.path).path)
            let size = try #require(attributes[.size] as? Int)
            // Then each exists with the listed size
            #expect(size == file.bytes, "\(file.path)")
            total += size
        }
        // And the whole dataset stays well under 10 MB
        #expect(total > 0)
        #expect(total < 10_000_000)
    }

    @Test func everyXMLDocumentIsWellFormedWithTheAPIsProlog() throws {
        let paths = manifest.files.map(\.path).filter { $0.hasSuffix(".xml") || $0.hasSuffix(".xml.gz") }
        #expect(paths.count >= 2 * 20)
        for path in paths {
            let data = try document(path)
            // Then it parses, and starts like the real API's answers
            _ = try WireProbe.parse(data)
            #expect(String(decoding: data.prefix(22), as: UTF8.self) == "<?xml version=\"1.0\"?>\n", "\(path)")
            #expect(!String(decoding: data, as: UTF8.self).contains("<![CDATA["))
        }
    }

    @Test func eventListsHaveTheRequiredVariety() throws {
        let documents = try #require(manifest.languages["fi"])
        let now = try probe(documents.eventsNowInTheatres)
        let coming = try probe(documents.eventsComingSoon)
        let titles =
            now.values("Title", inEach: "Event").compactMap(\.first)
            + coming.values("Title", inEach: "Event").compactMap(\.first)
        #expect(now.values("Event").count >= 30)
        #expect(coming.values("Event").count >= 10)
        #expect(titles.contains { $0.hasPrefix("Äiti") })
        #expect(titles.contains { $0.hasPrefix("Dyy") })
        #expect(titles.contains { $0.contains("&") })
        #expect(titles.contains { $0.hasSuffix("(dub)") })
        #expect(Set(now.values("Rating")).isSuperset(of: ["S", "7", "12", "16", "18"]))
        #expect(coming.values("Rating").contains("Tulossa"))
        #expect(coming.values("LengthInMinutes").contains("0"))
        #expect(coming.values("Synopsis").contains(""))
        #expect((now.values("EventType") + coming.values("EventType")).contains("LiveEvent"))
    }

    @Test func everyEventHasEveryPosterSizeCastAndATrailer() throws {
        let documents = try #require(manifest.languages["en"])
        for path in [documents.eventsNowInTheatres, documents.eventsComingSoon] {
            let events = try probe(path)
            let count = events.values("Event").count
            for size in [
                "EventMicroImagePortrait", "EventSmallImagePortrait", "EventMediumImagePortrait",
                "EventLargeImagePortrait", "EventSmallImageLandscape", "EventLargeImageLandscape",
            ] {
                let urls = events.values(size)
                #expect(urls.count == count, "\(size) in \(path)")
                // And the images exist in the dataset
                for url in urls {
                    #expect(manifest.files.contains { "bundled:///" + $0.path == url }, "\(url)")
                }
            }
            #expect(events.values("Actor", inEach: "Event").allSatisfy { (3...6).contains($0.count) })
            #expect(events.values("Director", inEach: "Event").allSatisfy { !$0.isEmpty })
            #expect(events.values("EventVideo").count == count)
        }
    }

    @Test func everyAreaWithTheatresHasShowsOnEveryDay() throws {
        let documents = try #require(manifest.languages["fi"])
        for (index, path) in documents.schedule.enumerated() {
            let schedule = try probe(path)
            let theatres = Set(schedule.values("TheatreID").compactMap(Int.init))
            let day = try #require(LocalDate(iso: manifest.anchorDate)).adding(days: index)
            // Then each area has at least one show that day, all of them on that business day
            for area in manifest.areas where !area.theatreIDs.isEmpty {
                #expect(!theatres.isDisjoint(with: area.theatreIDs), "area \(area.id) on day \(index)")
            }
            #expect(Set(schedule.values("dtAccounting")) == ["\(day)T00:00:00"])
            // And the manifest's per-day index matches the document
            let indexed = Set(manifest.scheduleDays[index].eventIDsByTheatre.values.flatMap { $0 })
            #expect(indexed == Set(schedule.values("EventID").compactMap(Int.init)))
        }
    }

    @Test func showsFollowTheWireFormatsChildOrder() throws {
        let documents = try #require(manifest.languages["fi"])
        let schedule = try probe(documents.schedule[0])
        let order = [
            "ID", "dtAccounting", "dttmShowStart", "dttmShowStartUTC", "dttmShowEnd", "dttmShowEndUTC",
            "ShowSalesStartTime", "ShowSalesStartTimeUTC", "ShowSalesEndTime", "ShowSalesEndTimeUTC",
            "ShowReservationStartTime", "ShowReservationStartTimeUTC", "ShowReservationEndTime",
            "ShowReservationEndTimeUTC", "EventID", "Title", "OriginalTitle", "ProductionYear", "LengthInMinutes",
            "dtLocalRelease", "Rating", "RatingLabel", "RatingImageUrl", "EventType", "Genres", "TheatreID",
            "TheatreAuditriumID", "Theatre", "TheatreAuditorium", "TheatreAndAuditorium",
            "PresentationMethodAndLanguage", "PresentationMethod", "EventSeries", "ShowURL", "EventURL",
            "SpokenLanguage",
        ]
        // Then the first children of a show come in the API's order
        let children = schedule.elements.filter { $0.path.last == "Show" }.map(\.name)
        #expect(Array(children.prefix(order.count)) == order)
        #expect(children.last == "ContentDescriptors")
        let all = schedule.values("dttmShowStart").count
        #expect(schedule.values("SpokenLanguage").count == all)
        #expect(schedule.values("SubtitleLanguage1").count < all)  // optional, as in the real data
        #expect(!schedule.values("SubtitleLanguage2").isEmpty)
    }

    @Test(arguments: ["fi", "en"])
    func theWindowHasShowsOfEveryKind(language: String) throws {
        // Given every show of the window in one language
        let documents = try #require(manifest.languages[language])
        let shows = try documents.schedule.flatMap { try FinnkinoXMLDecoder.decodeSchedule(document($0)).shows }
        let features = shows.map(\.features)
        // Then each special screening is there, read from the feed's own words in that language
        for special in ShowFeatures.Special.allCases {
            #expect(features.contains { $0.specials.contains(special) }, "\(special) in \(language)")
        }
        #expect(features.allSatisfy { $0.otherSeries == nil })
        // And both pictures, Finnish and Swedish dubs, and original soundtracks with and without subtitles
        #expect(features.contains { $0.picture == .twoD } && features.contains { $0.picture == .threeD })
        #expect(features.contains { $0.soundtrack == .dubbed(language: "fi") })
        #expect(features.contains { $0.soundtrack == .dubbed(language: "sv") })
        #expect(features.contains { $0.soundtrack == .original(language: "en") && $0.subtitles == ["fi", "sv"] })
        #expect(features.contains { $0.soundtrack == .original(language: "fi") && $0.subtitles.isEmpty })
        // And the capital region's second day (tomorrow, once rebased: what the browser suite opens)
        // has a show for the hard of hearing and a bar screening
        let capital = Set(manifest.areas.first { $0.id == 1014 }?.theatreIDs ?? [])
        let tomorrow = try FinnkinoXMLDecoder.decodeSchedule(document(documents.schedule[1])).shows
            .filter { capital.contains($0.theatreID) }.map(\.features.specials)
        #expect(tomorrow.contains { $0.contains(.descriptiveSubtitles) })
        #expect(tomorrow.contains { $0.contains(.barScreening) })
    }

    @Test func endsAreStartPlusLengthPlusTenOrFifteenMinutes() throws {
        let documents = try #require(manifest.languages["fi"])
        let schedule = try probe(documents.schedule[5])
        let formatter = ISO8601DateFormatter()
        let starts = schedule.values("dttmShowStartUTC").compactMap(formatter.date(from:))
        let ends = schedule.values("dttmShowEndUTC").compactMap(formatter.date(from:))
        let lengths = schedule.values("LengthInMinutes").compactMap(Int.init)
        try #require(starts.count == ends.count && ends.count == lengths.count && !starts.isEmpty)
        for ((start, end), length) in zip(zip(starts, ends), lengths) where length > 0 {
            let extra = Int(end.timeIntervalSince(start)) / 60 - length
            #expect(extra == 10 || extra == 15)
        }
    }

    @Test func newsHasEscapedHTMLWithEntitiesAndCategories() throws {
        let documents = try #require(manifest.languages["fi"])
        let raw = String(decoding: try document(documents.news), as: UTF8.self)
        let news = try WireProbe.parse(Data(raw.utf8))
        #expect(news.values("NewsArticle").count >= 20)
        #expect(Set(news.values("ID")).count >= 4)
        // Then HTML is escaped on the wire and keeps its HTML entities after XML parsing
        #expect(raw.contains("&lt;p&gt;"))
        #expect(raw.contains("&amp;auml;"))
        #expect(news.values("HTMLContent").allSatisfy { $0.hasPrefix("<h2>") })
        #expect(news.values("HTMLContent").contains { $0.contains("&auml;") || $0.contains("&ouml;") })
        #expect(news.values("ThumbnailURL").allSatisfy { $0.hasPrefix("bundled:///media/news/") })
    }

    @Test func languagesListFinnishSwedishAndEnglish() throws {
        let documents = try #require(manifest.languages["en"])
        let languages = try probe(documents.languages)
        #expect(languages.values("ISOTwoLetterCode") == ["FI", "SV", "EN"])
    }
}
