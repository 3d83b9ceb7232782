import AppPatterns
import AppPatternsTesting
import FinnkinoKit
import FinnkinoPresentation
import FinnkinoStores
import Foundation
import NIOConcurrencyHelpers
import Testing

@testable import FinnkinoWeb

/// A show's page and calendar file, and the Showtimes screen's filters, served.
@Suite struct ShowPagesTests {
    private static let tomorrow = WebServer.today.adding(days: 1)

    /// The first show listed on tomorrow's Showtimes page of `area`, as its page's address.
    private static func firstShowPath(_ server: WebServer, area: Int = 1014) async throws -> String {
        let page = try await server.get("/showtimes?area=\(area)&date=\(tomorrow)").body
        let link = try #require(page.firstMatch(of: try Regex(#"/show/[0-9]+/[0-9-]+/[0-9]+"#))?.output[0].substring)
        return String(link)
    }

    @Test func aShowsPageAndItsCalendarFile() async throws {
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        let path = try await Self.firstShowPath(server)
        // The page
        let page = try await server.get(path)
        #expect(page.status == 200)
        #expect(page.body.contains("id=\"calendar-link\"") && page.body.contains("id=\"share\""))
        // The calendar file: its type, a download, one event in CRLF lines
        let file = try await server.get(path + "/calendar.ics")
        #expect(file.status == 200)
        #expect(file.header("Content-Type") == "text/calendar; charset=utf-8")
        #expect(file.header("Content-Disposition")?.hasPrefix("attachment; filename=\"finnkino-show-") == true)
        #expect(file.body.hasPrefix("BEGIN:VCALENDAR\r\n") && file.body.hasSuffix("END:VCALENDAR\r\n"))
        #expect(file.body.components(separatedBy: "BEGIN:VEVENT").count == 2)
    }

    @Test func aShowTheDayDoesNotHaveIsNotFound() async throws {
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        let page = try await server.get("/show/1014/\(Self.tomorrow)/999999999")
        #expect(page.status == 404)
        // And leads back to that area's day
        #expect(page.body.contains("href=\"/showtimes?area=1014&amp;date=\(Self.tomorrow)\""))
        #expect(try await server.get("/show/1014/\(Self.tomorrow)/999999999/calendar.ics").status == 404)
        #expect(try await server.get("/show/1014/2026-02-30/5").status == 404)
    }

    @Test func aSourceThatDoesNotAnswerIsUnavailableNotMissing() async throws {
        let server = try await WebServer.start(makeStore: { language in
            FeedStore(
                webService: WebService(
                    transport: StubTransport(.failure(TransportError(.unreachable, "refused"))),
                    offlineRetryInterval: 0),
                language: language)
        })
        defer { Task { await server.stop() } }
        #expect(try await server.get("/show/1014/\(Self.tomorrow)/1800001").status == 503)
        #expect(try await server.get("/show/1014/\(Self.tomorrow)/1800001/calendar.ics").status == 503)
    }

