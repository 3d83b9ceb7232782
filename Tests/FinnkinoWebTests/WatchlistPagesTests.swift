import Foundation
import Testing

@testable import FinnkinoKit
@testable import FinnkinoPresentation
@testable import FinnkinoWeb

/// The watchlist import on a hosted server: a file sent by a form without a script, its films on
/// the programme made the person's and no one else's, a refused file changing nothing, a file too
/// large refused as it streams, the import undone as one step.
@Suite(.timeLimit(.minutes(3))) struct WatchlistPagesTests {
    /// Letterboxd's watchlist.csv of two bundled movies (one on now, one coming), a film on no
    /// programme, and a title with markup in it.
    static func letterboxd() async throws -> (csv: String, now: Event, coming: Event) {
        let store = try WebServer.bundledStore(.fi)
        let now = try await store.movies(.nowInTheatres).value
        let onNow = try #require(now.first { $0.productionYear != nil })
        let showing = Set(now.map(\.id))
        let coming = try #require(
            try await store.movies(.comingSoon).value.first { $0.productionYear != nil && !showing.contains($0.id) })
        let csv = [
            "Date,Name,Year,Letterboxd URI",
            "2026-01-01,\"\(onNow.originalTitle)\",\(onNow.productionYear!),https://boxd.it/a",
            "2026-01-02,\"\(coming.originalTitle)\",\(coming.productionYear!),https://boxd.it/b",
            "2026-01-03,<b>Nowhere</b>,2026,https://boxd.it/c",
        ].joined(separator: "\r\n")
        return (csv, onNow, coming)
    }

    @Test func aPersonsWatchlistBecomesTheirsAndNoOneElses() async throws {
        let server = try await WebServer.start(hosted: true)
        defer { Task { await server.stop() } }
        let (csv, onNow, coming) = try await Self.letterboxd()
        // Given A on the import page (reached from the Bookmarks page)
        var a = HostedBrowser(server)
        #expect(try await a.get("/bookmarks").body.contains("href=\"/bookmarks/watchlist\""))
        let form = try await a.get("/bookmarks/watchlist").body
        #expect(form.contains("enctype=\"multipart/form-data\"") && form.contains("type=\"file\""))
        // When A sends their watchlist.csv
        let reply = try await a.upload("/bookmarks/watchlist/import", fileName: "watchlist.csv", bytes: Array(csv.utf8))
        // Then the page says what it did, the markup in a title shown as text
        #expect(reply.status == 200, "\(reply.body.prefix(300))")
        #expect(
            reply.body.contains("href=\"/movie/\(onNow.id)\"") && reply.body.contains("href=\"/movie/\(coming.id)\""))
        #expect(reply.body.contains("&lt;b&gt;Nowhere&lt;/b&gt;") && !reply.body.contains("<b>Nowhere"))
        // And A has the one on now bookmarked and waits for the one coming
        #expect(try await a.get("/bookmarks").body.contains("data-movie=\"\(onNow.id)\""))
        let data = try await a.get("/me/data").body
        #expect(data.contains("\"movieID\":\(coming.id)") || data.contains("\"movieID\" : \(coming.id)"))
        #expect(data.contains("watchlistImports") && data.contains("Nowhere"))
        // And B, another browser, has none of it
        var b = HostedBrowser(server)
        _ = try await b.get("/bookmarks/watchlist")
        let theirs = try await b.get("/bookmarks").body
        #expect(!theirs.contains("data-movie=\"\(onNow.id)\""))
        #expect(!(try await b.get("/bookmarks/watchlist").body.contains("Nowhere")))
        // When A undoes the import, it is all taken back
        #expect(try await a.post("/bookmarks/watchlist/undo", "").status == 303)
        #expect(!(try await a.get("/bookmarks").body.contains("data-movie=\"\(onNow.id)\"")))
        #expect(!(try await a.get("/bookmarks/watchlist").body.contains("Nowhere")))
        // And B cannot undo anything of A's (they have no import)
        #expect(try await b.post("/bookmarks/watchlist/undo", "").status == 404)
    }

    @Test func anImportNeedsTheBrowsersToken() async throws {
        let server = try await WebServer.start(hosted: true)
        defer { Task { await server.stop() } }
        var a = HostedBrowser(server)
        _ = try await a.get("/bookmarks/watchlist")
        let file = Array("Dune (2021)".utf8)
        #expect(
            try await a.upload("/bookmarks/watchlist/import", fileName: "x.txt", bytes: file, token: "").status == 403)
        #expect(
            try await a.upload(
                "/bookmarks/watchlist/import", fileName: "x.txt", bytes: file,
                token: server.formToken(String(repeating: "d", count: 64))
            ).status == 403)
        #expect(a.session == nil)
    }

    /// (One server, a browser of its own for each file.)
    @Test func aFileThatIsNoWatchlistChangesNothingAndSaysWhy() async throws {
        let server = try await WebServer.start(hosted: true)
        defer { Task { await server.stop() } }
        let files: [(name: String, bytes: [UInt8])] = [
            ("watched.csv", Array("Date,Name,Year,Letterboxd URI\n2024-03-01,A Film,2023,https://boxd.it/x\n".utf8)),
            ("films.txt", [0x44, 0x75, 0x6E, 0xFF, 0x65]), ("bank.csv", Array("Account,Amount,Date\n1,2,3\n".utf8)),
            ("formulas.txt", Array("=HYPERLINK(\"http://evil.example\",\"x\")\n@SUM(A1)\n".utf8)),
        ]
        for (name, bytes) in files {
            var a = HostedBrowser(server)
            _ = try await a.get("/bookmarks/watchlist")
            let reply = try await a.upload("/bookmarks/watchlist/import", fileName: name, bytes: bytes)
            #expect(reply.status == 422, "\(name): \(reply.status)")
            #expect(reply.body.contains(UILanguage.fi.watchlist.nothingChanged), "\(name)")
            // Nobody was made of the browser, and no import recorded
            #expect(a.session == nil, "\(name)")
        }
    }

    @Test func aFileTooLargeIsRefusedWhileItStreams() async throws {
        let server = try await WebServer.start(hosted: true)
        defer { Task { await server.stop() } }
        var a = HostedBrowser(server)
        _ = try await a.get("/bookmarks/watchlist")
        let token = try #require(a.csrf)
        let cookies = a.cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
        // A request that says 50 MB follows, of which only the first part past the limit is sent
        let reply = try await LoopbackClient.offPool { [port = server.port] in
            let connection = try LoopbackClient.Connection(port: port)
            defer { connection.close() }
            try connection.write(
                "POST /bookmarks/watchlist/import?csrf=\(token) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                    + "Content-Type: multipart/form-data; boundary=x\r\nContent-Length: 52428800\r\n"
                    + "Cookie: \(cookies)\r\nConnection: close\r\n\r\n")
            try connection.write(
                [UInt8](repeating: 0x41, count: WatchlistFile.maxBytes + WatchlistController.formOverhead + 1))
            // The answer comes without the other 45 MB
            var raw = Data()
            while let chunk = try connection.readFor(milliseconds: 30_000) {
                raw.append(chunk)
                if raw.range(of: Data("</html>".utf8)) != nil { break }
            }
            return String(decoding: raw, as: UTF8.self)
        }
        #expect(reply.hasPrefix("HTTP/1.1 413"), "\(reply.prefix(200))")
        #expect(reply.contains(UILanguage.fi.watchlist.nothingChanged))
    }
}
