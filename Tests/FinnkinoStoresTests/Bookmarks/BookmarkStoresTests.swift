import Foundation
import GRDB
import Logging
import TestSupport
import Testing

@testable import FinnkinoKit
@testable import FinnkinoStores

/// Every kind of ``BookmarkStores`` the server can run on; the tests taking one are the contract.
extension TestBackend {
    /// New, empty stores on this backend, and the folder they keep their files in (if any).
    func makeBookmarkStores() throws -> (any BookmarkStores, URL?) {
        try make(
            inMemory: { try SQLiteBookmarkStores.inMemory() }, sqlite: { try SQLiteBookmarkStores(dataDirectory: $0) },
            postgres: { try PostgresBookmarkStores(pool: $0) })
    }
}

/// Every person's bookmarks in one file: each sees, changes and undoes only their own, and a file
/// of the release before persons becomes the local person's.
@Suite(.timeLimit(.minutes(3))) struct BookmarkStoresTests {
    let alice = PersonID(rawValue: 7)
    let bob = PersonID(rawValue: 8)

    @Test func eachPersonHasTheirOwnBookmarksAndUndoHistory() throws {
        // Given two persons' stores on one file
        let folder = try BookmarkFixtures.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let stores = try SQLiteBookmarkStores(dataDirectory: folder)
        let a = try stores.store(for: alice)
        let b = try stores.store(for: bob)
        // When A bookmarks two movies and B one, the same movie as A's first
        try a.add(BookmarkFixtures.bookmark(1))
        try a.add(BookmarkFixtures.bookmark(2))
        try b.add(BookmarkFixtures.bookmark(1))
        // Then each lists only their own
        #expect(a.all().map(\.movieID) == [2, 1])
        #expect(b.all().map(\.movieID) == [1])
        // And B's undo takes back B's change only, twice nothing more
        #expect(try b.undo() != nil)
        #expect(try b.undo() == nil)
        #expect(b.all().isEmpty)
        #expect(a.all().map(\.movieID) == [2, 1])
        // And A removing movie 1 leaves B's redo of it alone
        try a.remove(movieIDs: [1])
        #expect(try b.redo() != nil)
        #expect(b.all().map(\.movieID) == [1])
        #expect(a.all().map(\.movieID) == [2])
        // And the same person's store is one object, so their open pages share one list
        #expect(try stores.store(for: alice) === a)
        // And after reopening the file each person still has their own
        let reopened = try SQLiteBookmarkStores(dataDirectory: folder)
        #expect(try reopened.store(for: alice).all().map(\.movieID) == [2])
        #expect(try reopened.store(for: bob).all().map(\.movieID) == [1])
        #expect(try reopened.store(for: PersonID(rawValue: 9)).all().isEmpty)
        #expect(try reopened.store(for: alice).canUndo)
    }

    @Test(arguments: TestBackend.all) func anErasedPersonsBookmarksAndHistoryAreGoneAndTheirOpenStoreSaysSo(
        kind: TestBackend
    ) throws {
        let (stores, folder) = try kind.makeBookmarkStores()
        defer { kind.remove(folder) }
        // Given A with two bookmarks (one undone, so there is a redo), B with one
        let a = try stores.store(for: alice)
        try a.add(BookmarkFixtures.bookmark(1))
        try a.add(BookmarkFixtures.bookmark(2))
        try a.undo()
        try stores.store(for: bob).add(BookmarkFixtures.bookmark(3))
        #expect(try stores.personsWithBookmarks(among: [alice, bob, .local]) == [alice, bob])
        // When A is erased
        try stores.erase(alice)
        // Then A's open store lists nothing and has nothing to undo or redo, and its subject says so
        #expect(a.all().isEmpty && !a.canUndo && !a.canRedo)
        #expect(a.bookmarks.value.isEmpty)
        #expect(try stores.store(for: alice).all().isEmpty)
        // And B keeps theirs
        #expect(try stores.personsWithBookmarks(among: [alice, bob]) == [bob])
        #expect(try stores.store(for: bob).all().map(\.movieID) == [3])
    }

    @Test(arguments: TestBackend.all) func whetherAPersonBookmarkedAMovieIsAskedWithoutReadingTheirStore(
        kind: TestBackend
    ) throws {
        let (stores, folder) = try kind.makeBookmarkStores()
        defer { kind.remove(folder) }
        // Given Alice's bookmarks of Finnkino's movie 1 and of the international movie 2
        let a = try stores.store(for: alice)
        try a.add(BookmarkFixtures.bookmark(1))
        var international = BookmarkFixtures.bookmark(2)
        international.source = .international
        try a.add(international)
        // Then the question is answered for her movies and sources only, and for nobody else
        #expect(try stores.isBookmarked(1, source: .finnkino, by: alice))
        #expect(try !stores.isBookmarked(1, source: .international, by: alice))
        #expect(try stores.isBookmarked(2, source: .international, by: alice))
        #expect(try !stores.isBookmarked(2, source: .finnkino, by: alice))
        #expect(try !stores.isBookmarked(1, source: .finnkino, by: bob))
        // And a removal is answered at once
        _ = try a.remove(movieIDs: [1])
        #expect(try !stores.isBookmarked(1, source: .finnkino, by: alice))
    }

    @Test(arguments: TestBackend.all) func aPersonCannotHaveMoreThanTheLimit(kind: TestBackend)
        throws
    {
        let (stores, folder) = try kind.makeBookmarkStores()
        defer { kind.remove(folder) }
        let store = try stores.store(for: alice)
        for id in 1...BookmarkLimits.perPerson { try store.add(BookmarkFixtures.bookmark(id)) }
        #expect(throws: BookmarkStoreError.full(limit: BookmarkLimits.perPerson)) {
            try store.add(BookmarkFixtures.bookmark(BookmarkLimits.perPerson + 1))
        }
        #expect(store.all().count == BookmarkLimits.perPerson)
        // And another person is not limited by A's
        #expect(try stores.store(for: bob).add(BookmarkFixtures.bookmark(1)))
    }

    @Test func atMostTheLimitOfStoresIsKeptInMemoryButNoneThatIsObserved() throws {
        // Given Alice's store with a bookmark and an open page observing it, and Bob's with one
        let stores = try SQLiteBookmarkStores.inMemory()
        let a = try stores.store(for: alice)
        try a.add(BookmarkFixtures.bookmark(1))
        let page = a.bookmarks.values()
        let b = try stores.store(for: bob)
        try b.add(BookmarkFixtures.bookmark(2))
        // When as many other persons' pages are shown as the limit
        for id in 100..<(100 + Int64(SQLiteBookmarkStores.limit)) { _ = try stores.store(for: PersonID(rawValue: id)) }
        // Then the stores in memory never exceed the limit
        #expect(stores.keptCount <= SQLiteBookmarkStores.limit)
        // And Alice's observed store is the same object, so her open page still hears changes
        #expect(try stores.store(for: alice) === a)
        // And Bob's was forgotten, and is read again with his bookmark
        let again = try stores.store(for: bob)
        #expect(again !== b)
        #expect(again.all().map(\.movieID) == [2])
        // And a change made through the forgotten store (a request still held it) reaches the new one
        try b.add(BookmarkFixtures.bookmark(3))
        #expect(again.all().map(\.movieID) == [3, 2])
        withExtendedLifetime(page) {}
    }

    @Test func beyondTheLimitTheLeastRecentlyUsedStoreIsForgottenNotEveryOne() throws {
        // Given Alice's store, then other persons' up to the limit, then Alice's used again
        let stores = try SQLiteBookmarkStores.inMemory()
        let a = try stores.sqliteStore(for: alice)
        let others = (100..<(99 + Int64(SQLiteBookmarkStores.limit))).map(PersonID.init(rawValue:))
        let made = try others.map { try stores.sqliteStore(for: $0) }
        #expect(try stores.sqliteStore(for: alice) === a)
        // When one more person's store is read
        _ = try stores.sqliteStore(for: bob)
        // Then only the least recently used (the first of the others) is forgotten: Alice's and
        // the rest stay the same objects, and the limit holds
        #expect(stores.keptCount == SQLiteBookmarkStores.limit)
        #expect(try stores.sqliteStore(for: alice) === a)
        #expect(try stores.sqliteStore(for: others[others.count - 1]) === made[others.count - 1])
        #expect(try stores.sqliteStore(for: others[1]) === made[1])
        #expect(try stores.sqliteStore(for: others[0]) !== made[0])
        #expect(stores.keptCount == SQLiteBookmarkStores.limit)
    }

    @Test func aPersonsFirstRequestsAtOnceAllGetTheOneStoreKept() async throws {
        // Given a file where Alice has 100 bookmarks (reading them takes a while) and stores on it
        // that have read nobody's yet
        let folder = try BookmarkFixtures.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let earlier = try SQLiteBookmarkStores(dataDirectory: folder).store(for: alice)
        for id in 1...100 { try earlier.add(BookmarkFixtures.bookmark(id)) }
        let stores = try SQLiteBookmarkStores(dataDirectory: folder)
        // When 32 requests of Alice ask for her store at the same moment (a page, its images...)
        let made = try await withThrowingTaskGroup(of: SQLiteBookmarkStore.self) { group in
            for _ in 0..<32 { group.addTask { try stores.sqliteStore(for: alice) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        // Then every one got the same store, the one kept, so a change through any reaches all pages
        let kept = try stores.sqliteStore(for: alice)
        #expect(made.count == 32)
        #expect(made.allSatisfy { $0 === kept })
        #expect(stores.keptCount == 1)
        #expect(kept.all().count == 100)
    }

    @Test func aStoreReadJustBeforeItsPersonWasErasedListsNothingAfterward() throws {
        // Given Alice's bookmark, and a store of hers read by a request just before she is erased
        // but not kept yet (two requests of hers racing with "Delete me")
        let folder = try BookmarkFixtures.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let stores = try SQLiteBookmarkStores(dataDirectory: folder)
        try stores.store(for: alice).add(BookmarkFixtures.bookmark(1))
        let inFlight = try SQLiteBookmarkStore(
            queue: stores.queue, person: alice, path: stores.path, unavailableReason: nil, commits: stores.commits,
            logger: Logger(label: "test"))
        #expect(inFlight.all().count == 1)
        // When she is erased
        try stores.erase(alice)
        // Then that store too lists nothing and can undo nothing
        #expect(inFlight.all().isEmpty)
        #expect(!inFlight.canUndo)
    }

    @Test func anUndoHistoryFirstAskedForAfterAnotherConnectionsChangeIsThatChanges() throws {
        // Given the server's store of Alice, read to show a page (her history not asked for), and
        // the CLI's store on the same file
        let folder = try BookmarkFixtures.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try SQLiteBookmarkStores(dataDirectory: folder).store(for: alice)
        let cli = try SQLiteBookmarkStores(dataDirectory: folder).store(for: alice)
        #expect(!server.contains(movieID: 1, source: .finnkino))
        // When the CLI adds a bookmark
        try cli.add(BookmarkFixtures.bookmark(1))
        // Then the server's store can undo it, and its undo removes it
        #expect(server.canUndo)
        #expect(server.history.nextUndo == .add(AddBookmark(BookmarkFixtures.bookmark(1))))
        #expect(try server.undo() == .add(AddBookmark(BookmarkFixtures.bookmark(1))))
        #expect(server.history.nextUndo == nil)
        #expect(server.canRedo)
        // And once read, the history follows the other connection's next change too
        try cli.redo()
        #expect(server.history.nextUndo == .add(AddBookmark(BookmarkFixtures.bookmark(1))))
        #expect(!server.canRedo)
    }

    @Test func aFileOfTheReleaseBeforePersonsBecomesTheLocalPersons() throws {
        // Given a bookmarks file as the release before persons wrote it: two bookmarks, one undo step
        let folder = try BookmarkFixtures.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(SQLiteBookmarkStore.fileName)
        var history = BookmarkHistory(limit: BookmarkLimits.undoDepth)
        let added = BookmarkCommand.add(AddBookmark(BookmarkFixtures.bookmark(5)))
        history.record(added)
        try DatabaseQueue(path: file.path).write { db in
            try db.execute(
                sql: """
                    CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
                    INSERT INTO grdb_migrations VALUES ('v1');
                    CREATE TABLE bookmark (
                        source TEXT NOT NULL, movieID INTEGER NOT NULL, title TEXT NOT NULL,
                        originalTitle TEXT NOT NULL, posterURL TEXT, addedAt REAL NOT NULL,
                        PRIMARY KEY (source, movieID));
                    CREATE INDEX bookmark_addedAt ON bookmark(addedAt);
                    CREATE TABLE commandHistory (id INTEGER PRIMARY KEY CHECK (id = 1), json BLOB NOT NULL);
                    INSERT INTO bookmark VALUES ('finnkino', 4, 'Neljä', 'Four', NULL, 100);
                    INSERT INTO bookmark VALUES ('finnkino', 5, 'Viisi', 'Five', NULL, 200);
                    """)
            try db.execute(
                sql: "INSERT INTO commandHistory VALUES (1, ?)", arguments: [try JSONEncoder().encode(history)])
        }
        // When this release opens the folder
        let stores = try SQLiteBookmarkStores(dataDirectory: folder)
        // Then the local person (the CLI's, the loopback server's) has both, and their undo step
        let local = try stores.store(for: .local)
        #expect(local.all().map(\.movieID) == [5, 4])
        #expect(local.canUndo)
        // And nobody else has anything
        #expect(try stores.store(for: alice).all().isEmpty)
        #expect(try stores.store(for: alice).canUndo == false)
        // And the CLI's way of opening the folder is the local person's too
        #expect(try SQLiteBookmarkStore(dataDirectory: folder).all().map(\.movieID) == [5, 4])
    }
}
