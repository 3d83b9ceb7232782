import Foundation

/// Why the persons' store could not be read or changed.
public struct PersonStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// A browser a person uses, as the Devices page lists it.
public struct PersonDevice: Sendable, Equatable {
    public let id: Int64
    /// What the browser said it is (`DeviceName`), when it was first seen.
    public let name: String
    public let createdAt: Date
    public let lastUsedAt: Date

    public init(id: Int64, name: String, createdAt: Date, lastUsedAt: Date) {
        self.id = id
        self.name = name
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
    }
}

/// The persons of a hosted server, their browsers' sessions (their devices) and the one-time codes
/// that join another device to a person: who a request's session cookie stands for. The contract
/// every kind of store keeps (`SQLitePersonStore` on one machine; the tests of `PersonStoreTests` taking
/// a `PersonStoreKind` hold each kind to it).
///
/// A session unused for ``SessionToken/lifetime`` is over: its token then reads as no one, and
/// the browser is given a new, empty person. The local person (``PersonID/local``) is always there
/// and has no sessions of its own on loopback. Nothing is kept of a token or a code that would let
/// whoever reads the store use it.
public protocol PersonStore: PersonalStore {
    /// A new person with one session: what a browser's first visit to a hosted server gets.
    func newPerson(device: String, now: Date) throws(PersonStoreError) -> (person: PersonID, token: SessionToken)
    /// A new one-time code that joins another device to `person`: usable once, for
    /// ``JoinCode/lifetime``.
    func newJoinCode(for person: PersonID, now: Date) throws(PersonStoreError) -> JoinCode
    /// Uses a join code: a new session of the code's person for the device that typed it, and the
    /// code is spent. Nil for a code that is unknown, spent or expired.
    func join(_ code: JoinCode, device: String, now: Date) throws(PersonStoreError) -> (
        person: PersonID, token: SessionToken
    )?
    /// `person`'s devices (their sessions), the one used last first.
    func devices(of person: PersonID) throws(PersonStoreError) -> [PersonDevice]
    /// The device a token is (its ID on the Devices page), when the token is a session.
    func device(of token: SessionToken) throws(PersonStoreError) -> Int64?
    /// Signs out `person`'s device `id`; false when they have no such device.
    func signOut(device id: Int64, of person: PersonID) throws(PersonStoreError) -> Bool
    /// The person a browser's token stands for; nil for a token that is unknown, signed out or
    /// unused for longer than ``SessionToken/lifetime``. The use is kept as the session's last.
    func person(of token: SessionToken, now: Date) throws(PersonStoreError) -> PersonID?
    /// Writes the last uses a store keeps back to write together; when it returns, every use made
    /// before the call is written.
    func writeTouches() throws(PersonStoreError)
    /// Ends a session: its token stands for no one from now on.
    func signOut(_ token: SessionToken) throws(PersonStoreError)
    /// Signs out every device of `person` and spends their join codes.
    func signOutAll(of person: PersonID) throws(PersonStoreError)
    /// Deletes `person` with their sessions and join codes (the local person keeps existing: only
    /// their sessions and codes go).
    func erase(_ person: PersonID) throws(PersonStoreError)
    /// Deletes `person` (never the local one) with their sessions and codes if they have not been
    /// seen since `date`; false when they have come back meanwhile (or are not there).
    func remove(_ person: PersonID, ifNotSeenSince date: Date) throws(PersonStoreError) -> Bool
    /// When `person` was made and last seen.
    func dates(of person: PersonID) throws(PersonStoreError) -> (created: Date, lastSeen: Date)?
    /// The persons (never the local one) not seen since `date` whose ID is above `after`, in the
    /// order of their IDs, at most `limit`.
    func persons(notSeenSince date: Date, after: PersonID, limit: Int) throws(PersonStoreError) -> [PersonID]
    /// How many persons there are (the local one included).
    func count() throws(PersonStoreError) -> Int
    /// How many sessions there are, signed-out ones gone (for the operator's metrics: a number,
    /// never whose).
    func sessionCount() throws(PersonStoreError) -> Int
}

extension PersonStore {
    public func newPerson(device: String = "") throws(PersonStoreError) -> (person: PersonID, token: SessionToken) {
        try newPerson(device: device, now: Date())
    }

    public func newJoinCode(for person: PersonID) throws(PersonStoreError) -> JoinCode {
        try newJoinCode(for: person, now: Date())
    }

    public func join(_ code: JoinCode, device: String = "") throws(PersonStoreError) -> (
        person: PersonID, token: SessionToken
    )? {
        try join(code, device: device, now: Date())
    }

    public func person(of token: SessionToken) throws(PersonStoreError) -> PersonID? {
        try person(of: token, now: Date())
    }

    /// The first 1,000 persons not seen since `date`.
    public func persons(notSeenSince date: Date) throws(PersonStoreError) -> [PersonID] {
        try persons(notSeenSince: date, after: .local, limit: 1000)
    }
}
