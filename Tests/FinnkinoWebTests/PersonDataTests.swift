import AppPatterns
import Crypto
import FinnkinoKit
import FinnkinoPresentation
import FinnkinoStores
import Foundation
import GRDB
import Logging
import Storage
import TestSupport
import Testing

@testable import FinnkinoWeb

/// A person's data as people in the EU expect: downloadable as JSON, and erasable to the last row
/// and file; persons nobody uses are swept away.
@Suite struct PersonDataTests {
    /// A hosted server on files in `data`, with the stores the test reads behind its back.
    struct Files {
        let data: URL
        let persons: PersonStore
        let bookmarks: BookmarkStores
        let state: SQLiteSnapshotStorage
        let wanted: SQLiteWantedMovies
        let push: SQLitePushSubscriptions

        init() throws {
            data = FileManager.default.temporaryDirectory.appendingPathComponent("person-data-\(UUID())")
            persons = try SQLitePersonStore(dataDirectory: data)
            bookmarks = try SQLiteBookmarkStores(dataDirectory: data)
            state = try SQLiteSnapshotStorage(fileURL: data.appendingPathComponent("state.sqlite"))
            wanted = try SQLiteWantedMovies(dataDirectory: data)
            push = try SQLitePushSubscriptions(dataDirectory: data)
        }

        func start() async throws -> WebServer {
            try await WebServer.start(
                stateStorage: state, bookmarks: bookmarks, hosted: true, persons: persons, wanted: wanted,
                pushSubscriptions: push, dataDirectory: data)
        }

        func person(of browser: HostedBrowser) throws -> PersonID {
            let cookie = try #require(browser.session)
            let token = try #require(SessionToken(text: cookie))
            return try #require(try persons.person(of: token))
        }

        /// Adds a bundled clip to `person`'s library.
        func addVideo(for person: PersonID, title: String) async throws -> LibraryVideo {
            let library = try SQLiteVideoLibrary(dataDirectory: data)
            let file = library.newVideoFile()
            let clip = try #require(
                try BundledMedia.bundled().clip(
                    EventVideo(
                        title: "Trailer", location: "bundled:///media/Event_14001/trailer.mp4",
                        thumbnailLocation: nil, subType: "EventTrailer", format: "Mp4")))
            try FileManager.default.copyItem(at: clip, to: file)
            return try await library.add(file, title: title, edits: ["Rotate 90°"], for: person)
        }

