import FinnkinoKit
import FinnkinoPresentation
import FinnkinoStores
import Foundation
import Testing

@testable import FinnkinoWeb

/// More than one device: a one-time code joins another browser to a person; the Devices page lists
/// the person's browsers, any of which can be signed out; code attempts are limited.
@Suite struct DevicesPagesTests {
    /// The code shown on `page`.
    func code(on page: String) throws -> String {
        let match = try #require(page.firstMatch(of: /id="join-code"[^>]*>([A-Z0-9]{4}-[A-Z0-9]{4})</))
        return String(match.1)
    }

    @Test func aCodeJoinsAnotherBrowserToThePersonOnce() async throws {
        let server = try await WebServer.start(hosted: true)
        defer { Task { await server.stop() } }
        let movie = try #require(try await WebServer.bundledStore(.fi).movies().value.first)
        var phone = HostedBrowser(server)
        var laptop = HostedBrowser(server)
        var third = HostedBrowser(server)
        _ = try await phone.get("/movie/\(movie.id)")
        _ = try await phone.post("/bookmarks/toggle", "movie=\(movie.id)")
        _ = try await laptop.get("/devices")
        _ = try await laptop.post("/action", "action=refresh&back=%2Fdevices")  // a person with a session of its own
        _ = try await third.get("/devices")
        // When the phone asks for a code
        _ = try await phone.get("/devices")
        let shown = try await phone.post("/devices/code", "")
        // Then the page shows it with its QR code, and is not to be cached
        #expect(shown.status == 200 && shown.header("Cache-Control") == "no-store")
        #expect(shown.body.contains("<svg class=\"qr\""))
        let code = try code(on: shown.body)
        // When the laptop types it
        let oldSession = try #require(laptop.session)
        let joined = try await laptop.post("/devices/join", "code=\(code.lowercased())")
        // Then the laptop gets a new session of the phone's person and sees its bookmarks
        #expect(joined.status == 303 && joined.header("Location") == "/devices")
        #expect(laptop.session != oldSession)
        // And forgets the pages its service worker kept of the person it was
        #expect(joined.header("Clear-Site-Data") == "\"cache\", \"storage\"")
        #expect(try await laptop.get("/bookmarks").body.contains("data-movie=\"\(movie.id)\""))
        // And the laptop's old session is over: with it, a browser is nobody (its cookie cleared)
        var old = HostedBrowser(server, session: oldSession)
        let forgotten = try await old.get("/bookmarks")
        #expect(forgotten.cookies["session"] == "" && forgotten.header("Clear-Site-Data") == "\"cache\", \"storage\"")
        // And the code is spent: a third browser typing it joins nobody
        let again = try await third.post("/devices/join", "code=\(code)")
        #expect(again.header("Location") == "/devices")
        #expect(!(try await third.get("/bookmarks").body.contains("data-movie=\"")))
        // And the phone's Devices page lists both browsers
        let devices = try await phone.get("/devices").body
        #expect(devices.matches(of: /class="device"/).count == 2)
        #expect(devices.contains("class=\"badge\""))
    }

