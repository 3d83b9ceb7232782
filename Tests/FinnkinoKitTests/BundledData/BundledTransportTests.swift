import AppPatterns
import Foundation
import Testing

@testable import FinnkinoKit

@Suite("BundledTransport")
struct BundledTransportTests {
    /// A Monday in summer time; dataset day 6 (a Sunday) becomes 2025-10-26, the day summer time ends.
    static let today = LocalDate(year: 2025, month: 10, day: 20)

    let transport: BundledTransport

    init() throws {
        transport = try BundledTransport(today: { BundledTransportTests.today })
    }

    private func get(_ path: String, _ query: [(String, String)] = []) async throws -> TransportResponse {
        try await transport.send(TransportRequest(path: path, query: query.map { .init($0.0, $0.1) }))
    }

    private func probe(_ path: String, _ query: [(String, String)] = []) async throws -> WireProbe {
        let response = try await get(path, query)
        try #require(response.status == 200, "status \(response.status) for \(path)")
        return try WireProbe.parse(response.body)
    }

    private func theatreIDs(ofArea area: Int) throws -> Set<Int> {
        let entry = try #require(transport.manifest.areas.first { $0.id == area })
        return Set(entry.theatreIDs)
    }

    // MARK: Schedule

    @Test func scheduleForTodayHasOnlyTheAreasTheatresAndTodaysDate() async throws {
        // Given the Helsinki area (1002)
        let helsinki = try theatreIDs(ofArea: 1002)
        // When today's schedule is asked for without dt
        let schedule = try await probe("/xml/Schedule/", [("area", "1002")])
        // Then every show is in a Helsinki theatre, on today's business day
        let theatres = schedule.values("TheatreID").compactMap(Int.init)
        #expect(!theatres.isEmpty)
        #expect(Set(theatres).isSubset(of: helsinki))
        #expect(Set(schedule.values("dtAccounting")) == ["2025-10-20T00:00:00"])
        #expect(schedule.values("dttmShowStart").allSatisfy { $0.hasPrefix("2025-10-20T") })
        #expect(schedule.values("PubDate") == ["2025-10-20T00:00:00+03:00"])
    }

    @Test func aRequestForTomorrowReturnsShowsDatedTomorrow() async throws {
        // Given tomorrow's date in the API's dd.mm.yyyy form
        let tomorrow = Self.today.adding(days: 1)
        // When the schedule for it is requested
        let schedule = try await probe("/xml/Schedule/", [("area", "1014"), ("dt", tomorrow.finnkinoQueryValue)])
        // Then the shows are dated tomorrow
        let days = Set(schedule.values("dtAccounting"))
        #expect(days == ["\(tomorrow)T00:00:00"])
        #expect(schedule.values("PubDate") == ["\(tomorrow)T00:00:00+03:00"])
    }

    @Test func utcTwinsMatchHelsinkiTimeAcrossTheEndOfSummerTime() async throws {
        // Given the days before and after the change back to winter time (2025-10-26)
        var helsinki = Calendar(identifier: .gregorian)
        helsinki.timeZone = try #require(TimeZone(identifier: "Europe/Helsinki"))
        let local = DateFormatter()
        local.locale = Locale(identifier: "en_US_POSIX")
        local.timeZone = helsinki.timeZone
        local.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        let utc = ISO8601DateFormatter()
        // When two days either side are requested at once
        let schedule = try await probe(
            "/xml/Schedule/", [("area", "1031"), ("dt", "25.10.2025"), ("nrOfDays", "2")])
        let starts = schedule.values("dttmShowStart")
        let startsUTC = schedule.values("dttmShowStartUTC")
        // Then both days are present and every UTC twin is the same instant as its local time
        #expect(Set(schedule.values("dtAccounting")) == ["2025-10-25T00:00:00", "2025-10-26T00:00:00"])
        try #require(starts.count == startsUTC.count)
        for (localText, utcText) in zip(starts, startsUTC) {
            let a = try #require(local.date(from: localText))
            let b = try #require(utc.date(from: utcText))
            #expect(a == b, "\(localText) vs \(utcText)")
        }
    }