        /// How many rows of every table in every database of the folder name `person`.
        func rows(of person: PersonID) throws -> [String: Int] {
            var counts: [String: Int] = [:]
            let checks = [
                ("persons.sqlite", "SELECT COUNT(*) FROM person WHERE id = ?"),
                ("persons.sqlite", "SELECT COUNT(*) FROM session WHERE person = ?"),
                ("persons.sqlite", "SELECT COUNT(*) FROM join_code WHERE person = ?"),
                ("bookmarks.sqlite", "SELECT COUNT(*) FROM bookmark WHERE person = ?"),
                ("bookmarks.sqlite", "SELECT COUNT(*) FROM bookmark_history WHERE person = ?"),
                ("library.sqlite", "SELECT COUNT(*) FROM video WHERE person = ?"),
                ("wanted.sqlite", "SELECT COUNT(*) FROM wanted_movie WHERE person = ?"),
                ("push.sqlite", "SELECT COUNT(*) FROM push_subscription WHERE person = ?"),
            ]
            for (file, sql) in checks {
                let queue = try DatabaseQueue(path: data.appendingPathComponent(file).path)
                counts[file + ": " + sql] = try queue.read { db in
                    try Int.fetchOne(db, sql: sql, arguments: [person.rawValue])
                }
            }
            counts["state.sqlite: place"] = try state.snapshot(for: PlaceKeeper.key(of: person)) == nil ? 0 : 1
            return counts
        }
    }

    @Test func deleteMeLeavesNoRowAndNoFileOfThePerson() async throws {
        let files = try Files()
        defer { try? FileManager.default.removeItem(at: files.data) }
        let server = try await files.start()
        defer { Task { await server.stop() } }
        let movies = try await WebServer.bundledStore(.fi).movies().value
        var a = HostedBrowser(server)
        var aPhone = HostedBrowser(server)
        var b = HostedBrowser(server)
        // Given A with a bookmark, an undo history, a wanted movie, a place, a video, an editor, a second
        // device and a spare code
        _ = try await a.get("/movie/\(movies[0].id)")
        _ = try await a.post("/bookmarks/toggle", "movie=\(movies[0].id)")
        _ = try await a.post("/movies/wanted", "movie=\(movies[0].id)&wanted=yes")
        _ = try await a.post("/push/subscribe", try PushTestSubscription.form("https://fcm.googleapis.com/fcm/send/a"))
        _ = try await a.get("/news")
        _ = try await aPhone.get("/devices")
        _ = try await aPhone.post("/devices/join", "code=" + (try code(try await a.post("/devices/code", "").body)))
        _ = try await a.post("/devices/code", "")
        let alice = try files.person(of: a)
        let video = try await files.addVideo(for: alice, title: "A:n video")
        _ = try await a.post("/editor", "movie=\(movies[0].id)")
        // And B with a bookmark and a video of their own
        _ = try await b.get("/movie/\(movies[1].id)")
        _ = try await b.post("/bookmarks/toggle", "movie=\(movies[1].id)")
        let bob = try files.person(of: b)
        let bobsVideo = try await files.addVideo(for: bob, title: "B:n video")
        // (the place a page view leaves is written behind the response, within 2 s)
        try await poll(every: .milliseconds(50), upTo: .seconds(15)) {
            try files.state.snapshot(for: PlaceKeeper.key(of: alice)) != nil
        }
        let before = try files.rows(of: alice)
        #expect(before.values.allSatisfy { $0 > 0 }, "\(before)")
        // When A deletes themselves (ticking the box)
        let deleted = try await a.post("/me/delete", "confirm=yes")
        // Then the browser is sent on, forgetting its session
        #expect(deleted.status == 303 && deleted.header("Location") == "/movies")
        #expect(deleted.headers.contains { $0.value.hasPrefix("session=;") && $0.value.contains("Max-Age=0") })
        // and what its service worker kept offline
        #expect(deleted.header("Clear-Site-Data") == "\"cache\", \"storage\"")
        // And no row anywhere names A, and A's video and thumbnail files are gone
        let after = try files.rows(of: alice)
        #expect(after.values.allSatisfy { $0 == 0 }, "\(after)")
        let library = try SQLiteVideoLibrary(dataDirectory: files.data)
        let folder = try FileManager.default.contentsOfDirectory(atPath: library.folder.path)
        #expect(!folder.contains { $0.hasPrefix(String(video.fileName(in: library).dropLast(4))) })
        #expect(folder.count == 2)  // B's video and thumbnail
        // And A's other device is nobody now
        #expect(try await aPhone.get("/bookmarks").cookies["session"] != nil)
        // And B keeps everything
        #expect(try await b.get("/bookmarks").body.contains("data-movie=\"\(movies[1].id)\""))
        #expect(try library.video(id: bobsVideo.id, of: bob) != nil)
    }

    @Test func aRequestStillHoldingAnErasedPersonsPlaceSavesItNoMore() throws {
        let storage = InMemorySnapshotStorage()
        let people = PersonStates(storage: storage, localLocation: LocationService(), logger: Logger(label: "test"))
        let alice = PersonID(rawValue: 7)
        // Given a request that got Alice's place before she was erased
        let held = people.state(of: alice).place
        held.update { $0.tab = .news }
        #expect(try storage.snapshot(for: PlaceKeeper.key(of: alice)) != nil)
        // When she is erased (as PersonEraser does: forgotten, then her place removed)
        people.forget(alice)
        try storage.removeSnapshot(for: PlaceKeeper.key(of: alice))
        // And that request then moves on to another page
        held.update { $0.tab = .bookmarks }
        // Then her place does not come back
        #expect(try storage.snapshot(for: PlaceKeeper.key(of: alice)) == nil)
    }

    @Test func withoutTheBoxTickedNothingIsDeleted() async throws {
        let files = try Files()
        defer { try? FileManager.default.removeItem(at: files.data) }
        let server = try await files.start()
        defer { Task { await server.stop() } }
        let movie = try #require(try await WebServer.bundledStore(.fi).movies().value.first)
        var a = HostedBrowser(server)
        _ = try await a.get("/movie/\(movie.id)")
        _ = try await a.post("/bookmarks/toggle", "movie=\(movie.id)")
        let reply = try await a.post("/me/delete", "")
        #expect(reply.header("Location") == "/devices")
        #expect(try await a.get("/bookmarks").body.contains("data-movie=\"\(movie.id)\""))
    }

    @Test func downloadMyDataHasEverythingOfThePersonAndNothingOfOthers() async throws {
        let files = try Files()
        defer { try? FileManager.default.removeItem(at: files.data) }
        let server = try await files.start()
        defer { Task { await server.stop() } }
        let movies = try await WebServer.bundledStore(.fi).movies().value
        var a = HostedBrowser(server)
        var b = HostedBrowser(server)
        _ = try await a.get("/movie/\(movies[0].id)")
        _ = try await a.post("/bookmarks/toggle", "movie=\(movies[0].id)")
        _ = try await a.post("/movies/wanted", "movie=\(movies[2].id)&wanted=yes")
        // (the position the browser reported, and a bookmark removed: kept in the undo history)
        _ = try await a.post("/settings/location", "source=browser&near=60.1699,24.9384&back=%2Fnews")
        _ = try await a.post("/bookmarks/toggle", "movie=\(movies[4].id)")
        _ = try await a.post("/bookmarks/toggle", "movie=\(movies[4].id)")
        let bookmarksPage = try await a.get("/bookmarks").body
        _ = try await a.get("/news")
        _ = try await b.get("/movie/\(movies[1].id)")
        _ = try await b.post("/bookmarks/toggle", "movie=\(movies[1].id)")
        _ = try await b.post("/movies/wanted", "movie=\(movies[3].id)&wanted=yes")
        let video = try await files.addVideo(for: try files.person(of: a), title: "A:n video")
        // When A downloads their data
        let reply = try await a.get("/me/data")
        #expect(reply.status == 200 && reply.header("Content-Disposition")?.contains("attachment") == true)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(reply.bytes)) as? [String: Any])
        // Then it has A's bookmark, device, place and video, and nothing of B's
        #expect(json["format"] as? String == "finnkino-person-data/1")
        let bookmarks = try #require(json["bookmarks"] as? [[String: Any]])
        #expect(bookmarks.map { $0["movieID"] as? Int } == [movies[0].id])
        #expect((json["devices"] as? [Any])?.count == 1)
        #expect((json["place"] as? [String: Any])?["tab"] as? String == "news")
        let videos = try #require(json["videos"] as? [[String: Any]])
        #expect(videos.map { $0["title"] as? String } == ["A:n video"])
        #expect(videos.first?["download"] as? String == "/library/\(video.id)/video.mp4?download=1")
        let wanted = try #require(json["wanted"] as? [[String: Any]])
        #expect(wanted.map { $0["movieID"] as? Int } == [movies[2].id])
        #expect(wanted.first?["title"] as? String == movies[2].title)
        #expect(!reply.body.contains("\(movies[1].id),") && !reply.body.contains("B:n"))
        // And the exact position A's browser reported
        let location = try #require(json["location"] as? [String: Any])
        #expect(location["latitude"] as? Double == 60.1699 && location["longitude"] as? Double == 24.9384)
        #expect(location["source"] as? String == "browser")
        // And the undo history, with the bookmark A removed
        let history = try #require(json["bookmarkHistory"] as? [String: Any])
        let undo = try #require(history["undo"] as? [[String: Any]])
        let removed = try #require(undo.last)
        #expect(removed["change"] as? String == "remove")
        #expect((removed["bookmarks"] as? [[String: Any]])?.map { $0["movieID"] as? Int } == [movies[4].id])
        #expect((history["redo"] as? [Any])?.isEmpty == true)
        // And the addresses of A's private feeds, as the Bookmarks page gives them
        let feeds = try #require(json["feeds"] as? [String: String])
        let calendar = try #require(feeds["calendar"])
        let atom = try #require(feeds["atom"])
        #expect(calendar.hasPrefix("/feeds/") && calendar.hasSuffix("/calendar.ics"))
        #expect(bookmarksPage.contains(calendar) && bookmarksPage.contains(atom))
        // And A has no editor or export on this server: both listed, empty
        #expect((json["editors"] as? [Any])?.isEmpty == true)
        #expect((json["exportJobs"] as? [Any])?.isEmpty == true)
        // And the session token is nowhere in it
        let session = try #require(a.session)
        #expect(!reply.body.contains(session))
    }

    @Test func theDocumentListsOpenEditorsAndExportJobsWithTheirTextsButNoServerPath() async throws {
        let files = try Files()
        defer { try? FileManager.default.removeItem(at: files.data) }
        let (person, _) = try files.persons.newPerson(device: "", now: WebServer.morning)
        let (other, _) = try files.persons.newPerson(device: "", now: WebServer.morning)
        let uploads = files.data.appendingPathComponent("uploads")
        let upload = uploads.appendingPathComponent("4F1C-sent.mp4")
        let source = VideoSource(
            path: upload.path, title: "Kesäloma", duration: 10, size: FrameSize(width: 640, height: 360),
            hasAudio: true)
        let jobs = SQLiteExportJobs()
        let library = try SQLiteVideoLibrary(dataDirectory: files.data)
        let sessions = EditorSessions(library: library, jobs: jobs, uploads: uploads, logger: Logger(label: "test"))
        // Given an editor open on a file the person sent, and an export with a text over the video
        _ = try sessions.open(
            source, upload: upload, uploadName: "kesä.mp4", uploadBytes: 1000, for: person, client: "203.0.113.5")
        _ = try sessions.open(source, for: other)
        var composition = Composition(source: source)
        composition.texts = [
            TextOverlay(
                text: "Hyvää lomaa", position: .bottom, size: 32, colour: "#FFFFFF", time: TimeRange(start: 0, end: 2))
        ]
        _ = try jobs.enqueue(composition, edits: ["Text"], for: person, now: WebServer.morning)
        _ = try jobs.enqueue(Composition(source: source), edits: [], for: other, now: WebServer.morning)
        // When the person's data is written
        let registry = Self.registry(
            persons: files.persons, bookmarks: files.bookmarks, library: library, wanted: files.wanted,
            push: files.push, editors: sessions, state: files.state)
        let document = try PersonDataDocument(of: person, registry: registry, now: WebServer.morning)
        let text = String(decoding: try document.json(), as: UTF8.self)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        // Then it lists the editor and the export with the file's name and the texts
        let editors = try #require(json["editors"] as? [[String: Any]])
        #expect(editors.count == 1)
        let editing = try #require(editors.first?["video"] as? [String: Any])
        #expect(editing["file"] as? String == "kesä.mp4" && editing["source"] as? String == "Kesäloma")
        let exports = try #require(json["exportJobs"] as? [[String: Any]])
        #expect(exports.count == 1)
        #expect(exports.first?["state"] as? String == "queued")
        #expect((exports.first?["video"] as? [String: Any])?["texts"] as? [String] == ["Hyvää lomaa"])
        // And never the server's folder
        #expect((exports.first?["video"] as? [String: Any])?.keys.contains("file") == false)
        #expect(!text.contains(uploads.path) && !text.contains("4F1C-sent"))
    }

    @Test func theSweepRemovesPersonsNobodyUsesAndKeepsTheOthers() async throws {
        let files = try Files()
        defer { try? FileManager.default.removeItem(at: files.data) }
        let start = Date(timeIntervalSince1970: 1_795_000_000)
        let (idle, _) = try files.persons.newPerson(device: "", now: start)
        let (keeper, _) = try files.persons.newPerson(device: "", now: start)
        let (recent, _) = try files.persons.newPerson(device: "", now: start.addingTimeInterval(20 * 86_400))
        let (forgotten, _) = try files.persons.newPerson(device: "", now: start)
        let (waiting, _) = try files.persons.newPerson(device: "", now: start)
        try files.bookmarks.store(for: keeper).add(Self.bookmark(1))
        _ = try files.wanted.want(301, title: "Dyyni", by: waiting, now: start)
        try files.bookmarks.store(for: forgotten).add(Self.bookmark(2))
        try files.bookmarks.store(for: .local).add(Self.bookmark(3))
        let library = try SQLiteVideoLibrary(dataDirectory: files.data)
        let eraser = PersonEraser(
            registry: Self.registry(
                persons: files.persons, bookmarks: files.bookmarks, library: library, wanted: files.wanted,
                state: files.state),
            logger: Logger(label: "test"))
        // When 31 days have passed: the idle person without data goes; the others stay
        #expect(try await eraser.sweep(now: start.addingTimeInterval(31 * 86_400)) == 1)
        #expect(try files.persons.dates(of: idle) == nil)
        for person in [keeper, recent, forgotten, waiting, .local] {
            #expect(try files.persons.dates(of: person) != nil)
        }
        // When nobody has come for longer than a session lasts: everyone but the local person goes, data and all
        let later = start.addingTimeInterval(SessionToken.lifetime + 40 * 86_400)
        #expect(try await eraser.sweep(now: later) == 4)
        #expect(try files.bookmarks.personsWithBookmarks(among: [keeper, forgotten]).isEmpty)
        #expect(try files.wanted.wanted(by: waiting).isEmpty)
        #expect(try files.bookmarks.store(for: .local).all().count == 1)
        #expect(try files.persons.count() == 1)
    }

    @Test func theSweepPagesPastManyPersonsWithDataAndKeepsThoseWhoCameBack() async throws {
        let persons = try SQLitePersonStore.inMemory()
        let bookmarks = try SQLiteBookmarkStores.inMemory()
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("sweep-\(UUID())")
        defer { try? FileManager.default.removeItem(at: data) }
        let library = try SQLiteVideoLibrary(dataDirectory: data)
        let state = InMemorySnapshotStorage()
        let start = Date(timeIntervalSince1970: 1_795_000_000)
        // Given 1,100 idle persons with a bookmark (more than a page), then one idle person without
        for _ in 0..<1100 {
            let (person, _) = try persons.newPerson(device: "", now: start)
            try bookmarks.store(for: person).add(Self.bookmark(1))
        }
        let (idle, _) = try persons.newPerson(device: "", now: start)
        // And one without data who comes back on day 31, before the sweep
        let (returning, token) = try persons.newPerson(device: "", now: start)
        _ = try persons.person(of: token, now: start.addingTimeInterval(31 * 86_400 - 60))
        let eraser = PersonEraser(
            registry: Self.registry(persons: persons, bookmarks: bookmarks, library: library, state: state),
            logger: Logger(label: "test"))
        // When the sweep runs on day 31
        #expect(try await eraser.sweep(now: start.addingTimeInterval(31 * 86_400)) == 1)
        // Then the idle person past the first page is gone, and the one who came back stays
        #expect(try persons.dates(of: idle) == nil)
        #expect(try persons.dates(of: returning) != nil)
        #expect(try persons.count() == 1 + 1100 + 1)
    }

    @Test func nothingIsErasedWhileAStoreCannotBeOpened() async throws {
        let persons = try SQLitePersonStore.inMemory()
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("sweep-\(UUID())")
        defer { try? FileManager.default.removeItem(at: data) }
        let library = try SQLiteVideoLibrary(dataDirectory: data)
        let state = InMemorySnapshotStorage()
        let (person, token) = try persons.newPerson()
        let eraser = PersonEraser(
            registry: Self.registry(
                persons: persons,
                bookmarks: try SQLiteBookmarkStores.unavailable(path: "/x/bookmarks.sqlite", reason: "damaged"),
                library: library, state: state),
            logger: Logger(label: "test"))
        await #expect(throws: PersonEraser.Unavailable.self) { try await eraser.erase(person) }
        await #expect(throws: PersonEraser.Unavailable.self) {
            try await eraser.sweep(now: Date().addingTimeInterval(1e9))
        }
        #expect(try persons.person(of: token) == person)
    }

    /// The registry of a server over these stores (its editors on `library`, with no export jobs
    /// unless `editors` are given).
    static func registry(
        persons: any PersonStore, bookmarks: any BookmarkStores, library: any VideoLibrary,
        wanted: any WantedMovies = SQLiteWantedMovies(), push: any PushSubscriptions = SQLitePushSubscriptions(),
        apiTokens: any APITokens = SQLiteAPITokens(), watchlists: any Watchlists = SQLiteWatchlists(),
        together: any TogetherGroups = SQLiteTogetherGroups(), editors: EditorSessions? = nil,
        state: any SnapshotStorage
    ) -> PersonalDataRegistry {
        let logger = Logger(label: "test")
        return PersonalDataRegistry(
            persons: persons, bookmarks: bookmarks, library: library, wanted: wanted, pushSubscriptions: push,
            apiTokens: apiTokens, watchlists: watchlists, together: together,
            editors: editors
                ?? EditorSessions(
                    library: library, jobs: SQLiteExportJobs(),
                    uploads: library.folder.deletingLastPathComponent().appendingPathComponent("uploads"),
                    logger: logger),
            people: PersonStates(storage: state, localLocation: LocationService(), logger: logger), places: state,
            feedKey: SymmetricKey(size: .bits256))
    }

    static func bookmark(_ id: Int) -> Bookmark {
        Bookmark(movieID: id, title: "Movie \(id)", originalTitle: "Movie \(id)", posterURL: nil, addedAt: Date())
    }

    private func code(_ page: String) throws -> String {
        String(try #require(page.firstMatch(of: /id="join-code"[^>]*>([A-Z0-9]{4}-[A-Z0-9]{4})</)).1)
    }
}

extension LibraryVideo {
    /// The video's file name (`<uuid>.mp4`), as the library keeps it.
    fileprivate func fileName(in library: VideoLibrary) -> String { library.file(of: self).lastPathComponent }
}
