import AppPatterns
import Foundation

/// Why the together groups cannot be read or changed.
public struct TogetherGroupsError: Error, CustomStringConvertible, Equatable {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// A "watch together" link's code: 22 characters (16 random bytes, base64url), the last part of
/// `/together/<code>`. The link is meant to be passed around (a chat, a message) for 7 days, so
/// it is kept as it is, and shown again to each member: what it opens is only the members'
/// nicknames and the movies they share, and its maker can revoke it at any time.
public struct TogetherCode: Sendable, Hashable, CustomStringConvertible {
    public let text: String

    public static func random() -> TogetherCode {
        var generator = SystemRandomNumberGenerator()
        return TogetherCode(
            checked: Base64URL.encode((0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }))
    }

    /// The code of a link's path, when it can be one (22 base64url characters).
    public init?(text: String) {
        guard text.utf8.count == 22, let bytes = Base64URL.decode(text), bytes.count == 16 else { return nil }
        self.text = text
    }

    private init(checked text: String) { self.text = text }

    public var description: String { text }
}

/// One person in a group, as the others see them: a nickname, never more.
public struct TogetherMember: Sendable, Equatable {
    public let person: PersonID
    /// What they typed when they joined (``TogetherLimits/keptNickname(_:)``).
    public var nickname: String
    public let joinedAt: Date
    /// The area whose theatres they can go to (a TheatreAreas ID).
    public var area: Int
    /// Only shows that start at ``TogetherLimits/eveningFrom`` or later.
    public var eveningsOnly: Bool
    /// Only these theatres (TheatreAreas IDs of single theatres); empty: any in their area.
    public var theatres: [Int]

    public init(
        person: PersonID, nickname: String, joinedAt: Date, area: Int, eveningsOnly: Bool = false, theatres: [Int] = []
    ) {
        self.person = person
        self.nickname = nickname
        self.joinedAt = joinedAt
        self.area = area
        self.eveningsOnly = eveningsOnly
        self.theatres = theatres
    }
}

/// A group: who made it, until when its link works, and its members (its maker first, then in the
/// order they joined).
public struct TogetherGroup: Sendable, Equatable {
    public let id: Int64
    public let code: TogetherCode
    public let owner: PersonID
    public let createdAt: Date
    public let expiresAt: Date
    public var members: [TogetherMember]

    public init(
        id: Int64, code: TogetherCode, owner: PersonID, createdAt: Date, expiresAt: Date, members: [TogetherMember]
    ) {
        self.id = id
        self.code = code
        self.owner = owner
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.members = members
    }

    public func member(_ person: PersonID) -> TogetherMember? { members.first { $0.person == person } }

    /// A group `owner` has just made (`id` and `code` as stored), its maker its one member, its link
    /// valid ``TogetherLimits/lifetime`` from `now`: what every kind of store answers a make with.
    public static func made(
        id: Int64, code: TogetherCode, by owner: PersonID, nickname: String, area: Int, now: Date
    ) -> TogetherGroup {
        TogetherGroup(
            id: id, code: code, owner: owner, createdAt: now,
            expiresAt: now.addingTimeInterval(TogetherLimits.lifetime),
            members: [TogetherMember(person: owner, nickname: nickname, joinedAt: now, area: area)])
    }
}

/// What joining a group came to.
public enum TogetherJoin: Sendable, Equatable {
    case joined(TogetherGroup)
    /// They were in it already: nothing changed.
    case alreadyIn(TogetherGroup)
    /// It has ``TogetherLimits/members`` members.
    case full
    /// No group has the code, or its link expired or was revoked.
    case gone
}

/// The limits every store of groups keeps.
public enum TogetherLimits {
    /// How long a link works after it is made.
    public static let lifetime: TimeInterval = 7 * 86_400
    /// The most persons in a group, its maker included.
    public static let members = 5
    /// The most live groups one person makes.
    public static let groupsPerPerson = 5
    /// The longest nickname, in characters.
    public static let nicknameLength = 30
    /// The most theatres a member names.
    public static let theatres = 20
    /// "Evenings only": shows that start at 17:00 or later (minutes after midnight).
    public static let eveningFrom = 17 * 60

    /// `nickname` as it is kept: control characters left out, trimmed, cut to ``nicknameLength``;
    /// nil when nothing is left.
    public static func keptNickname(_ nickname: String) -> String? {
        let cleaned = String(
            String.UnicodeScalarView(nickname.unicodeScalars.filter { $0.properties.generalCategory != .control }))
        let kept = String(cleaned.trimmingCharacters(in: .whitespacesAndNewlines).prefix(nicknameLength))
        return kept.isEmpty ? nil : kept
    }
}

/// "Watch together" groups: a person makes a link, up to four others join it with a nickname,
/// each sharing only their wanted and bookmarked movies with the others. The contract every kind
/// of store keeps (`SQLiteTogetherGroups`, `PostgresTogetherGroups`; `TogetherGroupsTests`).
public protocol TogetherGroups: PersonalStore {
    /// A new group of `owner` (its first member, as `nickname` in `area`), its link working for
    /// ``TogetherLimits/lifetime``; nil when they have ``TogetherLimits/groupsPerPerson`` live ones.
    func make(by owner: PersonID, nickname: String, area: Int, now: Date) throws(TogetherGroupsError)
        -> TogetherGroup?
    /// The group of `code`; nil when there is none, or its link expired or was revoked.
    func group(_ code: TogetherCode, now: Date) throws(TogetherGroupsError) -> TogetherGroup?
    /// `person` joins the group of `code` as `nickname`, in `area`.
    func join(_ code: TogetherCode, person: PersonID, nickname: String, area: Int, now: Date)
        throws(TogetherGroupsError) -> TogetherJoin
    /// `person` changes what they can go to in the group; false when they are not in it.
    func update(_ member: TogetherMember, in code: TogetherCode) throws(TogetherGroupsError) -> Bool
    /// `person` leaves the group; its maker leaving ends it for everyone. False when they were not in it.
    func leave(_ code: TogetherCode, person: PersonID) throws(TogetherGroupsError) -> Bool
    /// The live groups `person` is in (made or joined), newest first.
    func groups(of person: PersonID, now: Date) throws(TogetherGroupsError) -> [TogetherGroup]
    /// Forgets the groups the person made (with their members) and their place in others'.
    func erase(_ person: PersonID) throws(TogetherGroupsError)
}
