import FinnkinoKit
import Foundation
import HTTPTypes
import Hummingbird
import TestSupport
import Testing

@testable import FinnkinoWeb

/// The trailer player, editor and library over HTTP: byte ranges for the player, an editing
/// session through its forms, an export followed to the library, and refusals.
@Suite(.timeLimit(.minutes(2))) struct TrailerRouteTests {
    private static func firstMovie() async throws -> Event {
        try #require(try await WebServer.bundledStore(.fi).movies().value.first)
    }

    @Test func theClipIsServedInByteRanges() async throws {
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        let movie = try await Self.firstMovie()
        // The movie page links the app's own trailer page, which plays the clip
        #expect(try await server.get("/movie/\(movie.id)").body.contains("href=\"/trailer/\(movie.id)\""))
        #expect(try await server.get("/trailer/\(movie.id)").body.contains("src=\"/trailer/\(movie.id)/clip.mp4\""))
        let whole = try await server.get("/trailer/\(movie.id)/clip.mp4")
        #expect(whole.status == 200 && whole.header("Accept-Ranges") == "bytes" && whole.bytes.count > 10_000)
        let part = try await server.get("/trailer/\(movie.id)/clip.mp4", headers: ["Range": "bytes=100-199"])
        #expect(part.status == 206 && part.header("Content-Range") == "bytes 100-199/\(whole.bytes.count)")
        #expect(part.bytes == Array(whole.bytes[100...199]))
        let beyond = try await server.get("/trailer/\(movie.id)/clip.mp4", headers: ["Range": "bytes=99999999-"])
        #expect(beyond.status == 416 && beyond.header("Content-Range") == "bytes */\(whole.bytes.count)")
        #expect(try await server.get("/trailer/999999").status == 404)
    }

    @Test(arguments: [
        ("bytes=0-9", 0...9), ("bytes=990-", 990...999), ("bytes=-10", 990...999), ("bytes=5-5000", 5...999),
    ])
    func byteRangesWithinTheFile(header: String, expected: ClosedRange<Int>) {
        #expect(VideoFile.byteRange(header, size: 1000) == expected)
    }

    @Test(arguments: ["bytes=1000-", "bytes=9-3", "bytes=0-1,5-9", "items=0-9", "bytes=-0", "bytes=a-b"])
    func rangesThatAreNotOneRangeInsideTheFile(header: String) {
        #expect(VideoFile.byteRange(header, size: 1000) == nil)
    }

    @Test(arguments: ["bytes=-1", "bytes=0-", "bytes=0-0", "bytes=-5"])
    func anEmptyFileHasNoRange(header: String) {
        // (found by the range fuzz target: a suffix range of an empty file trapped, which would
        // have ended the server process)
        #expect(VideoFile.byteRange(header, size: 0) == nil)
    }

    @Test func editExportAndFindTheVideoInTheLibrary() async throws {
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        let movie = try await Self.firstMovie()
        // When the person presses Edit on the trailer page
        let opened = try await server.postForm("/editor", "movie=\(movie.id)")
        let editor = try #require(opened.header("Location"))
        #expect(opened.status == 303 && editor.hasPrefix("/editor/"))
        // And applies the five edits through the menu's forms
        for form in [
            "edit=trim&start=0.5&end=3,5", "edit=rotate&degrees=90", "edit=crop&x=0&y=100&width=270&height=270",
            "edit=text&text=Ensi-ilta&position=top&size=24&colour=%23ffdd00&from=0&to=2",
            "edit=music&tune=aamu&mode=replace&volume=50",
        ] {
            let reply = try await server.postForm(editor + "/edit", form)
            #expect(reply.status == 303 && reply.cookies["flash"] == nil, "\(form): \(reply.cookies)")
        }
        var page = try await server.get(editor).body
        #expect(page.contains("Kesto 3 s · Kuva 270x270"))
        // And the edits are listed in the page's language
        let music = "<li>Musiikki aamu (korvaa äänen, 50 %)</li>"
        #expect(page.contains("<li>Rajaa aika 0,5–3,5 s</li>") && page.contains("<li>Käännä 90°</li>"))
        #expect(
            page.contains("<li>Rajaa kuva 270x270 kohdassa 0, 100</li>") && page.contains("<li>Teksti “Ensi-ilta”</li>")
        )
        #expect(page.contains(music) && page.contains("data-action=\"undo\""))
        let english = try await server.get(editor, headers: ["Cookie": "lang=en"]).body
        #expect(
            english.contains("<li>Trim 0.5–3.5 s</li>")
                && english.contains("<li>Music aamu (replacing the sound, 50%)</li>"))
        #expect(
            try await server.get(editor, headers: ["Cookie": "lang=sv"]).body.contains("<li>Klipp tiden 0,5–3,5 s</li>")
        )
        // When one is undone and redone, the list is the same again, and each step is said in words
        let undone = try await server.postForm(editor + "/edit", "edit=undo")
        #expect(undone.cookies["flash"]?.removingPercentEncoding == "Kumottu: Musiikki aamu (korvaa äänen, 50 %)")
        #expect(try await !server.get(editor).body.contains("Musiikki aamu"))
        let redone = try await server.postForm(editor + "/edit", "edit=redo")
        #expect(
            redone.cookies["flash"]?.removingPercentEncoding == "Tehty uudelleen: Musiikki aamu (korvaa äänen, 50 %)")
        #expect(try await server.get(editor).body.contains(music))
        // When a bad edit is sent, Then it is refused in words and nothing changes
        let bad = try await server.postForm(editor + "/edit", "edit=crop&x=0&y=0&width=300&height=300")
        #expect(bad.cookies["flash"]?.removingPercentEncoding?.contains("inside the 270x480 frame") == true)
        #expect(try await server.get(editor).body.contains("Kesto 3 s · Kuva 270x270"))
        // When the person exports, Then the state goes from running to done with the library's ID
        let started = try await server.postForm(editor + "/export", "")
        #expect(started.status == 303)
        // (the page follows the export's job, at the address it names)
        let exporting = try await server.get(editor).body
        let status = try #require(exporting.firstMatch(of: /data-status="(\/exports\/[0-9]+)"/)?.1)
        var state = ""
        try await poll(every: .milliseconds(100), upTo: .seconds(20)) {
            state = try await server.get(String(status)).body
            return !state.contains("\"running\"")
        }
        #expect(state.contains("\"state\":\"done\"") && state.contains("\"video\":\"1\""), "\(state)")
        #expect(try await server.get("/exports/999").status == 404)
        page = try await server.get(editor).body
        #expect(page.contains("href=\"/library#video-1\""))
        // And the library lists it, plays it, offers it for download and deletes it
        let library = try await server.get("/library").body
        #expect(library.contains("id=\"video-1\"") && library.contains(movie.title))
        #expect(library.contains("Rajaa aika 0,5–3,5 s · Käännä 90°"))
        let video = try await server.get("/library/1/video.mp4?download=1")
        #expect(video.status == 200 && video.header("Content-Disposition")?.hasSuffix("-1.mp4\"") == true)
        #expect(try await server.get("/library/1/thumbnail.jpg").header("Content-Type") == "image/jpeg")
        let deleted = try await server.postForm("/library/1/delete", "")
        #expect(deleted.status == 303 && deleted.header("Location") == "/library")
        #expect(try await server.get("/library/1/video.mp4").status == 404)
    }

    @Test func aRunningExportShowsItsProgressBar() throws {
        let source = VideoSource(
            path: "/x.mp4", title: "Klippi", duration: 4, size: FrameSize(width: 480, height: 270), hasAudio: true)
        let session = EditorSessions.Session(
            id: "abc", person: .local, menu: EditMenu(source: source), upload: nil, lastUsed: .now, lastEdited: .now,
            exportJob: 5)
        let request = Request(
            head: HTTPRequest(method: .get, scheme: "http", authority: "localhost", path: "/editor/abc"),
            body: RequestBody(buffer: ByteBuffer()))
        let client = ClientState(
            request: request, person: .local, session: nil, savedLanguage: nil, homeArea: nil, defaultLanguage: .fi,
            secret: .random())
        let html = EditorView.page(
            session, export: .running(0.427), tunes: [], layout: PageLayout(client: client, path: "/editor/abc")
        ).markup
        #expect(html.contains("<progress id=\"export-progress\" max=\"100\" value=\"42\"></progress>"))
        #expect(html.contains("id=\"cancel-export\"") && !html.contains("id=\"start-export\""))
        // And the page follows the job, which any instance answers for
        #expect(html.contains("data-status=\"/exports/5\""))
    }

    @Test func unknownSessionsAndBadUploadsAreRefused() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("trailer-web-\(UUID())")
        defer { try? FileManager.default.removeItem(at: data) }
        let server = try await WebServer.start(dataDirectory: data)
        defer { Task { await server.stop() } }
        #expect(try await server.get("/editor/nosuch").status == 404)
        #expect(try await server.postForm("/editor/nosuch/edit", "edit=undo").status == 404)
        #expect(try await server.postForm("/editor", "movie=999999").status == 404)
        // A file sent without the page's token is refused
        let anonymous = try await server.client.request("PUT", "/editor/upload?name=a.mp4", body: "hello")
        #expect(anonymous.status == 403)
        // A file that is not a video is refused in words, and not kept
        let token = String(repeating: "f", count: 64)
        let text = try await server.client.request(
            "PUT", "/editor/upload?name=notes.mp4",
            headers: ["Cookie": "csrf=\(token)", "X-CSRF-Token": server.formToken(token)],
            body: "hello")
        #expect(text.status == 200 && text.body.contains("\"error\"") && !text.body.contains("location"))
        let kept = (try? FileManager.default.contentsOfDirectory(atPath: data.appendingPathComponent("uploads").path))
        #expect(kept ?? [] == [])
    }
}
