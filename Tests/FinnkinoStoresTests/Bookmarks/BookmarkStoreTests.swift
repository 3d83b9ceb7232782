import AppPatterns
import Foundation
import GRDB
import TestSupport
import Testing

@testable import FinnkinoKit
@testable import FinnkinoStores

@Suite(.timeLimit(.minutes(3))) struct BookmarkStoreTests {
    func bookmark(_ id: Int, minute: Int? = nil) -> Bookmark { BookmarkFixtures.bookmark(id, minute: minute) }

    /// A store on `folder` with the bookmarks of `movieIDs` added, in that order.
    func store(in folder: URL, adding movieIDs: [Int]) throws -> BookmarkStore {
        let store = try SQLiteBookmarkStore(dataDirectory: folder)
        for id in movieIDs { try store.add(bookmark(id)) }
        return store
    }

    @Test func bookmarksSurviveReopeningNewestFirstWithTheirExactDates() throws {
        // Given three bookmarks added to a file
        let folder = try BookmarkFixtures.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let added = [bookmark(1), bookmark(3), bookmark(2)]
        do {
            let store = try SQLiteBookmarkStore(dataDirectory: folder)
            for bookmark in added { #expect(try store.add(bookmark)) }
        }
        // When the file is opened again
        let reopened = try SQLiteBookmarkStore(dataDirectory: folder)
        // Then the same bookmarks are there, newest first, every field as it was
        #expect(reopened.all() == added.sorted { $0.addedAt > $1.addedAt })
        #expect(reopened.all().map(\.movieID) == [3, 2, 1])
        #expect(reopened.contains(movieID: 2))
        #expect(!reopened.contains(movieID: 4))
        #expect(reopened.path.hasSuffix("/bookmarks.sqlite"))
    }

    @Test func undoAndRedoWorkAcrossReopening() throws {
        // Given two bookmarks added and then both removed in one change
        let folder = try BookmarkFixtures.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let store = try store(in: folder, adding: [1, 2])
            let removed = try store.remove(movieIDs: [1, 2])
            #expect(removed.map(\.movieID) == [2, 1])
            #expect(store.all().isEmpty)
        }
        // When another run undoes the last change
        do {
            let store = try SQLiteBookmarkStore(dataDirectory: folder)
            let undone = try store.undo()
            // Then both come back with their dates and order
            #expect(undone == .remove(RemoveBookmarks([bookmark(2), bookmark(1)])))
            #expect(store.all() == [bookmark(2), bookmark(1)])
        }
        // When a third run undoes once more, then redoes
        let store = try SQLiteBookmarkStore(dataDirectory: folder)
        #expect(try store.undo() == .add(AddBookmark(bookmark(2))))
        #expect(store.all() == [bookmark(1)])
        #expect(store.canRedo)
        #expect(try store.redo() == .add(AddBookmark(bookmark(2))))
        // Then the second bookmark is back and one more redo would remove both again
        #expect(store.all() == [bookmark(2), bookmark(1)])
        #expect(store.history.nextRedo == .remove(RemoveBookmarks([bookmark(2), bookmark(1)])))
    }

    @Test(arguments: TestBackend.all) func severalLevelsOfUndoThenRedoRestoreEveryState(
        kind: TestBackend
    ) throws {
        // Given five changes, with the list after each
        let (stores, folder) = try kind.makeBookmarkStores()
        defer { kind.remove(folder) }
        let store = try stores.store(for: .local)
        var states: [[Bookmark]] = [store.all()]
        for id in 1...4 {
            try store.add(bookmark(id))
            states.append(store.all())
        }
        try store.remove(movieIDs: [2, 4])
        states.append(store.all())
        // When every change is undone
        var undone: [[Bookmark]] = []
        while try store.undo() != nil { undone.append(store.all()) }
        // Then each undo gives back the state before, down to the empty list
        #expect(undone == Array(states.dropLast().reversed()))
        #expect(!store.canUndo)
        #expect(try store.undo() == nil)
        // When every change is redone
        var redone: [[Bookmark]] = []
        while try store.redo() != nil { redone.append(store.all()) }
        // Then each redo gives back the state after
        #expect(redone == Array(states.dropFirst()))
        #expect(!store.canRedo)
    }

    @Test(arguments: TestBackend.all) func aNewChangeClearsRedo(kind: TestBackend) throws {
        let (stores, folder) = try kind.makeBookmarkStores()
        defer { kind.remove(folder) }
        let store = try stores.store(for: .local)
        try store.add(bookmark(1))
        try store.undo()
        #expect(store.canRedo)
        try store.add(bookmark(2))
        #expect(!store.canRedo)
        #expect(try store.redo() == nil)
        #expect(store.all() == [bookmark(2)])
    }

    @Test(arguments: TestBackend.all) func addingAnExistingOrRemovingAMissingBookmarkRecordsNothing(
        kind: TestBackend
    ) throws {
        // Given one bookmark
        let (stores, folder) = try kind.makeBookmarkStores()
        defer { kind.remove(folder) }
        let store = try stores.store(for: .local)
        try store.add(bookmark(1))
        let history = store.history
        // When it is added again (at another time) and a missing one is removed
        let addedAgain = try store.add(bookmark(1, minute: 99))
        let removed = try store.remove(movieIDs: [7, 8])
        // Then nothing changed and the history is as before
        #expect(!addedAgain)
        #expect(removed.isEmpty)
        #expect(store.history == history)
        #expect(store.all() == [bookmark(1)])
    }

    @Test(arguments: TestBackend.all) func removingKnownAndUnknownIDsRemovesTheKnownOnesAsOneChange(
        kind: TestBackend
    ) throws {
        let (stores, folder) = try kind.makeBookmarkStores()
        defer { kind.remove(folder) }
        let store = try stores.store(for: .local)
        for id in 1...3 { try store.add(bookmark(id)) }
        let removed = try store.remove(movieIDs: [3, 42, 1])
        #expect(removed == [bookmark(3), bookmark(1)])
        #expect(store.all() == [bookmark(2)])
        #expect(try store.undo() == .remove(RemoveBookmarks([bookmark(3), bookmark(1)])))
        #expect(store.all() == [bookmark(3), bookmark(2), bookmark(1)])
    }

    @Test(arguments: TestBackend.all) func undoGoesBackFiftyChangesAtMost(kind: TestBackend) throws {
        // Given more changes than the undo depth
        let (stores, folder) = try kind.makeBookmarkStores()
        defer { kind.remove(folder) }
        let store = try stores.store(for: .local)
        let count = BookmarkLimits.undoDepth + 5
        for id in 1...count { try store.add(bookmark(id)) }
        // When everything possible is undone
        var undos = 0
        while try store.undo() != nil { undos += 1 }
        // Then exactly the newest 50 were undone and the oldest 5 remain
        #expect(undos == BookmarkLimits.undoDepth)
        #expect(store.all().map(\.movieID) == [5, 4, 3, 2, 1])
    }

    @Test func observersSeeEveryChangeAndChangesOfAnotherConnection() async throws {
        // Given two stores on one file (as the server and a CLI run) and an observer of the first
        let folder = try BookmarkFixtures.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try SQLiteBookmarkStore(dataDirectory: folder)
        let cli = try SQLiteBookmarkStore(dataDirectory: folder)
        var observed = server.bookmarks.values().makeAsyncIterator()
        #expect(await observed.next() == [])
        // When the server adds one
        try server.add(bookmark(1))
        #expect(await observed.next() == [bookmark(1)])
        // When the other connection adds one and undoes the server's
        try cli.add(bookmark(2))
        try cli.remove(movieIDs: [1])
        // Then the server sees the result on its next read, and its observer gets it
        #expect(server.all() == [bookmark(2)])
        #expect(await observed.next() == [bookmark(2)])
        // And the server's undo undoes the other connection's last change
        #expect(try server.undo() == .remove(RemoveBookmarks([bookmark(1)])))
        #expect(await observed.next() == [bookmark(2), bookmark(1)])
        #expect(cli.all() == [bookmark(2), bookmark(1)])
    }

    @Test func readsAndNoOpsSendNothing() async throws {
        // Given an observer of a store with one bookmark
        let store = try SQLiteBookmarkStore.inMemory()
        try store.add(bookmark(1))
        var observed = store.bookmarks.values().makeAsyncIterator()
        // When the store is read, refreshed, and asked for a change that changes nothing, then a real change
        store.refresh()
        _ = store.all()
        try store.add(bookmark(1))
        try store.remove(movieIDs: [9])
        try store.remove(movieIDs: [1])
        // Then the observer got the value at subscription, then only the real change
        #expect(await observed.next() == [bookmark(1)])
        #expect(await observed.next() == [])
    }

    @Test func manyConcurrentChangesThroughTwoConnectionsStayConsistent() async throws {
        // Given two stores on one file
        let folder = try BookmarkFixtures.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let stores = [try SQLiteBookmarkStore(dataDirectory: folder), try SQLiteBookmarkStore(dataDirectory: folder)]
        // When 80 tasks add a bookmark each and 20 of them then remove theirs, all at once
        try await withThrowingTaskGroup(of: Void.self) { group in
            for id in 1...80 {
                group.addTask {
                    let store = stores[id % 2]
                    try store.add(BookmarkFixtures.bookmark(id))
                    if id % 4 == 0 { try store.remove(movieIDs: [id]) }
                }
            }
            try await group.waitForAll()
        }
        // Then both see the same final list: every bookmark whose ID is not a multiple of 4
        let expected = (1...80).filter { $0 % 4 != 0 }.reversed().map { bookmark($0) }
        #expect(stores[0].all() == expected)
        #expect(stores[1].all() == expected)
        // And the history holds the newest 50 of the 100 changes, consistent with the list:
        // undoing all of them leaves exactly the bookmarks whose changes were dropped
        let history = stores[0].history
        #expect(history.undoStack.count == BookmarkLimits.undoDepth)
        var list = Set(expected)
        for command in history.undoStack.reversed() {
            switch command {
            case .add(let add): #expect(list.remove(add.bookmark) != nil)
            case .remove(let remove): for bookmark in remove.bookmarks { #expect(list.insert(bookmark).inserted) }
            }
        }
        while try stores[1].undo() != nil {}
        #expect(Set(stores[0].all()) == list)
        try stores[0].verifyIntegrity()
    }

    @Test func aCorruptFileIsAClearErrorAndIsLeftAlone() throws {
        // Given a bookmarks file that is not a database
        let folder = try BookmarkFixtures.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(SQLiteBookmarkStore.fileName)
        let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: file)
        // When it is opened
        // Then the error names the file and says it cannot be read, and the file is untouched
        let error = try #require(throws: BookmarkStoreError.self) { try SQLiteBookmarkStore(url: file) }
        guard case .unreadable(let path, let reason) = error else {
            Issue.record("expected unreadable, got \(error)")
            return
        }
        #expect(path == file.path)
        #expect(!reason.isEmpty)
        #expect(error.description.contains(file.path))
        #expect(try Data(contentsOf: file) == garbage)
    }

    @Test func aRowOfAnUnknownSourceIsLeftOutAndTheOthersAreListed() throws {
        // Given two bookmarks, and a row another version wrote with a source this one does not know
        let folder = try BookmarkFixtures.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try store(in: folder, adding: [1, 2])
        let file = folder.appendingPathComponent(SQLiteBookmarkStore.fileName)
        try DatabaseQueue(path: file.path).write { db in
            try db.execute(sql: "INSERT INTO bookmark VALUES (1, 'letterboxd', 9, 'Future', 'Future', NULL, 1e9)")
        }
        // When the file is opened, then the two known bookmarks are listed and the odd row is
        // left out, not an error
        let reopened = try SQLiteBookmarkStore(dataDirectory: folder)
        #expect(reopened.all().map(\.movieID) == [2, 1])
        // And changes still work, and leave the odd row in the file
        #expect(try reopened.add(bookmark(3)))
        #expect(reopened.all().map(\.movieID) == [3, 2, 1])
        let rows = try DatabaseQueue(path: file.path).read { db in
            try String.fetchAll(db, sql: "SELECT source FROM bookmark WHERE movie_id = 9")
        }
        #expect(rows == ["letterboxd"])
    }

    @Test func anUnavailableStoreListsNothingAndRefusesChanges() throws {
        let store = try SQLiteBookmarkStore.unavailable(
            path: "/data/bookmarks.sqlite", reason: "file is not a database")
        #expect(store.all().isEmpty)
        #expect(store.unavailableReason == "file is not a database")
        let error = try #require(throws: BookmarkStoreError.self) { try store.add(bookmark(1)) }
        #expect(error == .unreadable(path: "/data/bookmarks.sqlite", reason: "file is not a database"))
        #expect(store.all().isEmpty)
        #expect(throws: BookmarkStoreError.self) { try store.undo() }
    }

    @Test func aFolderThatCannotBeCreatedIsAClearError() throws {
        // Given a path below a regular file
        let folder = try BookmarkFixtures.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let blocker = folder.appendingPathComponent("file")
        try Data("x".utf8).write(to: blocker)
        // When a store is opened there, it fails with an error naming the path
        let error = try #require(throws: BookmarkStoreError.self) {
            try SQLiteBookmarkStore(dataDirectory: blocker.appendingPathComponent("data"))
        }
        #expect(error.description.contains(blocker.path))
    }
}
