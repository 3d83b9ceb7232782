import FinnkinoKit
import Foundation

/// The person themselves, their devices (sessions) and join codes: erased last, when nothing else
/// of theirs is left. No session token is in the document, not even hashed.
struct DevicesData: PersonalData {
    let persons: any PersonStore

    struct Person: Encodable, Sendable {
        let createdAt: Date
        let lastSeenAt: Date
    }

    struct Device: Encodable, Sendable {
        let name: String
        let firstUsedAt: Date
        let lastUsedAt: Date
    }

    var stores: [any PersonalStore] { [persons] }

    func export(of person: PersonID, into document: inout PersonDataDocument) throws {
        document.add(
            "person", try persons.dates(of: person).map { Person(createdAt: $0.created, lastSeenAt: $0.lastSeen) })
        document.add(
            "devices",
            try persons.devices(of: person).map {
                Device(name: $0.name, firstUsedAt: $0.createdAt, lastUsedAt: $0.lastUsedAt)
            })
    }

    /// The person with their sessions and codes (the local person keeps existing, without them).
    func erase(_ person: PersonID) async throws { try persons.erase(person) }
}
