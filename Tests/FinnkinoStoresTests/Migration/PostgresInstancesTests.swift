import AppPatterns
import Foundation
import TestSupport
import Testing

@testable import FinnkinoKit
@testable import FinnkinoStores
@testable import Storage

/// Several server instances over one PostgreSQL database, each with stores of its own (as each
/// process has): what one changes, the others see and tell their open pages, and changes made at
/// once through two instances are all kept, in one undo history.
@Suite(.enabled(if: TestPostgres.isAvailable), .timeLimit(.minutes(3))) struct PostgresInstancesTests {
    let alice = PersonID(rawValue: 4_242)

    /// Two instances' stores over one new schema.
    func twoInstances() throws -> (PostgresBookmarkStores, PostgresBookmarkStores) {
        let pool = try TestPostgres.freshPool()
        let first = try PostgresBookmarkStores(pool: pool)
        return (first, try PostgresBookmarkStores(pool: PostgresPool(pool.location)))
    }

    @Test func aChangeThroughOneInstanceReachesThePageOpenOnTheOther() async throws {
        // Given Alice's bookmarks open on a page of instance A
        let (a, b) = try twoInstances()
        let page = try a.store(for: alice).bookmarks.values()
        var heard = page.makeAsyncIterator()
        #expect(await heard.next() == [])
        // When she bookmarks a movie through instance B
        try b.store(for: alice).add(BookmarkFixtures.bookmark(7))
        // Then A's page is sent the new list without asking (B's NOTIFY, heard by A)
        #expect(await heard.next()?.map(\.movieID) == [7])
        // And an undo through A reaches a page open on B
        let pageOnB = try b.store(for: alice).bookmarks.values()
        var heardOnB = pageOnB.makeAsyncIterator()
        #expect(await heardOnB.next()?.map(\.movieID) == [7])
        try a.store(for: alice).undo()
        #expect(await heardOnB.next() == [])
    }

    @Test(arguments: 1...10) func changesMadeAtOnceThroughTwoInstancesAreAllKeptInOneHistory(round: Int) async throws {
        // Given Alice's store on each of two instances
        let (a, b) = try twoInstances()
        let stores = [try a.store(for: alice), try b.store(for: alice)]
        // When both instances bookmark 20 movies each at the same time
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, store) in stores.enumerated() {
                group.addTask {
                    for id in 1...20 { try store.add(BookmarkFixtures.bookmark(index * 100 + id, minute: id)) }
                }
            }
            try await group.waitForAll()
        }
        // Then all 40 are there, seen alike through both
        #expect(stores[0].all().count == 40)
        #expect(stores[1].all() == stores[0].all())
        // And the one history has the 40 changes: undoing them through both at once empties the list
        #expect(stores[0].history.undoStack.count == 40)
        try await withThrowingTaskGroup(of: Int.self) { group in
            for store in stores {
                group.addTask {
                    var undone = 0
                    while try store.undo() != nil { undone += 1 }
                    return undone
                }
            }
            var undone = 0
            for try await count in group { undone += count }
            #expect(undone == 40)
        }
        #expect(stores[0].all().isEmpty && stores[1].all().isEmpty)
        #expect(stores[1].history.redoStack.count == 40)
    }

    @Test func aSecondInstanceStartingOnTheSameDatabaseFindsTheSchemaMadeAndAppliesNothing() throws {
        // Given a database the first instance migrated
        let pool = try TestPostgres.freshPool()
        let applied = try PostgresBookmarkStores.migrator.migrate(pool)
        #expect(applied == ["bookmarks v1"])
        // When another starts: nothing is applied again, and what is applied reads back
        #expect(try PostgresBookmarkStores.migrator.migrate(PostgresPool(pool.location)).isEmpty)
        #expect(try PostgresBookmarkStores.migrator.applied(in: pool) == ["bookmarks v1"])
    }
}
