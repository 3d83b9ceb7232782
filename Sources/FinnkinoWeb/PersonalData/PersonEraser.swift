import AppPatterns
import FinnkinoKit
import Foundation
import Logging

/// Everything of a person, gone: what "Delete me" does, and the sweep of persons nobody uses.
///
/// Their devices are signed out first (no browser is them any more), then every kind of
/// ``PersonalData`` in the registry is erased, in its order: their editor sessions and export jobs
/// (a worker running one stops and keeps nothing; files they sent removed), their videos with
/// their files, their bookmarks and undo history, their wanted movies and push subscriptions,
/// their place, and the person. The local person keeps existing (the CLI's data is theirs);
/// erasing them empties their data and signs out their devices.
struct PersonEraser: Sendable {
    /// A person with nothing that keeps them (``PersonalData/personsKept(among:)``) who has not
    /// been seen this long is removed.
    static let idleLimit: TimeInterval = 30 * 86_400

    let registry: PersonalDataRegistry
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
        try registry.persons.signOutAll(of: person)
        try await eraseData(of: person)
    }

    /// Removes the persons not seen for ``idleLimit`` whom nothing keeps, and every person not
    /// seen for longer than a session lasts (no browser can reach them any more), with all that is
    /// theirs; a person who comes back meanwhile is kept. Returns how many went. Nothing is swept
    /// while a store cannot be opened (who has data could not be told).
    @discardableResult
    func sweep(now: Date = Date()) async throws -> Int {
        try requireStores()
        var removed = 0
        let unreachable = now.addingTimeInterval(-SessionToken.lifetime)
        let idle = now.addingTimeInterval(-Self.idleLimit)
        var after = PersonID.local
        while true {
            let page = try registry.persons.persons(notSeenSince: idle, after: after, limit: 1000)
            guard let last = page.last else { break }
            after = last
            var keep = Set<PersonID>()
            for kind in registry.kinds { keep.formUnion(try kind.personsKept(among: page)) }
            for person in page {
                let since = keep.contains(person) ? unreachable : idle
                guard try registry.persons.remove(person, ifNotSeenSince: since) else { continue }
                try await eraseData(of: person)
                removed += 1
            }
        }
        if removed > 0 { logger.info("removed \(removed) persons nobody uses") }
        return removed
    }

    private func eraseData(of person: PersonID) async throws {
        for kind in registry.kinds { try await kind.erase(person) }
    }

    private func requireStores() throws {
        if let reason = registry.unavailableReason { throw Unavailable(description: reason) }
    }
}
