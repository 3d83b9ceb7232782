import Foundation
import Testing

@testable import FinnkinoKit
@testable import FinnkinoPresentation
@testable import FinnkinoWeb

/// "Watch together" on a hosted server: a link made on the Bookmarks page, friends joining it by a
/// nickname, the movies more than one of them follows listed best first with their shows, each
/// member's constraints, and nothing of anyone shown to a stranger or beyond the shared movies.
@Suite(.timeLimit(.minutes(3))) struct TogetherPagesTests {
    @Test func threeFriendsSeeTheMoviesTheyShareBestFirst() async throws {
        let server = try await WebServer.start(hosted: true)
        defer { Task { await server.stop() } }
        let movies = try await WebServer.bundledStore(.fi).movies(.nowInTheatres, area: 1002).value
        let (all, two, one, own) = (movies[0], movies[1], movies[2], movies[3])
        // Given A, who makes a link on the Bookmarks page
        var a = HostedBrowser(server)
        #expect(try await a.get("/bookmarks").body.contains("id=\"new-together\""))
        let made = try await a.post("/together", "nickname=Anna")
        let link = try #require(made.header("Location"))
        #expect(made.status == 303 && link.hasPrefix("/together/"))
        // When B opens it: how many are in, a form to join, and no one's name
        var b = HostedBrowser(server)
        let invitation = try await b.get(link)
        #expect(invitation.status == 200 && invitation.body.contains("id=\"join-together\""))
        #expect(!invitation.body.contains("Anna"))
        #expect(try await b.get(link + "/list").status == 404)
        #expect(try await b.post(link + "/join", "nickname=Ben%3Cb%3E").status == 303)
        var c = HostedBrowser(server)
        _ = try await c.get(link)
        #expect(try await c.post(link + "/join", "nickname=Cleo").status == 303)
        // And they follow movies: `all` by the three, `two` by A and C, `one` by B alone, `own` by A alone
        for browser in [a, b, c] {
            var browser = browser
            _ = try await browser.post("/bookmarks/toggle", "movie=\(all.id)")
        }
        _ = try await a.post("/movies/wanted", "movie=\(two.id)&wanted=yes")
        _ = try await c.post("/bookmarks/toggle", "movie=\(two.id)")
        _ = try await b.post("/bookmarks/toggle", "movie=\(one.id)")
        _ = try await a.post("/bookmarks/toggle", "movie=\(own.id)")
        // Then each member sees the three nicknames (markup as text) and the shared movies, best first
        let page = try await a.get(link).body
        #expect(page.contains("Anna (you)") || page.contains("Anna (sinä)"))
        #expect(page.contains("Ben&lt;b&gt;") && !page.contains("Ben<b>") && page.contains("Cleo"))
        let list = try await c.get(link + "/list").body
        let listed = list.matches(of: /data-movie="(\d+)"/).map { Int($0.output.1)! }
        #expect(listed == [all.id, two.id])
        #expect(list.contains("3/3") && list.contains("2/3"))
        #expect(!list.contains("data-movie=\"\(one.id)\"") && !list.contains("data-movie=\"\(own.id)\""))
        #expect(list.contains("class=\"together-show\""))
        // When A wants evenings only, every show listed starts at 17:00 or later
        #expect(try await a.post(link + "/constraints", "evenings=1").status == 303)
        let evenings = try await b.get(link + "/list").body
        let times = evenings.matches(of: /class="together-show"[^>]*>[^<]* (\d\d):(\d\d)</).map {
            Int($0.output.1)! * 60 + Int($0.output.2)!
        }
        #expect(!times.isEmpty && times.allSatisfy { $0 >= 17 * 60 || $0 < 6 * 60 }, "\(times)")
        // And a stranger sees none of it
        var d = HostedBrowser(server)
        let stranger = try await d.get(link).body
        #expect(!stranger.contains("Cleo") && !stranger.contains(all.title))
        // When B leaves, they see the invitation again; when A ends the group, the link is gone
        #expect(try await b.post(link + "/leave", "").status == 303)
        #expect(try await b.get(link).body.contains("id=\"join-together\""))
        #expect(try await c.get(link + "/list").body.contains("2/2"))
        #expect(try await a.post(link + "/leave", "").status == 303)
        #expect(try await c.get(link).status == 404)
        #expect(try await c.post(link + "/join", "nickname=Cleo").status == 404)
    }

    @Test func aGroupTakesFiveAndAnAddressOfNoGroupIsRefused() async throws {
        let server = try await WebServer.start(hosted: true)
        defer { Task { await server.stop() } }
        var a = HostedBrowser(server)
        _ = try await a.get("/bookmarks")
        let link = try #require(try await a.post("/together", "nickname=A").header("Location"))
        for name in ["B", "C", "D", "E"] {
            var friend = HostedBrowser(server)
            _ = try await friend.get(link)
            #expect(try await friend.post(link + "/join", "nickname=\(name)").status == 303)
        }
        var sixth = HostedBrowser(server)
        let full = try await sixth.get(link).body
        #expect(!full.contains("id=\"join-together\""))
        let refused = try await sixth.post(link + "/join", "nickname=F")
        #expect(refused.status == 303)
        #expect(try await sixth.get(link + "/list").status == 404)
        // Addresses of no group: a code of the right form, and ones of another form
        for path in [
            "/together/AAAAAAAAAAAAAAAAAAAAAA", "/together/short", "/together/%00%00",
            "/together/" + String(repeating: "A", count: 300),
        ] {
            #expect(try await a.get(path).status == 404, "\(path)")
            #expect(try await a.post(path + "/join", "nickname=X").status == 404, "\(path)")
        }
    }
}
