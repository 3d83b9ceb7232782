import FinnkinoKit
import FinnkinoStores
import Foundation
import NIOConcurrencyHelpers
import Testing

@testable import FinnkinoWeb

/// What one client can do to everyone else on a hosted server (issue 36): garbage changes cost no
/// person, new persons and join attempts are budgeted per client address as well as per server,
/// and a change that fails keeps no one. Clients are told apart by the address a trusted proxy
/// forwards (`X-Forwarded-For` from 127.0.0.1, as behind nginx).
@Suite struct HostedAbuseTests {
    @Test func garbageChangesFromOneAddressCostNoPersonAndBlockNoOneElse() async throws {
        let persons = try SQLitePersonStore.inMemory()
        let server = try await WebServer.start(hosted: true, persons: persons, trustedProxies: ["127.0.0.1"])
        defer { Task { await server.stop() } }
        // When one address sends 500 changes with no token or to no route (the server's clock stands still)
        for index in 0..<500 {
            let path = index.isMultiple(of: 2) ? "/no/such/route" : "/settings/language"
            let reply = try await server.client.request(
                "POST", path, headers: ["X-Forwarded-For": "203.0.113.5"], body: "x=1")
            #expect([403, 404].contains(reply.status), "\(path): \(reply.status)")
        }
        // Then nobody was made for them
        #expect(try persons.count() == 1)
        // And a real first change from another address makes its person
        let real = try await server.firstChange("/settings/language", "language=en&back=%2Fnews", from: "198.51.100.7")
        #expect(real.status == 303)
        #expect(real.cookies["session"]?.isEmpty == false)
        #expect(try persons.count() == 2)
    }

    @Test func newPersonsAreBudgetedPerAddressAndForTheServer() async throws {
        let persons = try SQLitePersonStore.inMemory()
        let server = try await WebServer.start(hosted: true, persons: persons, trustedProxies: ["127.0.0.1"])
        defer { Task { await server.stop() } }
        // When one address makes first changes past its own budget
        var statuses: [Int] = []
        for _ in 0..<(PersonMiddleware.creationsPerClientPerMinute + 2) {
            statuses.append(
                try await server.firstChange("/settings/language", "language=en", from: "203.0.113.5").status)
        }
        // Then the address gets 429 past its budget, and another address is still served
        #expect(statuses.prefix(PersonMiddleware.creationsPerClientPerMinute).allSatisfy { $0 == 303 })
        #expect(statuses.suffix(2) == [429, 429])
        #expect(try await server.firstChange("/settings/language", "language=en", from: "198.51.100.7").status == 303)
        // When many addresses make first changes, the server's own budget holds
        var made = PersonMiddleware.creationsPerClientPerMinute + 1
        var index = 0
        while made < PersonMiddleware.creationsPerMinute {
            index += 1
            let reply = try await server.firstChange(
                "/settings/language", "language=en", from: "192.0.2.\(index % 250)")
            if reply.status == 303 { made += 1 }
        }
        let past = try await server.firstChange("/settings/language", "language=en", from: "198.51.100.99")
        #expect(past.status == 429)
        #expect(past.header("Retry-After") == "60")
        #expect(try persons.count() == 1 + PersonMiddleware.creationsPerMinute)
    }

    @Test func anUntrustedForwardedAddressIsIgnored() async throws {
        // Given a server that trusts no proxy
        let persons = try SQLitePersonStore.inMemory()
        let server = try await WebServer.start(hosted: true, persons: persons)
        defer { Task { await server.stop() } }
        // When one client claims a new address in X-Forwarded-For for every change
        var statuses: [Int] = []
        for index in 0..<(PersonMiddleware.creationsPerClientPerMinute + 1) {
            statuses.append(
                try await server.firstChange("/settings/language", "language=en", from: "192.0.2.\(index)").status)
        }
        // Then it is still one client (its connection's), held to one client's budget
        #expect(statuses.last == 429)
    }

