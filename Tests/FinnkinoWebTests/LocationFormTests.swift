import AppPatterns
import FinnkinoKit
import Foundation
import Testing

@testable import FinnkinoWeb

/// Where the user is, from the location form: areas by distance, the nearest one offered.
@Suite struct LocationFormTests {
    func post(_ server: WebServer, _ fields: String, token: String = String(repeating: "a", count: 64)) async throws
        -> LoopbackClient.Reply
    {
        try await server.client.request(
            "POST", "/settings/location",
            headers: ["Content-Type": "application/x-www-form-urlencoded", "Cookie": "csrf=\(token)"],
            body: "csrf=\(server.formToken(token))&back=%2Fmovies%3Farea%3D1002&" + fields)
    }

    @Test func aCityPutsTheNearestAreasFirstWithDistances() async throws {
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        // Given a page without a location: areas in the feed's order, no distances
        let before = try await server.get("/movies?area=1002").body
        #expect(!before.contains("class=\"nearest\""))
        // When the user says they are in Tampere
        let reply = try await post(server, "source=typed&near=tampere")
        #expect(reply.status == 303 && reply.header("Location") == "/movies?area=1002")
        // Then the picker lists a Tampere theatre first (after "all of Finland"), with distances, and offers it
        let page = try await server.get("/movies?area=1002").body
        let options = page.components(separatedBy: "<option value=\"").dropFirst(2)
        #expect(options.first?.contains("Tampere") == true, "\(options.first ?? "")")
        #expect(page.contains(" km</option>"))
        #expect(page.contains("<p class=\"nearest\"><a id=\"nearest-area\" href=\"/movies?area="))
        // When the user forgets the location, the distances go
        _ = try await post(server, "forget=1")
        #expect(!(try await server.get("/movies?area=1002").body.contains(" km</option>")))
    }

    @Test func anUnknownPlaceIsSaidInWordsOnTheNextPage() async throws {
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        // When the user types a place nobody knows
        let reply = try await post(server, "source=typed&near=%3Cb%3EAtlantis")
        // Then the page they go back to says so (escaped), once
        let flash = try #require(reply.cookies["flash"])
        let page = try await server.get("/movies?area=1002", headers: ["Cookie": "flash=\(flash)"])
        #expect(page.body.contains("&lt;b&gt;Atlantis"))
        #expect(page.body.contains("class=\"flash\""))
        #expect(page.cookies["flash"] == "")
    }

    @Test func withoutTheTokenNothingChanges() async throws {
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        let reply = try await server.client.request(
            "POST", "/settings/location", headers: ["Content-Type": "application/x-www-form-urlencoded"],
            body: "near=tampere")
        #expect(reply.status == 403)
        #expect(!(try await server.get("/movies?area=1002").body.contains(" km</option>")))
    }
}
