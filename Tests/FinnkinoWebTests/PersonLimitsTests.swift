import AppPatterns
import FinnkinoKit
import FinnkinoPresentation
import FinnkinoStores
import Foundation
import GRDB
import Logging
import NIOConcurrencyHelpers
import Testing

@testable import FinnkinoWeb

/// What one person may have and do, each limit with the message that says so: bookmarks, editor
/// sessions, one export at a time, the library's size, and changes a minute.
@Suite(.timeLimit(.minutes(3))) struct PersonLimitsTests {
    let alice = PersonID(rawValue: 7)
    let bob = PersonID(rawValue: 8)

    func sessions(_ data: URL) throws -> EditorSessions {
        EditorSessions(
            library: try SQLiteVideoLibrary(dataDirectory: data), jobs: SQLiteExportJobs(),
            uploads: data.appendingPathComponent("uploads"),
            perPerson: EditorSessions.hostedLimitPerPerson, logger: Logger(label: "test"))
    }

    func clip() throws -> VideoSource {
        let video = EventVideo(
            title: "Trailer", location: "bundled:///media/Event_14001/trailer.mp4", thumbnailLocation: nil,
            subType: "EventTrailer", format: "Mp4")
        let file = try #require(try BundledMedia.bundled().clip(video))
        return VideoSource(
            path: file.path, title: "Klippi", duration: 4, size: FrameSize(width: 480, height: 270), hasAudio: true)
    }

    @Test func aPersonHasAtMostTheirLimitOfBookmarksAndIsToldSo() async throws {
        let stores = try SQLiteBookmarkStores.inMemory()
        let store = try stores.store(for: alice)
        for id in 1...BookmarkLimits.perPerson {
            try store.add(
                Bookmark(movieID: id, title: "\(id)", originalTitle: "\(id)", posterURL: nil, addedAt: Date()))
        }
        // When one more is added, it is refused and nothing changes
        #expect(throws: BookmarkStoreError.full(limit: BookmarkLimits.perPerson)) {
            try store.add(Bookmark(movieID: 9999, title: "x", originalTitle: "x", posterURL: nil, addedAt: Date()))
        }
        #expect(store.all().count == BookmarkLimits.perPerson)
        // And another person is not affected
        #expect(
            try stores.store(for: bob).add(
                Bookmark(movieID: 1, title: "1", originalTitle: "1", posterURL: nil, addedAt: Date())))
        // And the page's message says why
        #expect(UILanguage.en.strings.bookmarkChangeFailed(BookmarkStoreError.full(limit: 500)).contains("500"))
    }

    @Test func aPersonsOwnOldestEditorGoesNotSomeoneElses() throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("limits-\(UUID())")
        defer { try? FileManager.default.removeItem(at: data) }
        let sessions = try sessions(data)
        let source = try clip()
        let bobs = try sessions.open(source, for: bob)
        // When A opens one editor more than a person may have
        let alices = try (0...EditorSessions.hostedLimitPerPerson).map { _ in try sessions.open(source, for: alice) }
        // Then A's oldest is closed, A's others stay, and B's stays
        #expect(sessions.session(alices[0], of: alice) == nil)
        #expect(alices.dropFirst().allSatisfy { sessions.session($0, of: alice) != nil })
        #expect(sessions.session(bobs, of: bob) != nil)
    }

    @Test func aFullServerRefusesANewEditorRatherThanCloseSomeoneElsesInUse() throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("limits-\(UUID())")
        defer { try? FileManager.default.removeItem(at: data) }
        let clock = NIOLockedValueBox(Date(timeIntervalSinceReferenceDate: 0))
        let sessions = EditorSessions(
            library: try SQLiteVideoLibrary(dataDirectory: data), jobs: SQLiteExportJobs(),
            uploads: data.appendingPathComponent("uploads"),
            perPerson: EditorSessions.hostedLimitPerPerson, now: { clock.withLockedValue { $0 } },
            logger: Logger(label: "test"))
        let source = try clip()
        // Given a server full of editors, each its own person's, Bob's the oldest
        let bobs = try sessions.open(source, for: bob)
        clock.withLockedValue { $0 += 60 }
        let others = try (1..<EditorSessions.limit).map { index in
            try sessions.open(source, for: PersonID(rawValue: 100 + Int64(index)))
        }
        // When Alice opens one more while all were used within the idle lifetime
        #expect(throws: EditorSessions.ServerFull.self) { try sessions.open(source, for: alice) }
        // Then nobody's editor was closed for it (Bob's, the oldest, included)
        #expect(sessions.session(bobs, of: bob) != nil)
        #expect(others.enumerated().allSatisfy { sessions.session($1, of: PersonID(rawValue: 101 + Int64($0))) != nil })
        // When Bob's stays unused longer than the idle lifetime (the others edited meanwhile: an
        // editor only looked at is closed sooner, `EditorLimitsTests`)
        for _ in 1...4 {
            clock.withLockedValue { $0 += (EditorSessions.idleLifetime + 1) / 4 }
            for (index, id) in others.enumerated() {
                _ = try sessions.edit(id, of: PersonID(rawValue: 101 + Int64(index))) { (menu) throws(EditError) in
                    try menu.rotate(.quarter)
                }
            }
        }
        let alices = try sessions.open(source, for: alice)
        // Then Alice's opens in the room of Bob's idle one, and the others stay
        #expect(sessions.session(alices, of: alice) != nil)
        #expect(sessions.session(bobs, of: bob) == nil)
        #expect(others.enumerated().allSatisfy { sessions.session($1, of: PersonID(rawValue: 101 + Int64($0))) != nil })
    }

    @Test func aPersonExportsOneVideoAtATime() throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("limits-\(UUID())")
        defer { try? FileManager.default.removeItem(at: data) }
        let sessions = try sessions(data)
        let source = try clip()
        let first = try sessions.open(source, for: alice)
        let second = try sessions.open(source, for: alice)
        let bobs = try sessions.open(source, for: bob)
        // When A's first export is running, A's second is refused; B's starts
        try sessions.startExport(first, of: alice)
        #expect(throws: EditorSessions.ExportRefusal.busy) { try sessions.startExport(second, of: alice) }
        try sessions.startExport(bobs, of: bob)
        for id in [first, bobs] { sessions.cancelExport(id, of: id == first ? alice : bob) }
    }

    @Test func aFullLibraryTakesNoMoreExports() throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("limits-\(UUID())")
        defer { try? FileManager.default.removeItem(at: data) }
        let sessions = try sessions(data)
        // Given A's library with as many videos as it holds
        try DatabaseQueue(path: data.appendingPathComponent(SQLiteVideoLibrary.fileName).path).write { db in
            for index in 0..<VideoLibraryLimits.perPerson {
                try db.execute(
                    sql: """
                        INSERT INTO video (person, title, created_at, duration, width, height, bytes, edits, file_name)
                        VALUES (?, 'v', 0, 4, 480, 270, 1, '[]', ?)
                        """, arguments: [alice.rawValue, "\(index).mp4"])
            }
        }
        // Then A's export is refused, and B's is not
        let source = try clip()
        let alices = try sessions.open(source, for: alice)
        #expect(throws: EditorSessions.ExportRefusal.libraryFull) { try sessions.startExport(alices, of: alice) }
        let bobs = try sessions.open(source, for: bob)
        try sessions.startExport(bobs, of: bob)
        sessions.cancelExport(bobs, of: bob)
    }

    @Test func changesBeyondTheRateAreRefusedWithRetryAfter() async throws {
        let server = try await WebServer.start(hosted: true, postsPerMinute: 3)
        defer { Task { await server.stop() } }
        var a = HostedBrowser(server)
        var b = HostedBrowser(server)
        _ = try await a.get("/news")
        _ = try await b.get("/news")
        // When A sends three changes, they are answered; the fourth is refused
        for _ in 0..<3 { #expect(try await a.post("/action", "action=refresh&back=%2Fnews").status == 303) }
        let refused = try await a.post("/action", "action=refresh&back=%2Fnews")
        #expect(refused.status == 429 && refused.header("Retry-After") == "60")
        #expect(refused.body == UILanguage.fi.strings.tooManyRequests)
        // And pages still open for A, and B's changes are answered
        #expect(try await a.get("/news").status == 200)
        #expect(try await b.post("/action", "action=refresh&back=%2Fnews").status == 303)
    }
}
