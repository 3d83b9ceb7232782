import AppPatterns
import FinnkinoKit
import Foundation
import Logging

/// Everything of a person, gone: what "Delete me" does, and the sweep of persons nobody uses.
///
/// Erased, in this order: their sessions and join codes (no browser is them any more), their
/// editor sessions and export jobs (a worker running one stops and keeps nothing; files they sent
/// removed), their videos with their files, their bookmarks and undo history, their wanted movies and push subscriptions, their place, and
/// the person. The local person
/// keeps existing (the CLI's data is theirs); erasing them empties their data and signs out their
/// devices.
struct PersonEraser: Sendable {
    /// A person with no bookmarks and no videos who has not been seen this long is removed.
    static let idleLimit: TimeInterval = 30 * 86_400

    let persons: PersonStore
    let bookmarks: BookmarkStores
    let library: VideoLibrary
    let wanted: any WantedMovies
    let pushSubscriptions: any PushSubscriptions
    let sessions: EditorSessions
    let people: PersonStates
    let storage: any SnapshotStorage
    let logger: Logger

    /// Why a person cannot be erased now: a store of theirs could not be opened (its file is left
    /// for the operator), so erasing would leave part of them behind.
    struct Unavailable: Error, CustomStringConvertible {
        let description: String
    }

    /// Erases everything of `person`. Their devices are signed out first, so no request of theirs
    /// changes anything while the rest goes.
    // Not inlined: Swift 6.3.1's optimizer crashed (signal 11, splitting the coroutine) on the
    // `POST /me/delete` route with this inlined into it, in release builds only.
    @inline(never)
    func erase(_ person: PersonID) async throws {
        try requireStores()
        try persons.signOutAll(of: person)
        try await eraseData(of: person)
        try persons.erase(person)
    }

    /// Removes the persons not seen for ``idleLimit`` who have no bookmarks, videos or wanted movies, and
    /// every person not seen for longer than a session lasts (no browser can reach them any more),
    /// with all that is theirs; a person who comes back meanwhile is kept. Returns how many went.
    /// Nothing is swept while a store cannot be opened (who has data could not be told).
    @discardableResult
    func sweep(now: Date = Date()) async throws -> Int {
        try requireStores()
        var removed = 0
        let unreachable = now.addingTimeInterval(-SessionToken.lifetime)
        let idle = now.addingTimeInterval(-Self.idleLimit)
        var after = PersonID.local
        while true {
            let page = try persons.persons(notSeenSince: idle, after: after, limit: 1000)
            guard let last = page.last else { break }
            after = last
            let keep = try bookmarks.personsWithBookmarks(among: page).union(library.personsWithVideos(among: page))
                .union(wanted.personsWanting(among: page))
            for person in page {
                let since = keep.contains(person) ? unreachable : idle
                guard try persons.remove(person, ifNotSeenSince: since) else { continue }
                try await eraseData(of: person)
                removed += 1
            }
        }
        if removed > 0 { logger.info("removed \(removed) persons nobody uses") }
        return removed
    }

    private func eraseData(of person: PersonID) async throws {
        try sessions.closeAll(of: person)
        try library.erase(person)
        try bookmarks.erase(person)
        try wanted.erase(person)
        try pushSubscriptions.erase(person)
        people.forget(person)  // first: a request still holding their place can save it no more
        try storage.removeSnapshot(for: PlaceKeeper.key(of: person))
    }

    private func requireStores() throws {
        if let reason = bookmarks.unavailableReason { throw Unavailable(description: "bookmarks: \(reason)") }
        if let reason = library.unavailableReason { throw Unavailable(description: "the video library: \(reason)") }
    }
}
