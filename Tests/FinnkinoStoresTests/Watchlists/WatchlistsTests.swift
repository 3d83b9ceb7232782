import AppPatterns
import Foundation
import TestSupport
import Testing

@testable import FinnkinoKit
@testable import FinnkinoStores

/// Every kind of ``Watchlists`` the server can run on; the tests taking one are the contract.
extension TestBackend {
    /// New, empty watchlists on this backend.
    func makeWatchlists() throws -> any Watchlists {
        try make(sqlite: { try SQLiteWatchlists(dataDirectory: $0) }, postgres: { try PostgresWatchlists(pool: $0) })
            .store
    }
}

/// A person's watchlist imports: each recorded with what it added and the films it kept; the last
/// forgotten as one step; kept films bounded, never twice, removed once they come; each person's own.
@Suite(.timeLimit(.minutes(3))) struct WatchlistsTests {
    let alice = PersonID(rawValue: 7)
    let bob = PersonID(rawValue: 8)
    let start = Date(timeIntervalSince1970: 1_795_000_000)

    static func film(_ title: String, _ year: Int? = 2026, imdb: String? = nil) -> WatchlistEntry {
        WatchlistEntry(title: title, year: year, imdbID: imdb, origin: .letterboxd)
    }

    @Test(arguments: TestBackend.onDisk) func anImportIsRecordedAndForgottenAsOneStep(kind: TestBackend) throws {
        let store = try kind.makeWatchlists()
        // Given an import that wanted two movies, bookmarked one and kept two films
        let first = try store.record(
            fileName: "watchlist.csv",
            kept: [Self.film("Kesäyön valot", nil), Self.film("Harbour", imdb: "tt98765401")],
            wanted: [305_001, 305_002], bookmarked: [305_010], for: alice, now: start)
        #expect(first.kept == 2 && first.wanted == [305_001, 305_002] && first.bookmarked == [305_010])
        // And a second one, which keeps a third film and one the first kept already (not twice)
        let second = try store.record(
            fileName: "list.txt", kept: [Self.film("Kesäyön valot", nil), Self.film("Snow")], wanted: [],
            bookmarked: [], for: alice, now: start.addingTimeInterval(60))
        #expect(second.kept == 1)
        #expect(try store.kept(of: alice).map(\.entry.title) == ["Kesäyön valot", "Harbour", "Snow"])
        #expect(try store.kept(of: alice)[1].entry.imdbID == "tt98765401")
        #expect(try store.imports(of: alice).map(\.fileName) == ["list.txt", "watchlist.csv"])
        // Then B has none of it, and cannot forget A's import
        #expect(try store.kept(of: bob).isEmpty && store.imports(of: bob).isEmpty)
        #expect(try store.forget(import: second.id, of: bob) == nil)
        // When A forgets the last import, its kept film goes, the first's stay
        let forgotten = try #require(try store.forget(import: second.id, of: alice))
        #expect(forgotten.fileName == "list.txt")
        #expect(try store.kept(of: alice).map(\.entry.title) == ["Kesäyön valot", "Harbour"])
        // And forgetting the first gives back what it added
        #expect(try store.forget(import: first.id, of: alice)?.wanted == [305_001, 305_002])
        #expect(try store.kept(of: alice).isEmpty && store.imports(of: alice).isEmpty)
    }

    @Test(arguments: TestBackend.onDisk) func keptFilmsAreBoundedAndRemovedWhenTheyCome(kind: TestBackend) throws {
        let store = try kind.makeWatchlists()
        let many = (0..<WatchlistLimits.keptPerPerson).map { Self.film("Film \($0)") }
        _ = try store.record(fileName: "a.csv", kept: many, wanted: [], bookmarked: [], for: alice, now: start)
        _ = try store.record(
            fileName: "b.csv", kept: [Self.film("Newest")], wanted: [], bookmarked: [], for: alice, now: start)
        // The oldest goes to make room for the newest
        let kept = try store.kept(of: alice)
        #expect(kept.count == WatchlistLimits.keptPerPerson)
        #expect(kept.first?.entry.title == "Film 1" && kept.last?.entry.title == "Newest")
        // Films that came on are removed, the person's own only
        try store.remove(kept: [kept[0].id, kept[1].id], of: bob)
        #expect(try store.kept(of: alice).count == WatchlistLimits.keptPerPerson)
        try store.remove(kept: [kept[0].id, kept[1].id], of: alice)
        #expect(try store.kept(of: alice).first?.entry.title == "Film 3")
    }

    @Test(arguments: TestBackend.onDisk) func personsKeepingAreListedInPagesAndEraseIsWhole(kind: TestBackend) throws {
        let store = try kind.makeWatchlists()
        for raw in [3, 9, 5] as [Int64] {
            _ = try store.record(
                fileName: "w.csv", kept: [Self.film("F")], wanted: [], bookmarked: [], for: PersonID(rawValue: raw),
                now: start)
        }
        _ = try store.record(fileName: "none.csv", kept: [], wanted: [1], bookmarked: [], for: bob, now: start)
        #expect(try store.personsKeeping(after: nil, limit: 2).map(\.rawValue) == [3, 5])
        #expect(try store.personsKeeping(after: PersonID(rawValue: 5), limit: 2).map(\.rawValue) == [9])
        try store.erase(PersonID(rawValue: 5))
        #expect(try store.personsKeeping(after: nil, limit: 10).map(\.rawValue) == [3, 9])
        #expect(try store.imports(of: PersonID(rawValue: 5)).isEmpty)
        #expect(try store.imports(of: bob).count == 1)
    }

    @Test(arguments: TestBackend.onDisk) func onlyTheNewestImportsAreRemembered(kind: TestBackend) throws {
        let store = try kind.makeWatchlists()
        for index in 0...WatchlistLimits.importsPerPerson {
            _ = try store.record(
                fileName: "\(index).csv", kept: [], wanted: [index], bookmarked: [], for: alice, now: start)
        }
        let imports = try store.imports(of: alice)
        #expect(imports.count == WatchlistLimits.importsPerPerson && imports.first?.fileName == "20.csv")
        #expect(imports.last?.fileName == "1.csv")
    }
}
