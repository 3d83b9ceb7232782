import FinnkinoKit
import Foundation

/// The Devices screen of a person on a hosted server: the browsers they use (each can be signed
/// out), a one-time code to use the app on another device, and joining with such a code. Its
/// outputs are the list and what the last action did; the actions that change whom a browser is
/// also say so as an outcome, for the web layer's cookies.
public struct DevicesViewModel: Sendable {
    /// The most devices (sessions) a person has: more than anyone owns; bounds a person's rows.
    public static let maxDevices = 20

    public struct Row: Sendable, Equatable {
        public var id: Int64
        public var name: String
        /// `Last used 27.11.2026`.
        public var lastUsed: String
        /// Whether this is the browser the person is using.
        public var isCurrent: Bool
    }

    public struct Outputs: Sendable, Equatable {
        /// The one used last first.
        public var rows: [Row] = []
        /// A new one-time code, after the person asked for one.
        public var code: JoinCode?
        /// What the last action did, in words.
        public var message: String?
    }

    /// What joining with a code came to.
    public enum JoinOutcome: Sendable, Equatable {
        /// This browser is now `person`'s, with the new session `token`.
        case joined(person: PersonID, token: SessionToken)
        /// The code is unknown, spent or expired.
        case wrongCode
        /// The browser or the server tried too many codes lately.
        case tooManyTries
    }

    /// What signing out a device came to.
    public enum SignOutOutcome: Sendable, Equatable {
        case signedOut
        /// The device was this browser: it is nobody from now on.
        case signedOutThisBrowser
        /// The person has no such device.
        case noSuchDevice
    }

    public private(set) var outputs = Outputs()
    private let persons: PersonStore
    private let person: PersonID
    /// The browser's session; nil for a browser that is nobody yet.
    private let session: SessionToken?
    private let language: UILanguage
    private let now: @Sendable () -> Date

    public init(
        persons: PersonStore, person: PersonID, session: SessionToken?, language: UILanguage,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.persons = persons
        self.person = person
        self.session = session
        self.language = language
        self.now = now
    }

    // MARK: Inputs

    /// Loads the person's devices into `outputs.rows`.
    public mutating func load() throws(PersonStoreError) {
        let current = try session.flatMap { token throws(PersonStoreError) in try persons.device(of: token) }
        let words = language.devices
        let format = DisplayFormat(strings: language.strings)
        outputs.rows = try persons.devices(of: person).map { device in
            Row(
                id: device.id, name: device.name,
                lastUsed: words.lastUsed(format.date(HelsinkiTime.localDate(of: device.lastUsedAt))),
                isCurrent: device.id == current)
        }
    }

    /// The person asked for a code to use the app on another device.
    public mutating func newCodeRequested() throws(PersonStoreError) {
        outputs.code = try persons.newJoinCode(for: person, now: now())
    }

    /// The person typed `typed` to join this browser (named `device`) to the code's person.
    /// `withinLimits` is false when the browser or the server tried too many codes lately (the
    /// web layer counts the attempts). A browser that was nobody until this attempt was made a
    /// person for it (`madeForThisChange`): that person goes once the browser joined.
    public mutating func joinRequested(
        _ typed: String, device: String, withinLimits: Bool, madeForThisChange: Bool
    ) throws(PersonStoreError) -> JoinOutcome {
        let words = language.devices
        guard withinLimits else {
            outputs.message = words.tooManyTries
            return .tooManyTries
        }
        guard let code = JoinCode(typed: typed), let joined = try persons.join(code, device: device, now: now()) else {
            outputs.message = words.wrongCode
            return .wrongCode
        }
        if let session { try persons.signOut(session) }
        // At most ``maxDevices`` a person: the new one takes the place of the one used longest ago.
        let added = try persons.device(of: joined.token)
        for old in try persons.devices(of: joined.person).filter({ $0.id != added }).dropFirst(Self.maxDevices - 1) {
            _ = try persons.signOut(device: old.id, of: joined.person)
        }
        if madeForThisChange { try persons.erase(person) }
        outputs.message = words.joined
        return .joined(person: joined.person, token: joined.token)
    }

    /// The person signs out their device `id` (this browser's own included).
    public mutating func signOutRequested(_ id: Int64) throws(PersonStoreError) -> SignOutOutcome {
        let current = try session.flatMap { token throws(PersonStoreError) in try persons.device(of: token) }
        guard try persons.signOut(device: id, of: person) else { return .noSuchDevice }
        guard id != current else { return .signedOutThisBrowser }
        outputs.message = language.devices.signedOut
        return .signedOut
    }
}