    @Test func changesThatFailWithARedirectKeepNoPerson() async throws {
        let persons = try SQLitePersonStore.inMemory()
        let server = try await WebServer.start(hosted: true, persons: persons, trustedProxies: ["127.0.0.1"])
        defer { Task { await server.stop() } }
        // When a browser that is nobody sends a wrong join code, Delete me without its box, an
        // unknown location
        let wrongCode = try await server.firstChange("/devices/join", "code=AAAA-BBBB", from: "203.0.113.5")
        let unconfirmed = try await server.firstChange("/me/delete", "", from: "203.0.113.5")
        let unknown = try await server.firstChange(
            "/settings/location", "near=Atlantis&back=%2Fmovies", from: "203.0.113.5")
        // Then each goes back with its message, gives no session, and keeps no one
        for reply in [wrongCode, unconfirmed, unknown] {
            #expect(reply.status == 303)
            #expect(reply.cookies["session"] == nil)
            #expect(reply.cookies["flash"]?.isEmpty == false)
        }
        #expect(try persons.count() == 1)
    }

    @Test func joinAttemptsAreLimitedPerAddress() async throws {
        let server = try await WebServer.start(hosted: true, trustedProxies: ["127.0.0.1"])
        defer { Task { await server.stop() } }
        // When one address tries codes past its limit, each time as a new browser
        var flashes: [String] = []
        for index in 0..<11 {
            let reply = try await server.firstChange(
                "/devices/join", "code=AAAA-BBBB", from: "203.0.113.5",
                cookie: String(format: "%064x", index))
            flashes.append(reply.cookies["flash"] ?? "")
        }
        // Then its last attempt is "too many tries", while another address's is still tried
        let other = try await server.firstChange("/devices/join", "code=AAAA-BBBB", from: "198.51.100.7")
        let wrong = try #require(flashes.first)
        #expect(flashes.prefix(10).allSatisfy { $0 == wrong })
        #expect(flashes.last != wrong)
        #expect(other.cookies["flash"] == wrong)
    }

    @Test func theSessionCookieIsRenewedOnceADayWhileUsed() async throws {
        let clock = NIOLockedValueBox(WebServer.morning)
        let server = try await WebServer.start(hosted: true, now: { clock.withLockedValue { $0 } })
        defer { Task { await server.stop() } }
        var browser = HostedBrowser(server)
        _ = try await browser.get("/news")
        let first = try await browser.post("/settings/language", "language=en&back=%2Fnews")
        #expect(first.cookies["session"] != nil)
        // When the browser opens pages the same day
        clock.withLockedValue { $0 += 3600 }
        let sameDay = try await browser.get("/news")
        // Then its cookie is not sent again
        #expect(sameDay.status == 200)
        #expect(sameDay.cookies["session"] == nil)
        // When it comes back the next day
        clock.withLockedValue { $0 += 86_400 }
        let nextDay = try await browser.get("/news")
        // Then it gets its own session again, for a whole session's lifetime
        let renewed = try #require(nextDay.headers.first { $0.value.hasPrefix("session=") }?.value)
        #expect(renewed.hasPrefix("session=\(browser.session ?? "-");"))
        #expect(renewed.contains("Max-Age=\(Int(SessionToken.lifetime))"))
        // And not again on its next page that day
        #expect(try await browser.get("/news").cookies["session"] == nil)
    }

    /// The words ``PersonMiddleware/personal(_:)`` looks for in `Cache-Control` and `Vary`, in
    /// any case, anywhere in the header.
    @Test func aHeaderMentionsAWordInAnyCase() {
        #expect(PersonMiddleware.mentions("Accept-Encoding, Cookie", "cookie"))
        #expect(PersonMiddleware.mentions("COOKIE", "cookie"))
        #expect(PersonMiddleware.mentions("max-age=60, Private", "private"))
        #expect(!PersonMiddleware.mentions("no-cache", "private"))
        #expect(!PersonMiddleware.mentions("cooki", "cookie"))
        #expect(!PersonMiddleware.mentions("", "cookie"))
        #expect(!PersonMiddleware.mentions("Accept-Encoding, Cooki", "cookie"))
    }

