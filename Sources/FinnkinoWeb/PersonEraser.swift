import AppPatterns
import FinnkinoKit
import Foundation
import Logging

/// Everything of a person, gone: what "Delete me" does, and the sweep of persons nobody uses.
///
/// Erased, in this order: their editor sessions (exports cancelled and awaited, files they sent
/// removed), their videos with their files, their bookmarks and undo history, their place, and
/// the person with their sessions and join codes. The local person keeps existing (the CLI's
/// data is theirs); erasing them empties their data.
struct PersonEraser: Sendable {
    /// A person with no bookmarks and no videos who has not been seen this long is removed.
    static let idleLimit: TimeInterval = 30 * 86_400

    let persons: PersonStore
    let bookmarks: BookmarkStores
    let library: VideoLibrary
    let sessions: EditorSessions
    let people: PersonStates
    let storage: any SnapshotStorage
    let logger: Logger

    func erase(_ person: PersonID) async throws {
        for export in sessions.closeAll(of: person) { await export.value }
        try library.erase(person)
        try bookmarks.erase(person)
        try storage.removeSnapshot(for: PlaceKeeper.key(of: person))
        people.forget(person)
        try persons.erase(person)
    }

    /// Removes the persons not seen for ``idleLimit`` who have no bookmarks and no videos, and
    /// every person not seen for longer than a session lasts (no browser can reach them any more),
    /// with all that is theirs. Returns how many went.
    @discardableResult
    func sweep(now: Date = Date()) async throws -> Int {
        var removed = 0
        let unreachable = try persons.persons(notSeenSince: now.addingTimeInterval(-PersonStore.sessionLifetime))
        for person in unreachable {
            try await erase(person)
            removed += 1
        }
        let idle = try persons.persons(notSeenSince: now.addingTimeInterval(-Self.idleLimit), limit: 10_000)
        let keep = try bookmarks.personsWithBookmarks(among: idle).union(library.personsWithVideos(among: idle))
        for person in idle where !keep.contains(person) {
            try await erase(person)
            removed += 1
        }
        if removed > 0 { logger.info("removed \(removed) persons nobody uses") }
        return removed
    }
}