    @Test func aHostileShowIsTextOnItsPageAndInItsCalendarFile() async throws {
        // Given a schedule whose one show has a title, theatre and series that are markup and calendar lines
        let hostile = "\"><script>alert(1)</script>\r\nBEGIN:VALARM"
        let escaped = hostile.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\r\n", with: "&#13;&#10;")
        let start = "\(Self.tomorrow)T18:00:00"
        let document = """
            <?xml version="1.0"?><Schedule><Shows><Show><ID>5</ID><dttmShowStart>\(start)</dttmShowStart>\
            <EventID>7</EventID><Title>\(escaped)</Title><TheatreID>1038</TheatreID><Theatre>\(escaped)</Theatre>\
            <TheatreAuditorium>\(escaped)</TheatreAuditorium><EventSeries>\(escaped)</EventSeries>\
            <LengthInMinutes>999999999999999999</LengthInMinutes></Show></Shows></Schedule>
            """
        let server = try await WebServer.start(makeStore: { language in
            FeedStore(
                webService: WebService(transport: StubTransport(.status(200, body: Data(document.utf8)))),
                language: language)
        })
        defer { Task { await server.stop() } }
        // When its page and calendar file are served
        let page = try await server.get("/show/1014/\(Self.tomorrow)/5")
        #expect(page.status == 200)
        // Then the page has the words as text, in elements and attributes alike
        #expect(!page.body.contains("<script>alert(1)"))
        #expect(!page.body.contains("\"><script>alert"))
        #expect(page.body.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        // And the calendar file has them as one escaped value: no line of their own
        let file = try await server.get("/show/1014/\(Self.tomorrow)/5/calendar.ics")
        #expect(file.status == 200)
        let lines = file.body.components(separatedBy: "\r\n")
        #expect(lines.filter { $0.hasPrefix("BEGIN:") } == ["BEGIN:VCALENDAR", "BEGIN:VEVENT"])
        #expect(lines.contains { $0.hasPrefix("SUMMARY:\"><script>alert(1)</script>\\nBEGIN:VALARM") })
    }