    @Test func aPersonsPagesAreNeverKeptByASharedCache() async throws {
        let server = try await WebServer.start(hosted: true)
        defer { Task { await server.stop() } }
        var browser = HostedBrowser(server)
        _ = try await browser.get("/news")
        _ = try await browser.post("/settings/language", "language=en&back=%2Fnews")
        let pages = WebRoute.Pattern.allCases.filter { $0.method == .get && $0.belongsToSomeone }
        #expect(pages.count >= 20)
        for page in pages {
            let path = page.template.split(separator: "/").map { $0.hasPrefix(":") ? "1" : String($0) }
                .reduce("") { $0 + "/" + $1 }
            // (the live stream answers as long as a page is open: it is asked for nothing live)
            let reply = try await browser.get(page == .live ? "/live?page=%2Fnowhere" : path.isEmpty ? "/" : path)
            let control = reply.header("Cache-Control") ?? ""
            #expect(
                control.contains("private") || control.contains("no-store"),
                "\(page.template) \(reply.status): \(control)")
            #expect(reply.header("Vary")?.localizedCaseInsensitiveContains("cookie") == true, "\(page.template)")
        }
    }

    @Test func overHttpsEveryCookieIsSecureAndHSTSIsSent() async throws {
        let server = try await WebServer.start(hosted: true, secureCookies: true)
        defer { Task { await server.stop() } }
        var browser = HostedBrowser(server)
        let page = try await browser.get("/movies?area=1002")
        #expect(page.header("Strict-Transport-Security")?.hasPrefix("max-age=") == true)
        let language = try await browser.post("/settings/language", "language=en&back=%2Fnews")
        let signedOut = try await browser.post("/me/delete", "confirm=yes")
        let cookies = [page, language, signedOut].flatMap { $0.headers.filter { $0.name.lowercased() == "set-cookie" } }
        let names = Set(cookies.compactMap { $0.value.split(separator: "=").first.map(String.init) })
        #expect(names.isSuperset(of: ["csrf", "area", "session", "lang", "flash"]), "\(names)")
        for cookie in cookies { #expect(cookie.value.contains("; Secure"), "\(cookie.value)") }
    }

    @Test func signingOutOrDeletingForgetsTheAreaAndLanguageCookies() async throws {
        let server = try await WebServer.start(hosted: true)
        defer { Task { await server.stop() } }
        var browser = HostedBrowser(server)
        _ = try await browser.get("/movies?area=1002")
        _ = try await browser.post("/settings/language", "language=en&back=%2Fnews")
        // When the person deletes themselves
        let deleted = try await browser.post("/me/delete", "confirm=yes")
        // Then the browser forgets the area and the language with the session
        let expired = deleted.headers.filter { $0.name.lowercased() == "set-cookie" && $0.value.contains("Max-Age=0") }
            .compactMap { $0.value.split(separator: "=").first.map(String.init) }
        #expect(Set(expired).isSuperset(of: ["session", "area", "lang"]), "\(expired)")
    }

    @Test func aSecondHostHeaderIsRefused() async throws {
        let server = try await WebServer.start(hosted: true)
        defer { Task { await server.stop() } }
        let reply = try await server.client.request(
            "GET", "/movies", headers: ["Host": "127.0.0.1", "host": "evil.example"])
        #expect(reply.status == 400)
        #expect(try await server.get("/movies").status == 200)
    }

    @Test func aPlusInASearchIsASpace() async throws {
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        let movies = try await WebServer.bundledStore(.fi).movies().value
        let title = try #require(
            movies.map(\.title).first {
                $0.split(separator: " ").count >= 2 && $0.allSatisfy { $0.isLetter || $0 == " " }
            })
        let words = title.split(separator: " ").prefix(2).joined(separator: " ")
        let query = words.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(.init(charactersIn: " ")))!
            .replacingOccurrences(of: " ", with: "+")
        // When the search form is sent without the page's script (a GET form: spaces as `+`)
        let page = try await server.get("/movies?area=all&q=\(query)&scope=contains")
        // Then it finds the movie by its two words
        #expect(page.status == 200)
        #expect(page.body.contains(title.replacingOccurrences(of: "&", with: "&amp;")))
        #expect(page.body.contains("value=\"\(words)\""))
    }
}
