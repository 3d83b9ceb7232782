import AppPatterns
import Crypto
import Foundation

/// Why the API tokens cannot be read or changed.
public struct APITokensError: Error, CustomStringConvertible, Equatable {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// A personal API token's secret: `fk_` and 43 characters (32 random bytes, base64url). It is shown
/// once, when it is made; only its SHA-256 is kept (``hash``), so a copy of the database reads
/// nobody's lists.
public struct APITokenSecret: Sendable, Equatable, CustomStringConvertible {
    public static let prefix = "fk_"
    public let text: String
    public let hash: Data

    public static func random() -> APITokenSecret {
        var generator = SystemRandomNumberGenerator()
        return APITokenSecret(bytes: (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    /// The secret of `text` as a client sends it; nil when it is not of the form.
    public init?(text: String) {
        guard text.hasPrefix(Self.prefix), text.utf8.count == Self.prefix.utf8.count + 43,
            let bytes = Base64URL.decode(String(text.dropFirst(Self.prefix.count))), bytes.count == 32
        else { return nil }
        self.init(bytes: bytes)
    }

    init(bytes: [UInt8]) {
        text = Self.prefix + Base64URL.encode(bytes)
        hash = Data(SHA256.hash(data: bytes))
    }

    /// Never the secret itself (it may end up in a log).
    public var description: String { "API token" }
}

/// A token as its person sees it on the Devices page: never the secret.
public struct APIToken: Sendable, Equatable, Codable {
    public let id: Int64
    /// What the person called it (`Home Assistant`).
    public let name: String
    public let createdAt: Date
    /// When it was last used, to the hour (``APITokenLimits/usePrecision``); nil before its first use.
    public let lastUsedAt: Date?

    public init(id: Int64, name: String, createdAt: Date, lastUsedAt: Date?) {
        self.id = id
        self.name = name
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
    }
}

/// The limits every store of API tokens keeps.
public enum APITokenLimits {
    /// The most tokens one person keeps: more asks them to revoke one first.
    public static let perPerson = 10
    /// The longest name, in characters.
    public static let nameLength = 60
    /// A token's last use is written at most this often (a dashboard asking every minute writes
    /// once an hour, not 60 times).
    public static let usePrecision: TimeInterval = 3600
}

/// Every person's personal API tokens: what reads their lists through the JSON API. A token can
/// only read; it is listed on the Devices page and in "Download my data" (never its secret), and
/// erased with its person. The contract every kind of store keeps (`SQLiteAPITokens`,
/// `PostgresAPITokens`; `APITokensTests`).
public protocol APITokens: PersonalStore {
    /// A new token of `person` called `name` (trimmed, at most ``APITokenLimits/nameLength``
    /// characters); nil when they have ``APITokenLimits/perPerson`` already.
    func make(named name: String, for person: PersonID, now: Date) throws(APITokensError)
        -> (token: APIToken, secret: APITokenSecret)?
    /// The person's tokens, newest first.
    func tokens(of person: PersonID) throws(APITokensError) -> [APIToken]
    /// Revokes the person's token `id`; false when they have none of that ID.
    func revoke(_ id: Int64, of person: PersonID) throws(APITokensError) -> Bool
    /// Whose `secret` is, noting its use at `now`; nil for a secret no token has (or had).
    func person(holding secret: APITokenSecret, now: Date) throws(APITokensError) -> PersonID?
    /// Forgets every token of the person.
    func erase(_ person: PersonID) throws(APITokensError)
}

extension APITokenLimits {
    /// `name` as it is kept: trimmed, control characters left out, cut to ``nameLength``.
    public static func keptName(_ name: String) -> String {
        let cleaned = String(
            String.UnicodeScalarView(name.unicodeScalars.filter { $0.properties.generalCategory != .control }))
        return String(cleaned.trimmingCharacters(in: .whitespacesAndNewlines).prefix(nameLength))
    }
}
