import FinnkinoKit

/// The person's bookmarks and their undo history (the bookmarks removed are kept there). A person
/// with bookmarks is kept from the sweep of idle persons.
struct BookmarksData: PersonalData {
    let bookmarks: any BookmarkStores

    /// One step of the bookmarks' undo history: what it added or removed.
    struct HistoryStep: Encodable, Sendable {
        /// `add` or `remove`.
        let change: String
        let bookmarks: [Bookmark]
    }

    /// What Undo and Redo would do to the bookmarks.
    struct History: Encodable, Sendable {
        /// The steps Undo would take back, the next last.
        let undo: [HistoryStep]
        /// The steps Redo would take again, the next last.
        let redo: [HistoryStep]
    }

    var stores: [any PersonalStore] { [bookmarks] }

    func export(of person: PersonID, into document: inout PersonDataDocument) throws {
        let store = try bookmarks.store(for: person)
        document.add("bookmarks", store.all())
        let history = store.history
        document.add(
            "bookmarkHistory", History(undo: history.undoStack.map(Self.step), redo: history.redoStack.map(Self.step)))
    }

    func erase(_ person: PersonID) async throws { try bookmarks.erase(person) }

    func personsKept(among persons: [PersonID]) throws -> Set<PersonID> {
        try bookmarks.personsWithBookmarks(among: persons)
    }

    private static func step(_ command: BookmarkCommand) -> HistoryStep {
        switch command {
        case .add(let add): HistoryStep(change: "add", bookmarks: [add.bookmark])
        case .remove(let remove): HistoryStep(change: "remove", bookmarks: remove.bookmarks)
        }
    }
}
