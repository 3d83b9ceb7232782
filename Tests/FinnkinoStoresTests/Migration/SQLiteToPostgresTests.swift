import AppPatterns
import Foundation
import GRDB
import TestSupport
import Testing
import WebPush

@testable import FinnkinoKit
@testable import FinnkinoStores
@testable import Storage

/// `finnkino migrate --from-sqlite DIR --to postgres://…`: an install moved from one machine's
/// SQLite files to PostgreSQL keeps every person, session, bookmark, undo history and place.
@Suite(.enabled(if: TestPostgres.isAvailable), .timeLimit(.minutes(3))) struct SQLiteToPostgresTests {
    let start = Date(timeIntervalSince1970: 1_795_000_000)

    @Test func everyPersonsDataIsCopiedAndCountedAndWorksOnPostgres() throws {
        // Given a data folder with two persons (one on two devices, one code not yet used),
        // bookmarks with undo histories, and places
        let folder = try BookmarkFixtures.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let persons = try SQLitePersonStore(dataDirectory: folder)
        let (alice, aliceToken) = try persons.newPerson(device: "Firefox", now: start)
        let code = try persons.newJoinCode(for: alice, now: start)
        let (_, bobToken) = try persons.newPerson(device: "Chrome", now: start)
        _ = try persons.newJoinCode(for: alice, now: start)
        let bookmarks = try SQLiteBookmarkStores(dataDirectory: folder)
        try bookmarks.store(for: alice).add(BookmarkFixtures.bookmark(1))
        try bookmarks.store(for: alice).add(BookmarkFixtures.bookmark(2))
        try bookmarks.store(for: alice).remove(movieIDs: [1])
        try bookmarks.store(for: .local).add(BookmarkFixtures.bookmark(3))
        let places = try SQLiteSnapshotStorage(fileURL: folder.appendingPathComponent("state.sqlite"))
        try places.save(Data("alice's place".utf8), for: "place.\(alice.rawValue)")
        try places.save(Data("local place".utf8), for: "place")
        // And two of Alice's videos in the library (the rows as an export leaves them)
        _ = try SQLiteVideoLibrary(dataDirectory: folder)
        try DatabaseQueue(path: folder.appendingPathComponent(SQLiteVideoLibrary.fileName).path).write { db in
            for (index, title) in ["Eka", "Toka"].enumerated() {
                try db.execute(
                    sql: """
                        INSERT INTO video (person, title, created_at, duration, width, height, bytes, edits, file_name)
                        VALUES (?, ?, 0, 4, 480, 270, 1000, '["Rotate 90°"]', ?)
                        """, arguments: [alice.rawValue, title, "\(index).mp4"])
            }
        }
        // And a wanted movie announced, another waiting, a push subscription, and the server's secrets
        let wanted = try SQLiteWantedMovies(dataDirectory: folder)
        _ = try wanted.want(301, title: "Dyyni", by: alice, now: start)
        _ = try wanted.want(302, title: "Muumit", by: alice, now: start)
        let announcement = Announcement(
            person: alice, movieID: 301, title: "Dyyni", area: 1002, theatre: "Tennispalatsi, Helsinki",
            firstShow: start.addingTimeInterval(86_400), salesStart: nil, showCount: 4)
        #expect(try wanted.markAnnounced(announcement, at: start))
        try wanted.setDigest(
            WeeklyDigest.Settings(weekday: 5, hour: 18, push: true, feed: false), of: alice, now: start)
        let subscription = try PushSubscriptionsTests.subscription("phone")
        try SQLitePushSubscriptions(dataDirectory: folder).add(subscription, for: alice, device: 3, now: start)
        let token = try #require(try SQLiteAPITokens(dataDirectory: folder).make(named: "HA", for: alice, now: start))
        _ = try SQLiteWatchlists(dataDirectory: folder).record(
            fileName: "watchlist.csv", kept: [WatchlistEntry(title: "Kesäyön valot", year: nil, origin: .letterboxd)],
            wanted: [301], bookmarked: [], for: alice, now: start)
        // And a "watch together" group of A's that Bob joined
        let together = try SQLiteTogetherGroups(dataDirectory: folder)
        let group = try #require(try together.make(by: alice, nickname: "Alice", area: 1002, now: start))
        let bob = try #require(try persons.person(of: bobToken))
        // (a minute later: members are listed in the order they joined, and persons' IDs are random)
        _ = try together.join(group.code, person: bob, nickname: "Bob", area: 1014, now: start.addingTimeInterval(60))
        let vapid = try KeptSecret.bytes(named: "vapid-key", in: folder)
        _ = try KeptSecret.bytes(named: "server-secret", in: folder)
        // When the folder is copied into an empty database
        let pool = try TestPostgres.freshPool()
        let report = try SQLiteToPostgres.copy(from: folder, to: pool)
        // Then the counts are what the files held
        #expect(
            report
                == SQLiteToPostgres.Report(
                    rows: [
                        "person": 3, "session": 2, "join_code": 2, "bookmark": 2, "bookmark_history": 2,
                        "snapshot": 2, "video": 2, "wanted_movie": 2, "feed_generation": 0, "export_job": 0,
                        "weekly_digest": 1, "push_subscription": 1, "api_token": 1, "watchlist_import": 1,
                        "watchlist_film": 1,
                        "together_group": 1, "together_member": 2,
                    ], secrets: 2))
        // And the group works there, by its link, with both members
        let copied = try #require(try PostgresTogetherGroups(pool: pool).group(group.code, now: start))
        #expect(copied.members.map(\.nickname) == ["Alice", "Bob"] && copied.owner == alice)
        // And A's kept film and import are there
        let watchlists = try PostgresWatchlists(pool: pool)
        #expect(try watchlists.kept(of: alice).map(\.entry.title) == ["Kesäyön valot"])
        #expect(try watchlists.imports(of: alice).first?.wanted == [301])
        // And A's API token reads as A there (its hash copied byte for byte)
        #expect(try PostgresAPITokens(pool: pool).person(holding: token.secret, now: start) == alice)
        // And the wanted movies, what was announced, the subscription and the VAPID key are the same
        let movedWanted = try PostgresWantedMovies(pool: pool)
        #expect(try movedWanted.wanted(by: alice).first { $0.movieID == 301 }?.announcement == announcement)
        #expect(try movedWanted.waiting(after: nil, limit: 10).map(\.movieID) == [302])
        #expect(
            try movedWanted.digest(of: alice)?.settings
                == WeeklyDigest.Settings(weekday: 5, hour: 18, push: true, feed: false))
        #expect(
            try PostgresPushSubscriptions(pool: pool).subscriptions(of: alice)
                == [PersonPushSubscription(subscription: subscription, device: 3)])
        #expect(try PostgresSecrets(pool: pool).secret(named: "vapid") == Data(vapid))
        // And on PostgreSQL, each token still stands for its person and the code still joins
        let moved = try PostgresPersonStore(pool: pool)
        #expect(try moved.person(of: aliceToken, now: start) == alice)
        #expect(try moved.person(of: bobToken, now: start) != alice)
        #expect(try moved.join(code, device: "Safari", now: start)?.person == alice)
        #expect(try moved.devices(of: alice).count == 2)
        // And the bookmarks, their order and the undo history are the same: undo brings back 1
        let movedBookmarks = try PostgresBookmarkStores(pool: pool)
        let aliceBookmarks = try movedBookmarks.store(for: alice)
        #expect(aliceBookmarks.all().map(\.movieID) == [2])
        #expect(try aliceBookmarks.undo() == .remove(RemoveBookmarks([BookmarkFixtures.bookmark(1)])))
        #expect(aliceBookmarks.all().map(\.movieID) == [2, 1])
        #expect(try movedBookmarks.store(for: .local).all() == [BookmarkFixtures.bookmark(3)])
        // And the places read back
        let movedPlaces = try PostgresSnapshotStorage(pool: pool)
        #expect(try movedPlaces.snapshot(for: "place.\(alice.rawValue)") == Data("alice's place".utf8))
        #expect(try movedPlaces.snapshot(for: "place") == Data("local place".utf8))
        // And the videos are Alice's, with their IDs and edits, their files where they were; a new
        // video is numbered after them
        let library = try PostgresVideoLibrary(
            pool: pool, folder: folder.appendingPathComponent(SQLiteVideoLibrary.folderName, isDirectory: true))
        let videos = try library.all(of: alice)
        #expect(videos.map(\.title) == ["Toka", "Eka"] && videos.map(\.id) == [2, 1])
        #expect(videos.first?.edits == ["Rotate 90°"] && library.file(of: videos[0]).lastPathComponent == "1.mp4")
        let next = try pool.withSession { session in
            try session.query("SELECT nextval(pg_get_serial_sequence('video', 'id'))").first?.decode(Int64.self)
        }
        #expect(next == 3)
    }

    @Test func aDatabaseWithDataAlreadyIsRefusedAndNothingIsWritten() throws {
        // Given a folder with a bookmark, and a database where someone has one already
        let folder = try BookmarkFixtures.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try SQLiteBookmarkStores(dataDirectory: folder).store(for: .local).add(BookmarkFixtures.bookmark(1))
        let pool = try TestPostgres.freshPool()
        try PostgresBookmarkStores(pool: pool).store(for: PersonID(rawValue: 9)).add(BookmarkFixtures.bookmark(5))
        // When the folder is copied into it, the copy is refused
        #expect(throws: SQLiteToPostgres.Failure.self) { try SQLiteToPostgres.copy(from: folder, to: pool) }
        // And nothing of the folder's was written
        #expect(try PostgresBookmarkStores(pool: pool).store(for: .local).all().isEmpty)
    }

    @Test func aColumnPostgreSQLDoesNotHaveIsRefusedAndNothingIsWritten() throws {
        // Given a folder whose wanted movies have a column this release does not know (a later
        // release's, or a file made to smuggle SQL in through its column's name)
        let folder = try BookmarkFixtures.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try SQLiteBookmarkStores(dataDirectory: folder).store(for: .local).add(BookmarkFixtures.bookmark(1))
        _ = try SQLiteWantedMovies(dataDirectory: folder).want(301, title: "Dyyni", by: .local, now: start)
        try DatabaseQueue(path: folder.appendingPathComponent(SQLiteWantedMovies.fileName).path).write { db in
            try db.execute(sql: #"ALTER TABLE wanted_movie ADD COLUMN "x) VALUES (1); DROP TABLE person; --" TEXT"#)
        }
        // When the folder is copied, the copy is refused, naming the column
        let pool = try TestPostgres.freshPool()
        #expect {
            try SQLiteToPostgres.copy(from: folder, to: pool)
        } throws: { error in
            (error as? SQLiteToPostgres.Failure)?.description.contains("has no column of that name") == true
        }
        // And nothing of the folder's was written, and nothing was dropped
        #expect(try PostgresBookmarkStores(pool: pool).store(for: .local).all().isEmpty)
        #expect(try PostgresWantedMovies(pool: pool).wanted(by: .local).isEmpty)
        #expect(try PostgresPersonStore(pool: pool).dates(of: .local) != nil)
    }

    @Test func aFolderWithoutTheFilesOrNoFolderAtAllIsRefused() throws {
        let pool = try TestPostgres.freshPool()
        let empty = try BookmarkFixtures.scratchFolder()
        defer { try? FileManager.default.removeItem(at: empty) }
        #expect(throws: SQLiteToPostgres.Failure.self) { try SQLiteToPostgres.copy(from: empty, to: pool) }
        let missing = empty.appendingPathComponent("not-there")
        #expect(throws: SQLiteToPostgres.Failure.self) { try SQLiteToPostgres.copy(from: missing, to: pool) }
        #expect(!FileManager.default.fileExists(atPath: missing.path))
    }
}
