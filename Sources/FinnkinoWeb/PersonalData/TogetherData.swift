import FinnkinoKit
import Foundation

/// The "watch together" groups the person made or joined: each group's link, when it ends, and
/// the person's own nickname and constraints in it (never the other members' persons).
struct TogetherData: PersonalData {
    let together: any TogetherGroups

    var stores: [any PersonalStore] { [together] }

    /// One group as its member downloads it.
    struct Group: Encodable {
        var link: String
        var madeByMe: Bool
        var createdAt: Date
        var expiresAt: Date
        var members: Int
        var nickname: String
        var area: Int
        var eveningsOnly: Bool
        var theatres: [Int]
    }

    func export(of person: PersonID, into document: inout PersonDataDocument) throws {
        // Every group kept, expired ones too (they are forgotten when the next group is made).
        let groups = try together.groups(of: person, now: .distantPast).compactMap { group -> Group? in
            guard let me = group.member(person) else { return nil }
            return Group(
                link: WebRoute.together(code: group.code.text).path, madeByMe: group.owner == person,
                createdAt: group.createdAt, expiresAt: group.expiresAt, members: group.members.count,
                nickname: me.nickname, area: me.area, eveningsOnly: me.eveningsOnly, theatres: me.theatres)
        }
        document.add("togetherGroups", groups)
    }

    func erase(_ person: PersonID) async throws { try together.erase(person) }
}
