import FinnkinoKit
import Foundation

/// The personal API tokens on the Devices page: the person's tokens (made, last used; each can be
/// revoked), and a form to make one, whose secret is shown once, right after it is made.
///
/// Inputs: `load()`, `makeRequested(named:)`, `revokeRequested(_:)`; then show `outputs`.
public struct APITokensViewModel: Sendable {
    public struct Row: Sendable, Equatable {
        public var id: Int64
        public var name: String
        /// `Made 28.11.2026 · Last used 29.11.2026` (or `· Not used yet`).
        public var facts: String
    }

    public struct Outputs: Sendable, Equatable {
        public var rows: [Row] = []
        /// The secret of the token just made: shown this once, never again.
        public var newSecret: String?
        public var message: String?
        /// Whether the person may make another (fewer than ``APITokenLimits/perPerson``).
        public var canMakeMore = true
    }

    public private(set) var outputs = Outputs()
    private let tokens: any APITokens
    private let person: PersonID
    private let language: UILanguage
    private let now: @Sendable () -> Date

    public init(
        tokens: any APITokens, person: PersonID, language: UILanguage, now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.tokens = tokens
        self.person = person
        self.language = language
        self.now = now
    }

    public mutating func load() throws(APITokensError) {
        let words = language.devices
        let format = DisplayFormat(strings: language.strings)
        let kept = try tokens.tokens(of: person)
        outputs.rows = kept.map { token in
            let made = words.tokenMade(format.date(HelsinkiTime.localDate(of: token.createdAt)))
            let used = token.lastUsedAt.map { words.lastUsed(format.date(HelsinkiTime.localDate(of: $0))) }
            return Row(id: token.id, name: token.name, facts: made + " · " + (used ?? words.tokenNotUsed))
        }
        outputs.canMakeMore = kept.count < APITokenLimits.perPerson
    }

    /// Makes a token called `name` (what the person will use it for).
    public mutating func makeRequested(named name: String) throws(APITokensError) {
        let words = language.devices
        guard !APITokenLimits.keptName(name).isEmpty else {
            outputs.message = words.tokenNameRequired
            return
        }
        guard let made = try tokens.make(named: name, for: person, now: now()) else {
            outputs.message = words.tooManyTokens
            return
        }
        outputs.newSecret = made.secret.text
        outputs.message = nil
    }

    /// Revokes the token `id`; false when the person has none of that ID.
    public mutating func revokeRequested(_ id: Int64) throws(APITokensError) -> Bool {
        guard try tokens.revoke(id, of: person) else { return false }
        outputs.message = language.devices.tokenRevoked
        return true
    }
}