    @Test func aDeviceSignedOutIsNobodyAfterwards() async throws {
        let server = try await WebServer.start(hosted: true)
        defer { Task { await server.stop() } }
        let movie = try #require(try await WebServer.bundledStore(.fi).movies().value.first)
        var phone = HostedBrowser(server)
        var laptop = HostedBrowser(server)
        _ = try await phone.get("/movie/\(movie.id)")
        _ = try await phone.post("/bookmarks/toggle", "movie=\(movie.id)")
        _ = try await laptop.get("/devices")
        _ = try await laptop.post(
            "/devices/join", "code=\(try code(on: try await phone.post("/devices/code", "").body))")
        // When the phone signs out the laptop (the device that is not "this device")
        let page = try await phone.get("/devices").body
        let other = try #require(
            page.matches(of: /<li class="device" id="device-(\d+)"><strong>[^<]*<\/strong><span/).first)
        let signedOut = try await phone.post("/devices/\(other.1)/signout", "")
        #expect(signedOut.status == 303 && signedOut.header("Location") == "/devices")
        // (the phone, still its person, forgets nothing)
        #expect(signedOut.header("Clear-Site-Data") == nil)
        // Then the laptop's next page is a new empty person's, and it forgets what it kept offline
        let after = try await laptop.get("/bookmarks")
        #expect(after.cookies["session"] != nil && !after.body.contains("data-movie=\""))
        #expect(after.header("Clear-Site-Data") == "\"cache\", \"storage\"")
        // And the phone still has its bookmark
        #expect(try await phone.get("/bookmarks").body.contains("data-movie=\"\(movie.id)\""))
        // And a device of someone else cannot be signed out: 404
        #expect(try await laptop.post("/devices/\(other.1)/signout", "").status == 404)
        // And a device that signs itself out forgets its cookie and what its service worker kept
        let mine = try #require(
            page.matches(of: /id="device-(\d+)"/).map { String($0.output.1) }.first { $0 != String(other.1) })
        let signedOutHere = try await phone.post("/devices/\(mine)/signout", "")
        #expect(signedOutHere.status == 303 && signedOutHere.header("Clear-Site-Data") == "\"cache\", \"storage\"")
    }

    @Test func aPersonHasAtMostTheirLimitOfDevicesTheOldestSignedOut() async throws {
        let persons = try SQLitePersonStore.inMemory()
        let server = try await WebServer.start(hosted: true, persons: persons)
        defer { Task { await server.stop() } }
        var phone = HostedBrowser(server)
        _ = try await phone.get("/devices")
        _ = try await phone.post("/devices/code", "")
        let phoneToken = try #require(SessionToken(text: phone.session ?? ""))
        let person = try #require(try persons.person(of: phoneToken))
        // Given a person with as many devices as they may have
        for _ in 1..<DevicesViewModel.maxDevices {
            _ = try persons.join(try persons.newJoinCode(for: person), device: "old")
        }
        #expect(try persons.devices(of: person).count == DevicesViewModel.maxDevices)
        // When one more browser joins with a code
        var laptop = HostedBrowser(server)
        _ = try await laptop.get("/devices")
        let code = try code(on: try await phone.post("/devices/code", "").body)
        let joined = try await laptop.post("/devices/join", "code=\(code)")
        // Then it is one of theirs, and they still have their limit: one device was signed out
        #expect(joined.status == 303)
        let devices = try persons.devices(of: person)
        #expect(devices.count == DevicesViewModel.maxDevices)
        let laptopToken = try #require(SessionToken(text: laptop.session ?? ""))
        #expect(try persons.person(of: laptopToken) == person)
    }

    @Test func codeAttemptsAreLimitedPerBrowser() async throws {
        let server = try await WebServer.start(hosted: true)
        defer { Task { await server.stop() } }
        var phone = HostedBrowser(server)
        var guesser = HostedBrowser(server)
        _ = try await phone.get("/devices")
        _ = try await guesser.get("/devices")
        let code = try code(on: try await phone.post("/devices/code", "").body)
        // When a browser makes five wrong guesses
        for guess in ["AAAA-AAAA", "BBBB-BBBB", "CCCC-CCCC", "DDDD-DDDD", "EEEE-EEEE"] {
            let reply = try await guesser.post("/devices/join", "code=\(guess)")
            #expect(reply.header("Location") == "/devices" && reply.cookies["flash"] != nil)
        }
        // Then even the right code is refused for now, with a message that says why
        let refused = try await guesser.post("/devices/join", "code=\(code)")
        #expect(refused.header("Location") == "/devices")
        let flash = try #require(refused.cookies["flash"]?.removingPercentEncoding)
        #expect(flash == UILanguage.fi.devices.tooManyTries)
    }

    @Test func aCodeOfTheLocalPersonMakesABrowserTheCLIsPerson() async throws {
        let stores = try SQLiteBookmarkStores.inMemory()
        let persons = try SQLitePersonStore.inMemory()
        let server = try await WebServer.start(bookmarks: stores, hosted: true, persons: persons)
        defer { Task { await server.stop() } }
        let movie = try #require(try await WebServer.bundledStore(.fi).movies().value.first)
        try stores.store(for: .local).add(
            Bookmark(movieID: movie.id, title: movie.title, originalTitle: movie.title, posterURL: nil, addedAt: Date())
        )
        var browser = HostedBrowser(server)
        // Given a browser on the hosted server: not the local person
        #expect(!(try await browser.get("/bookmarks").body.contains("data-movie=\"")))
        // When it types the code `finnkino devices code` printed (the local person's)
        let code = try persons.newJoinCode(for: .local)
        _ = try await browser.post("/devices/join", "code=\(code)")
        // Then it sees the CLI's bookmarks
        #expect(try await browser.get("/bookmarks").body.contains("data-movie=\"\(movie.id)\""))
    }

    @Test func aBrowserWhoseFirstChangeIsJoiningLeavesNoPersonBehind() async throws {
        let persons = try SQLitePersonStore.inMemory()
        let server = try await WebServer.start(hosted: true, persons: persons)
        defer { Task { await server.stop() } }
        var phone = HostedBrowser(server)
        _ = try await phone.get("/devices")
        let code = try code(on: try await phone.post("/devices/code", "").body)
        #expect(try persons.count() == 2)
        // When a browser that never changed anything joins with the code
        var laptop = HostedBrowser(server)
        _ = try await laptop.get("/devices")
        let joined = try await laptop.post("/devices/join", "code=\(code)")
        // Then it holds a session of the phone's person, and no third person was left behind
        #expect(joined.cookies["session"] != nil && laptop.session != nil)
        #expect(try persons.count() == 2)
        #expect(try await laptop.get("/devices").body.matches(of: /class="device"/).count == 2)
    }

    @Test func onLoopbackThereIsOnePersonAndNoCodes() async throws {
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        let page = try await server.get("/devices")
        #expect(page.status == 200 && page.body.contains("--hosted"))
        #expect(try await server.postForm("/devices/code", "").status == 404)
        #expect(try await server.postForm("/devices/join", "code=ABCD-EFGH").status == 404)
    }
}