    @Test func eventFilterKeepsOnlyThatEvent() async throws {
        // Given an event that has shows today in the capital region
        let all = try await probe("/xml/Schedule/", [("area", "1014")])
        let eventID = try #require(all.values("EventID").first)
        // When the schedule is filtered by it
        let filtered = try await probe("/xml/Schedule/", [("area", "1014"), ("eventID", eventID)])
        // Then only its shows remain, all of them
        #expect(Set(filtered.values("EventID")) == [eventID])
        #expect(filtered.values("EventID").count == all.values("EventID").filter { $0 == eventID }.count)
    }

    @Test(arguments: [-1, 14, 400])
    func datesOutsideTheWindowGiveAnEmptySchedule(offset: Int) async throws {
        // Given a date outside the 14 served days
        let date = Self.today.adding(days: offset)
        // When it is requested
        let response = try await get("/xml/Schedule/", [("dt", date.finnkinoQueryValue)])
        // Then the answer is an empty <Shows /> for that date
        let text = String(decoding: response.body, as: UTF8.self)
        #expect(response.status == 200)
        #expect(text.contains("<Shows />"))
        #expect(text.contains("<PubDate>\(date)T00:00:00+0"))
        #expect(try WireProbe.parse(response.body).values("Show").isEmpty)
    }

