import AppPatterns
import FinnkinoKit
import Foundation
import TestSupport
import Testing

@testable import FinnkinoWeb

/// A person with one of everything a person can have, on each backend: "Download my data" lists
/// each thing, and "Delete me" leaves no row of theirs in any table of any database, and no file
/// of theirs in the data folder. (In the media pass: sending a video and exporting one run
/// ffprobe and ffmpeg.)
@Suite(.timeLimit(.minutes(3))) struct OneOfEverythingTests {
    @Test(arguments: TestBackend.onDisk) func everythingIsDownloadedThenErasedToTheLastRowAndFile(
        kind: TestBackend
    ) async throws {
        let data = try ServerData(kind)
        defer { data.remove() }
        let server = try await WebServer.start(on: data, makeStore: InternationalPagesTests.chartsStore)
        defer { Task { await server.stop() } }
        let movies = try await WebServer.bundledStore(.fi).movies().value
        // Given B, with a bookmark and a video of their own
        var b = HostedBrowser(server)
        _ = try await b.get("/movie/\(movies[1].id)")
        _ = try await b.post("/bookmarks/toggle", "movie=\(movies[1].id)")
        let bob = try person(of: b, in: data)
        let bobsVideo = try await addVideo(for: bob, title: "B:n video", in: data)
        let bobsFiles = data.files()
        // And A, with bookmarks of both kinds and one removed (the undo history)
        var a = HostedBrowser(server)
        var aPhone = HostedBrowser(server)
        _ = try await a.get("/movie/\(movies[0].id)")
        _ = try await a.post("/bookmarks/toggle", "movie=\(movies[0].id)")
        let international = try #require(
            try await a.get("/international").body.components(separatedBy: "href=\"/international/movie/")
                .dropFirst().first.map { String($0.prefix { $0 != "\"" }) })
        _ = try await a.get("/international/movie/\(international)")
        _ = try await a.post("/bookmarks/toggle", "movie=international:\(international)")
        _ = try await a.post("/bookmarks/toggle", "movie=\(movies[4].id)")
        _ = try await a.post("/bookmarks/toggle", "movie=\(movies[4].id)")
        // a hidden movie, a wanted one, their own theatres, their position and a place
        _ = try await a.post("/movies/interest", "movie=\(movies[5].id)&interested=no&back=%2Fmovies")
        _ = try await a.post("/movies/wanted", "movie=\(movies[2].id)&wanted=yes")
        _ = try await a.post("/settings/theatres", "theatre=1039&theatre=1034&back=%2Fshowtimes")
        _ = try await a.post("/settings/location", "source=browser&near=60.1699,24.9384&back=%2Fnews")
        // feed addresses made anew (a feed generation) and a browser taking pushes
        _ = try await a.post("/feeds/renew", "back=%2Fbookmarks")
        // a weekly digest on
        #expect(
            try await a.post("/feeds/digest", "on=1&weekday=5&hour=18&push=1&feed=1&back=%2Fbookmarks").status == 303)
        _ = try await a.post("/push/subscribe", try PushTestSubscription.form("https://fcm.googleapis.com/fcm/send/a"))
        // a second device, and a code not used yet
        _ = try await aPhone.get("/devices")
        let code = try #require(
            try await a.post("/devices/code", "").body.firstMatch(of: /id="join-code"[^>]*>([A-Z0-9]{4}-[A-Z0-9]{4})</))
        _ = try await aPhone.post("/devices/join", "code=\(code.1)")
        _ = try await a.post("/devices/code", "")
        // a watchlist imported, with a film kept until it comes
        let watchlist = "Date,Name,Year,Letterboxd URI\n2026-01-01,A Film Still Nowhere,2026,https://boxd.it/a\n"
        _ = try await a.get("/bookmarks/watchlist")
        #expect(
            try await a.upload("/bookmarks/watchlist/import", fileName: "watchlist.csv", bytes: Array(watchlist.utf8))
                .status == 200)
        // a "watch together" group A made, and B's, which A joined
        let ours = try #require(try await a.post("/together", "nickname=Anna").header("Location"))
        let bobs = try #require(try await b.post("/together", "nickname=Bob").header("Location"))
        #expect(try await a.post(bobs + "/join", "nickname=Anna").status == 303)
        // a personal API token, used once
        let made = try await a.post("/devices/tokens", "name=Home%20Assistant")
        let secret = try #require(made.body.firstMatch(of: /id="new-api-token"[^>]*>(fk_[A-Za-z0-9_-]{43})</))
        #expect(
            try await server.get("/api/v1/me/wanted", headers: ["Authorization": "Bearer \(secret.1)"]).status == 200)
        // a video in the library with its thumbnail, a file sent to an editor, and a trailer's export
        let alice = try person(of: a, in: data)
        _ = try await addVideo(for: alice, title: "A:n video", in: data)
        _ = try await a.get("/library")
        let clip = try [UInt8](Data(contentsOf: try bundledClip()))
        let sent = try await a.put("/editor/upload?name=kes%C3%A4.mp4", bytes: clip)
        #expect(sent.body.contains("\"location\""), "\(sent.body)")
        let editor = try #require(try await a.post("/editor", "movie=\(movies[0].id)").header("Location"))
        #expect(try await a.post(editor + "/export", "").status == 303)
        _ = try await a.get("/news")
        // (the place a page view leaves is written behind the response)
        try await poll(upTo: .seconds(15)) { try data.places.snapshot(for: PlaceKeeper.key(of: alice)) != nil }

        // When A downloads their data
        let reply = try await a.get("/me/data")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(reply.bytes)) as? [String: Any])
        // Then it lists each thing
        let bookmarks = try #require(json["bookmarks"] as? [[String: Any]])
        #expect(Set(bookmarks.compactMap { $0["source"] as? String }) == ["finnkino", "international"])
        let history = try #require(json["bookmarkHistory"] as? [String: Any])
        #expect((history["undo"] as? [[String: Any]])?.last?["change"] as? String == "remove")
        let place = try #require(json["place"] as? [String: Any])
        #expect(place["notInterested"] as? [Int] == [movies[5].id])
        #expect(Set(place["myTheatres"] as? [Int] ?? []) == [1039, 1034])
        #expect((json["location"] as? [String: Any])?["latitude"] as? Double == 60.1699)
        #expect((json["devices"] as? [Any])?.count == 2)
        #expect((json["pushSubscriptions"] as? [Any])?.count == 1)
        // (a token is listed by its name and dates: the server has no secret to give)
        let tokens = try #require(json["apiTokens"] as? [[String: Any]])
        #expect(tokens.map { $0["name"] as? String } == ["Home Assistant"] && tokens[0]["lastUsedAt"] != nil)
        #expect(!String(decoding: reply.bytes, as: UTF8.self).contains(String(secret.1)))
        #expect((json["watchlistImports"] as? [[String: Any]])?.first?["fileName"] as? String == "watchlist.csv")
        #expect(
            ((json["keptFilms"] as? [[String: Any]])?.first?["entry"] as? [String: Any])?["title"] as? String
                == "A Film Still Nowhere")
        #expect((json["wanted"] as? [[String: Any]])?.map { $0["movieID"] as? Int } == [movies[2].id])
        let groups = try #require(json["togetherGroups"] as? [[String: Any]])
        #expect(Set(groups.compactMap { $0["link"] as? String }) == [ours, bobs])
        #expect(groups.allSatisfy { $0["nickname"] as? String == "Anna" })
        #expect(!String(decoding: reply.bytes, as: UTF8.self).contains("\"Bob\""))
        #expect(try data.stores.wanted.feedGeneration(of: alice) == 1)
        let digest = try #require(json["weeklyDigest"] as? [String: Any])
        #expect(digest["weekday"] as? Int == 5 && digest["hour"] as? Int == 18 && digest["feed"] as? Bool == true)
        let calendar = try #require((json["feeds"] as? [String: String])?["calendar"])
        #expect(try await a.get("/bookmarks").body.contains(calendar))
        #expect(((json["videos"] as? [[String: Any]]) ?? []).contains { $0["title"] as? String == "A:n video" })
        let editors = try #require(json["editors"] as? [[String: Any]])
        #expect(editors.count == 2)
        #expect(editors.contains { ($0["video"] as? [String: Any])?["file"] as? String == "kesä.mp4" })
        #expect((json["exportJobs"] as? [Any])?.count == 1)
        // And every table that names a person has a row of A's: one of everything indeed
        let before = try data.rows(of: alice)
        #expect(before.count >= 14 && before.values.allSatisfy { $0 > 0 }, "\(before)")
        #expect(data.files().count > bobsFiles.count)

        // When A deletes themselves
        let deleted = try await a.post("/me/delete", "confirm=yes")
        #expect(deleted.status == 303)
        // Then no row of any table names A, and no file of A's is left in the data folder (an export
        // that was running stops and keeps nothing)
        let after = try data.rows(of: alice)
        #expect(after.keys == before.keys && after.values.allSatisfy { $0 == 0 }, "\(after)")
        await poll(upTo: .seconds(30)) { data.files() == bobsFiles }
        #expect(data.files() == bobsFiles)
        #expect(try data.rows(of: alice).values.allSatisfy { $0 == 0 })
        // and A's token no longer opens anything
        #expect(
            try await server.get("/api/v1/me/wanted", headers: ["Authorization": "Bearer \(secret.1)"]).status == 401)
        // And B keeps everything
        #expect(try await b.get("/bookmarks").body.contains("data-movie=\"\(movies[1].id)\""))
        #expect(try data.stores.library.video(id: bobsVideo.id, of: bob) != nil)
        // (their group without A in it, and A's own group gone)
        let bobsGroup = try await b.get(bobs).body
        #expect(bobsGroup.contains("Bob") && !bobsGroup.contains("Anna"))
        #expect(try await b.get(ours).status == 404)
    }

    private func person(of browser: HostedBrowser, in data: ServerData) throws -> PersonID {
        let cookie = try #require(browser.session)
        let token = try #require(SessionToken(text: cookie))
        return try #require(try data.stores.persons.person(of: token))
    }

    private func bundledClip() throws -> URL {
        try #require(
            try BundledMedia.bundled().clip(
                EventVideo(
                    title: "Trailer", location: "bundled:///media/Event_14001/trailer.mp4", thumbnailLocation: nil,
                    subType: "EventTrailer", format: "Mp4")))
    }

    /// Adds the bundled clip to `person`'s library, as an export leaves a video there.
    private func addVideo(for person: PersonID, title: String, in data: ServerData) async throws -> LibraryVideo {
        let file = data.stores.library.newVideoFile()
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: try bundledClip(), to: file)
        return try await data.stores.library.add(file, title: title, edits: ["Rotate 90°"], for: person)
    }
}