    @Test func theFiltersAreThePagesAddressAndLeaveOutWhatTheyDoNotWant() async throws {
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        // Given tomorrow's shows of the capital region, with and without a filter for the hard of hearing
        let all = try await server.get("/showtimes?area=1014&date=\(Self.tomorrow)").body
        let filtered = try await server.get("/showtimes?area=1014&date=\(Self.tomorrow)&access=hoh").body
        let count = { (page: String) in page.components(separatedBy: "<li class=\"show\">").count - 1 }
        // Then the filtered page lists fewer shows, each for the hard of hearing, and says how many it hides
        #expect(count(filtered) > 0 && count(filtered) < count(all))
        #expect(
            filtered.components(separatedBy: "show-badge-descriptiveSubtitles").count - 1 == count(filtered))
        #expect(filtered.contains("class=\"hidden-count\""))
        // And the filter is kept in the day links and the form, and a link clears it
        #expect(filtered.contains("&amp;access=hoh\""))
        #expect(filtered.contains("<option value=\"hoh\" selected>"))
        #expect(filtered.contains("id=\"clear-filters\""))
        // Values that are none of a filter's are left out, not an error
        let odd = try await server.get("/showtimes?area=1014&date=\(Self.tomorrow)&access=x&spoken=%3Cb&from=99:00")
        #expect(odd.status == 200 && count(odd.body) == count(all))
    }

    @Test(arguments: [true, false])
    func onlyMyTheatresFollowsTheirSchedulesLive(onlyMine: Bool) async throws {
        // Given a source that records what it is asked
        let sample = ScheduleEndpoint(area: 1002, date: Self.tomorrow, language: .fi).sampleData
        let transport = StubTransport { _ in .status(200, body: sample) }
        let store = FeedStore(webService: WebService(transport: transport))
        var screen = ShowtimesViewModel(store: store, language: .fi)
        screen.areaSelected(1002)
        screen.dateSelected(Self.tomorrow)
        screen.filterChanged(ShowFilter(onlyMyTheatres: onlyMine))
        // When the live feeds of the Showtimes screen refresh, for a person whose theatres are Omena and Cine Atlas
        screen.myTheatresChanged([1039, 1034])
        for feed in screen.observedFeeds { _ = await feed.refresh() }
        // Then their schedules are followed with "only mine", and the area's without it
        let areas = Set(
            transport.receivedRequests.filter { $0.path.hasSuffix("/Schedule/") }.compactMap { $0.queryValue("area") })
        #expect(areas == (onlyMine ? ["1039", "1034"] : ["1002"]))
    }

    /// What the view model declares reaches the web layer: the Showtimes page's services (the
    /// feeds its live updates and a refresh follow) are the person's own theatres, from their
    /// place, when they want only theirs.
    @Test(arguments: [true, false])
    func aShowtimesPagesRefreshFollowsThePersonsOwnTheatres(onlyMine: Bool) async throws {
        let sample = ScheduleEndpoint(area: 1002, date: Self.tomorrow, language: .fi).sampleData
        let transport = StubTransport { _ in .status(200, body: sample) }
        let store = FeedStore(webService: WebService(transport: transport))
        let server = try await WebServer.start(makeStore: { _ in store })
        defer { Task { await server.stop() } }
        _ = try await server.postForm("/settings/theatres", "theatre=1039&theatre=1034&back=/showtimes")
        let page = "/showtimes?area=1002&date=\(Self.tomorrow)" + (onlyMine ? "&mine=1" : "")
        let back = page.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        let refreshed = try await server.postForm("/action", "action=refresh&back=\(back)", json: true)
        #expect(refreshed.body.contains("\"by\":\"services\""))
        let areas = Set(
            transport.receivedRequests.filter { $0.path.hasSuffix("/Schedule/") }.compactMap { $0.queryValue("area") })
        #expect(areas == (onlyMine ? ["1039", "1034"] : ["1002"]))
    }

    @Test func myTheatresAcrossAreasAndTheirShowsPages() async throws {
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        // Given a person whose own theatres are Omena (Espoo) and Cine Atlas (Tampere), and one that is no theatre
        let saved = try await server.postForm(
            "/settings/theatres", "theatre=1039&theatre=1034&theatre=99999&theatre=x&back=/showtimes")
        #expect(saved.status == 303)
        // When tomorrow's shows of only their theatres are asked for, in the Helsinki area
        let page = try await server.get("/showtimes?area=1002&date=\(Self.tomorrow)&mine=1").body
        // Then both theatres' shows are listed and no other theatre's
        let theatres = page.matches(of: try Regex(#"<section class="theatre"><h2>([^<]*)</h2>"#)).compactMap {
            $0.output[1].substring.map(String.init)
        }
        #expect(Set(theatres) == ["Omena, Espoo", "Cine Atlas, Tampere"])
        #expect(page.contains("id=\"theatre-1039\" value=\"1039\" checked>"))
        // And each show's page is addressed by the theatre's own area, where it is found
        let links = page.matches(of: try Regex(#"/show/([0-9]+)/[0-9-]+/[0-9]+"#)).compactMap {
            $0.output[1].substring.map(String.init)
        }
        #expect(Set(links) == ["1039", "1034"])
        let first = try #require(page.firstMatch(of: try Regex(#"/show/[0-9]+/[0-9-]+/[0-9]+"#))?.output[0].substring)
        #expect(try await server.get(String(first)).status == 200)
    }
}

/// The movie page's content descriptors: an icon drawn here and the words, for each.
@Suite struct ContentDescriptorTests {
    @Test func eachDescriptorOfAMovieIsAnIconWithItsWords() async throws {
        // Given a bundled movie with content descriptors
        let store = try WebServer.bundledStore(.fi)
        let movie = try #require(try await store.movies().value.first { $0.contentDescriptors.count >= 2 })
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        // When its page is served
        let page = try await server.get("/movie/\(movie.id)").body
        // Then each descriptor is an icon and its Finnish words, the icon hidden from screen readers
        for descriptor in movie.contentDescriptors {
            let words = ShowStrings.finnish.descriptor(descriptor.name)
            #expect(words != descriptor.name, "\(descriptor.name) has no Finnish words")
            #expect(page.contains("<span>\(words)</span>"))
        }
        #expect(page.components(separatedBy: "class=\"descriptor-icon\"").count - 1 == movie.contentDescriptors.count)
        #expect(page.contains("aria-hidden=\"true\""))
    }

    @Test func anUnknownDescriptorIsItsOwnNameWithoutAnIcon() {
        #expect(ShowStrings.english.descriptor("Horror") == "Horror")
        #expect(ContentDescriptorIcon.svg("Horror") == nil)
        for name in ["Violence", "Disturbing", "SexualContent", "SubstanceAbuse"] {
            #expect(ContentDescriptorIcon.svg(name)?.markup.hasPrefix("<svg") == true)
            #expect(UILanguage.allCases.allSatisfy { $0.shows.contentDescriptors[name]?.isEmpty == false })
        }
    }
}

/// The movie page's next days, kept for the minute they were made in, but never a failure.
@Suite struct MovieShowsMadeTests {
    /// The bundled data, whose first `failures` Schedule requests get no answer.
    final class FlakySchedule: Transport {
        let sourceDescription = "flaky"
        private let bundled: BundledTransport
        private let failures: NIOLockedValueBox<Int>

        init(failures: Int) throws {
            bundled = try BundledTransport(today: { WebServer.today })
            self.failures = NIOLockedValueBox(failures)
        }

        func send(_ request: TransportRequest) async throws -> TransportResponse {
            let fails =
                request.path.hasSuffix("/Schedule/")
                && failures.withLockedValue { left in
                    defer { left -= 1 }
                    return left > 0
                }
            if fails { throw TransportError(.unreachable, "refused") }
            return try await bundled.send(request)
        }
    }

    @Test func aFailureIsNotKeptAndTheNextRequestAsksAgain() async throws {
        let transport = try FlakySchedule(failures: 1)
        let server = try await WebServer.start(makeStore: { language in
            FeedStore(webService: WebService(transport: transport, offlineRetryInterval: 0), language: language)
        })
        defer { Task { await server.stop() } }
        let movie = try #require(try await WebServer.bundledStore(.fi).movies().value.first).id
        // When the movie page is opened while the schedule does not answer, and again
        let first = try await server.get("/movie/\(movie)").body
        let second = try await server.get("/movie/\(movie)").body
        // Then the first says so and the second lists the shows: the failure was not kept
        #expect(!first.contains("class=\"upcoming-show\"") && first.contains("class=\"error\""))
        #expect(second.contains("class=\"upcoming-show\""))
    }
}

/// A person's own theatres and filter on a hosted server are theirs alone.
@Suite struct MyTheatresAreMineTests {
    @Test func anotherPersonNeitherSeesNorChangesThem() async throws {
        let server = try await WebServer.start(hosted: true)
        defer { Task { await server.stop() } }
        let tomorrow = WebServer.today.adding(days: 1)
        var a = HostedBrowser(server)
        var b = HostedBrowser(server)
        _ = try await a.get("/showtimes?area=1002&date=\(tomorrow)")
        _ = try await b.get("/showtimes?area=1002&date=\(tomorrow)")
        // When A keeps Omena and Cine Atlas as their theatres
        #expect(try await a.post("/settings/theatres", "theatre=1039&theatre=1034&back=%2Fshowtimes").status == 303)
        // Then A's page has them checked, and B's has none
        let mine = try await a.get("/showtimes?area=1002&date=\(tomorrow)&mine=1").body
        #expect(mine.contains("id=\"theatre-1039\" value=\"1039\" checked>"))
        let theirs = try await b.get("/showtimes?area=1002&date=\(tomorrow)&mine=1").body
        #expect(!theirs.contains("value=\"1039\" checked>") && !theirs.contains("value=\"1034\" checked>"))
        // And B's "only my theatres" (none kept) is the area's shows, not A's theatres
        #expect(!theirs.contains("<h2>Omena, Espoo</h2>") && !theirs.contains("<h2>Cine Atlas, Tampere</h2>"))
        // And B posting with A's token changes nothing of A's
        let forged = try await b.post("/settings/theatres", "theatre=1013&back=%2Fshowtimes", token: a.csrf)
        #expect(forged.status == 403)
        #expect(try await a.get("/showtimes?area=1002&date=\(tomorrow)&mine=1").body.contains("<h2>Omena, Espoo</h2>"))
    }
}