    @Test(arguments: ["9999", "1038x", "", "-1"])
    func unknownOrMalformedAreasGiveAnEmptySchedule(area: String) async throws {
        // When a schedule is asked for an area the API does not list
        let response = try await get("/xml/Schedule/", [("area", area)])
        // Then it is an empty, well-formed schedule
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self).contains("<Shows />"))
        _ = try WireProbe.parse(response.body)
    }

    @Test(arguments: ["32.01.2025", "2025-10-21", "1.1", "aa.bb.cccc"])
    func malformedDatesGiveAnEmptySchedule(dt: String) async throws {
        // When dt is not a real dd.mm.yyyy date
        let response = try await get("/xml/Schedule/", [("dt", dt)])
        // Then the answer is an empty schedule, not a crash or a wrong day
        #expect(response.status == 200)
        #expect(try WireProbe.parse(response.body).values("Show").isEmpty)
    }

    @Test func theDefaultAreaIsTheCapitalRegion() async throws {
        // When no area is given
        let schedule = try await probe("/xml/Schedule")
        // Then the shows are those of the capital region's theatres
        let capital = try theatreIDs(ofArea: 1014)
        let theatres = Set(schedule.values("TheatreID").compactMap(Int.init))
        #expect(theatres == capital)
    }

    // MARK: Routing

    @Test(arguments: [
        "/xml/TheatreAreas/", "/xml/TheatreAreas", "/XML/theatreareas/", "/xml/THEATREAREAS", "/swe/xml/TheatreAreas/",
        "/eng/xml/TheatreAreas/", "/sv/xml/TheatreAreas/", "/en/xml/TheatreAreas/", "/EN/xml/TheatreAreas",
    ])
    func pathVariantsReachTheEndpoint(path: String) async throws {
        // When TheatreAreas is asked for in any accepted spelling
        let response = try await get(path)
        // Then it answers the area list as XML
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "text/xml; charset=utf-8")
        let areas = try WireProbe.parse(response.body)
        #expect(areas.rootName == "TheatreAreas")
        // The 2019 list's 21 (the placeholder among them), and the newer 1046 and 1047
        #expect(areas.values("ID").count == 23)
    }

    @Test(arguments: [
        "/", "/xml/", "/xml/Movies/", "/json/Schedule/", "/fra/xml/Schedule/", "/xml/Schedule/extra/", "xml/Schedule",
    ])
    func unknownPathsAre404WithAnHTMLBody(path: String) async throws {
        // When a path the API does not have is requested
        let response = try await get(path)
        // Then the answer is a 404 HTML page
        #expect(response.status == 404)
        #expect(response.header("content-type")?.hasPrefix("text/html") == true)
        #expect(String(decoding: response.body, as: UTF8.self).contains("404"))
    }

    @Test func englishAndSwedishPrefixesSelectTheirTexts() async throws {
        // When the same schedule is asked for in English and in Swedish
        let english = try await probe("/en/xml/Schedule/", [("area", "1031")])
        #expect(
            try await probe("/eng/xml/Schedule/", [("area", "1031")]).values("TheatreAuditorium")
                == english.values("TheatreAuditorium"))
        let swedish = try await probe("/swe/xml/Schedule/", [("area", "1031")])
        let finnish = try await probe("/xml/Schedule/", [("area", "1031")])
        // Then English has English auditorium names, and Swedish falls back to the Finnish files
        #expect(english.values("TheatreAuditorium").allSatisfy { $0.hasPrefix("auditorium ") })
        #expect(finnish.values("TheatreAuditorium").allSatisfy { $0.hasPrefix("sali ") })
        #expect(swedish.values("ID") == finnish.values("ID"))
        #expect(english.values("ID") == finnish.values("ID"))
    }

    // MARK: Media

    @Test func mediaPathsServeJPEGs() async throws {
        // Given the small poster URL of the first event now showing
        let events = try await probe("/xml/Events/")
        let url = try #require(events.values("EventSmallImagePortrait").first)
        #expect(url.hasPrefix("bundled:///media/"))
        // When its path is requested
        let response = try await get(String(url.dropFirst("bundled://".count)))
        // Then it is a JPEG
        #expect(response.status == 200)
        #expect(response.header("content-type") == "image/jpeg")
        #expect(Array(response.body.prefix(3)) == [0xFF, 0xD8, 0xFF])
    }

    @Test(arguments: [
        "/media/../manifest.json", "/media/%2e%2e/manifest.json", "/media/%2E%2E/%2E%2E/Package.swift",
        "/media/Event_14001/../../manifest.json", "/media//etc/passwd", "/media/%2Fetc%2Fpasswd",
        "/media/%252e%252e/manifest.json", "/media/Event_14001/portrait_small.jpg%00", "/media/..%5Cmanifest.json",
        "/media/./Event_14001/portrait_small.jpg", "/media/", "/media/Event_14001/missing.jpg", "/manifest.json",
        "/fi/TheatreAreas.xml",
    ])
    func traversalAndUnlistedPathsAreRefused(path: String) async throws {
        // When a path tries to leave the media folder, or names no listed file
        let response = try await get(path)
        // Then nothing is served
        #expect(response.status == 404)
        #expect(response.header("content-type")?.hasPrefix("text/html") == true)
    }

    // MARK: Events

    @Test func eventListsHaveTheirSizesAndTypes() async throws {
        // When both lists are requested
        let now = try await probe("/xml/Events/", [("listType", "NowInTheatres")])
        let coming = try await probe("/xml/Events/", [("listType", "ComingSoon")])
        // Then both are big enough and coming soon has not-yet-rated and live events
        #expect(now.values("Event").count >= 30)
        #expect(coming.values("Event").count >= 10)
        #expect(coming.values("Rating").contains("Tulossa"))
        #expect(now.values("EventType").contains("LiveEvent"))
        #expect(Set(now.values("ID")).isDisjoint(with: Set(coming.values("ID"))))
    }

    @Test func videosAndGalleryFollowTheirSwitches() async throws {
        // When events are asked for with the defaults, without videos, and with the gallery
        let plain = try await probe("/xml/Events/")
        let noVideos = try await probe("/xml/Events/", [("includeVideos", "false")])
        let gallery = try await probe("/xml/Events/", [("includeGallery", "true")])
        // Then videos come by default, the gallery only when asked, and the rest is unchanged
        #expect(plain.values("EventVideo").count == plain.values("Event").count)
        #expect(noVideos.values("EventVideo").isEmpty)
        #expect(noVideos.values("Videos").count == plain.values("Event").count)
        #expect(plain.values("GalleryImage").isEmpty)
        #expect(!gallery.values("GalleryImage").isEmpty)
        #expect(gallery.values("ID") == plain.values("ID"))
        #expect(noVideos.values("OriginalTitle") == plain.values("OriginalTitle"))
    }

    @Test func eventIDFindsAnEventInEitherList() async throws {
        // Given a coming-soon event
        let coming = try await probe("/xml/Events/", [("listType", "ComingSoon")])
        let id = try #require(coming.values("ID").first)
        // When it is asked for by ID with the default list type
        let single = try await probe("/xml/Events/", [("eventID", id)])
        // Then exactly that event comes back
        #expect(single.values("Event").count == 1)
        #expect(single.values("ID").first == id)
    }

    @Test func eventDatesAreRebasedToo() async throws {
        // Given a transport whose today is the dataset's anchor, and ours (a shift of many days)
        let anchored = try BundledTransport(today: { LocalDate(year: 2025, month: 3, day: 24) })
        let atAnchor = try WireProbe.parse(
            try await anchored.send(TransportRequest(path: "/xml/Events/", query: [.init("listType", "ComingSoon")]))
                .body)
        // When the same list is read through both
        let shifted = try await probe("/xml/Events/", [("listType", "ComingSoon")])
        // Then every release date moved by exactly the shift
        let shift = Self.today.daysSinceEpoch - LocalDate(year: 2025, month: 3, day: 24).daysSinceEpoch
        let before = atAnchor.values("dtLocalRelease").compactMap { LocalDate(iso: $0) }
        let after = shifted.values("dtLocalRelease").compactMap { LocalDate(iso: $0) }
        #expect(before.count == after.count && !before.isEmpty)
        #expect(zip(before, after).allSatisfy { $0.adding(days: shift) == $1 })
    }

    @Test func areaFilterLimitsMoviesNowShowing() async throws {
        // Given Strand (a 4-auditorium theatre that never gets the live events)
        let all = try await probe("/xml/Events/")
        let strand = try await probe("/xml/Events/", [("area", "1041")])
        // Then its list is smaller than the whole list and has no live event
        #expect(strand.values("Event").count < all.values("Event").count)
        #expect(!strand.values("EventType").contains("LiveEvent"))
        #expect(try await probe("/xml/Events/", [("area", "424242")]).values("Event").isEmpty)
    }

    // MARK: ScheduleDates, News

    @Test func scheduleDatesListTheFourteenServedDays() async throws {
        // When the dates of the capital region are asked for
        let dates = try await probe("/xml/ScheduleDates/", [("area", "1014")])
        // Then they are the 14 days from today, as midnight stamps
        let expected = (0..<14).map { "\(Self.today.adding(days: $0))T00:00:00" }
        #expect(dates.rootName == "Dates")
        #expect(dates.values("dateTime") == expected)
    }

    @Test func scheduleDatesOfAPremiereStartAtThePremiere() async throws {
        // Given a coming-soon event with shows inside the window
        let coming = try await probe("/xml/Events/", [("listType", "ComingSoon")])
        var premiered: [String] = []
        for id in coming.values("ID") {
            let dates = try await probe("/xml/ScheduleDates/", [("area", "1029"), ("eventID", id)]).values("dateTime")
            if !dates.isEmpty { premiered.append(dates[0]) }
        }
        // Then its first date is after today, not today
        #expect(premiered.count >= 2)
        #expect(premiered.allSatisfy { $0 != "\(Self.today)T00:00:00" })
    }

    @Test func newsFilterByCategory() async throws {
        // Given the categories with their counts
        let categories = try await probe("/xml/NewsCategories/")
        let ids = categories.values("ID")
        let counts = categories.values("NewsArticleCount").compactMap(Int.init)
        #expect(ids.count >= 4)
        for (id, count) in zip(ids, counts) {
            // When the news of one category is asked for
            let news = try await probe("/xml/News/", [("categoryID", id)])
            // Then every article carries it, and there are as many as the category says
            let perArticle = news.values("ID", inEach: "NewsArticle")
            #expect(perArticle.count == count)
            #expect(perArticle.allSatisfy { $0.contains(id) })
        }
        #expect(try await probe("/xml/News/").values("NewsArticle").count >= 20)
    }

    @Test func sourceDescriptionNamesTheDataset() {
        #expect(transport.sourceDescription == "bundled dataset")
    }
}
