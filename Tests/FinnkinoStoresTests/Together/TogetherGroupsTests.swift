import AppPatterns
import Foundation
import TestSupport
import Testing

@testable import FinnkinoKit
@testable import FinnkinoStores

/// Every kind of ``TogetherGroups`` the server can run on; the tests taking one are the contract.
extension TestBackend {
    /// New, empty together groups on this backend.
    func makeTogetherGroups() throws -> any TogetherGroups {
        try make(
            sqlite: { try SQLiteTogetherGroups(dataDirectory: $0) },
            postgres: { try PostgresTogetherGroups(pool: $0) }
        ).store
    }
}

/// "Watch together" groups: a link valid 7 days, at most five persons each known by a nickname,
/// joining and leaving explicit, the maker's leaving ending it, everything gone with a person.
@Suite(.timeLimit(.minutes(3))) struct TogetherGroupsTests {
    let maker = PersonID(rawValue: 11)
    let friends = (12...16).map { PersonID(rawValue: $0) }
    let start = Date(timeIntervalSince1970: 1_795_000_000)

    @Test(arguments: TestBackend.onDisk) func friendsJoinWithANicknameUpToFive(kind: TestBackend) throws {
        let store = try kind.makeTogetherGroups()
        // Given a group made by M as "Maija\n" in Helsinki
        let group = try #require(try store.make(by: maker, nickname: " Maija\n", area: 1002, now: start))
        #expect(group.members.map(\.nickname) == ["Maija"])
        #expect(group.expiresAt == start.addingTimeInterval(7 * 86_400))
        #expect(TogetherCode(text: group.code.text) == group.code)
        // When four friends join, each with a nickname, one of them twice
        for (index, friend) in friends.prefix(4).enumerated() {
            let joined = try store.join(
                group.code, person: friend, nickname: "F\(index)", area: 1014,
                now: start.addingTimeInterval(Double(index + 1)))
            guard case .joined(let now) = joined else {
                Issue.record("\(joined)")
                return
            }
            #expect(now.members.count == index + 2)
        }
        let again = try store.join(group.code, person: friends[0], nickname: "X", area: 1014, now: start)
        #expect(again == .alreadyIn(try #require(try store.group(group.code, now: start))))
        // Then the group has five, the maker first, and a sixth is refused
        let read = try #require(try store.group(group.code, now: start))
        #expect(read.members.map(\.nickname) == ["Maija", "F0", "F1", "F2", "F3"])
        #expect(read.members.map(\.area) == [1002, 1014, 1014, 1014, 1014])
        #expect(try store.join(group.code, person: friends[4], nickname: "F4", area: 1002, now: start) == .full)
        // And each member lists it; nobody else does
        #expect(try store.groups(of: friends[2], now: start).map(\.id) == [group.id])
        #expect(try store.groups(of: friends[4], now: start).isEmpty)
    }

    @Test(arguments: TestBackend.onDisk) func aLinkWorksSevenDaysAndItsMakersLeavingEndsIt(kind: TestBackend) throws {
        let store = try kind.makeTogetherGroups()
        let group = try #require(try store.make(by: maker, nickname: "M", area: 1002, now: start))
        _ = try store.join(group.code, person: friends[0], nickname: "A", area: 1002, now: start)
        // A link of no group, and this one after seven days, are gone
        #expect(try store.join(TogetherCode.random(), person: friends[1], nickname: "B", area: 1, now: start) == .gone)
        let later = start.addingTimeInterval(7 * 86_400)
        #expect(try store.group(group.code, now: later) == nil)
        #expect(try store.join(group.code, person: friends[1], nickname: "B", area: 1, now: later) == .gone)
        #expect(try store.groups(of: friends[0], now: later).isEmpty)
        // A member leaves: the group goes on without them
        #expect(try store.leave(group.code, person: friends[0]))
        #expect(try !store.leave(group.code, person: friends[0]))
        #expect(try store.group(group.code, now: start)?.members.map(\.person) == [maker])
        // The maker leaves: the group is gone for everyone
        _ = try store.join(group.code, person: friends[1], nickname: "B", area: 1002, now: start)
        #expect(try store.leave(group.code, person: maker))
        #expect(try store.group(group.code, now: start) == nil)
        #expect(try store.groups(of: friends[1], now: start).isEmpty)
    }

    @Test(arguments: TestBackend.onDisk) func aMemberChangesOnlyTheirOwnConstraints(kind: TestBackend) throws {
        let store = try kind.makeTogetherGroups()
        let group = try #require(try store.make(by: maker, nickname: "M", area: 1002, now: start))
        guard case .joined = try store.join(group.code, person: friends[0], nickname: "A", area: 1002, now: start)
        else {
            Issue.record("not joined")
            return
        }
        var member = try #require(try store.group(group.code, now: start)?.member(friends[0]))
        member.eveningsOnly = true
        member.theatres = [1034, 1038] + Array(2000..<2030)
        member.area = 1014
        #expect(try store.update(member, in: group.code))
        let read = try #require(try store.group(group.code, now: start))
        #expect(read.member(friends[0])?.eveningsOnly == true)
        #expect(read.member(friends[0])?.theatres.count == TogetherLimits.theatres)
        #expect(read.member(friends[0])?.area == 1014)
        #expect(read.member(maker)?.eveningsOnly == false)
        // Someone not in the group changes nothing
        var stranger = member
        stranger = TogetherMember(person: friends[3], nickname: "S", joinedAt: start, area: 1, eveningsOnly: true)
        #expect(try !store.update(stranger, in: group.code))
        #expect(try store.group(group.code, now: start)?.members.count == 2)
    }

    @Test(arguments: TestBackend.onDisk) func aPersonMakesAtMostFiveAndErasingForgetsThem(kind: TestBackend) throws {
        let store = try kind.makeTogetherGroups()
        var codes: [TogetherCode] = []
        for index in 0..<TogetherLimits.groupsPerPerson {
            codes.append(
                try #require(
                    try store.make(by: maker, nickname: "M", area: 1002, now: start.addingTimeInterval(Double(index)))
                )
                .code)
        }
        #expect(try store.make(by: maker, nickname: "M", area: 1002, now: start) == nil)
        // (Expired groups do not count: a week later they make new ones)
        #expect(try store.make(by: maker, nickname: "M", area: 1002, now: start.addingTimeInterval(8 * 86_400)) != nil)
        // A friend's own group, which the maker joined
        let theirs = try #require(try store.make(by: friends[0], nickname: "F", area: 1002, now: start))
        _ = try store.join(theirs.code, person: maker, nickname: "M", area: 1002, now: start)
        _ = try store.join(codes[0], person: friends[1], nickname: "B", area: 1002, now: start)
        // When the maker is erased, their groups and their place in the friend's are gone
        try store.erase(maker)
        #expect(try store.groups(of: maker, now: .distantPast).isEmpty)
        #expect(try store.groups(of: friends[1], now: .distantPast).isEmpty)
        #expect(try store.group(theirs.code, now: start)?.members.map(\.person) == [friends[0]])
        // A nickname of nothing but spaces is kept as a dash; control characters are left out
        let blank = try #require(try store.make(by: friends[2], nickname: "  \t ", area: 1, now: start))
        #expect(blank.members.first?.nickname == "–")
        #expect(TogetherLimits.keptNickname("Ann\u{0}a\u{7}") == "Anna")
        #expect(TogetherCode(text: "short") == nil)
        #expect(TogetherCode(text: "!!!!!!!!!!!!!!!!!!!!!!") == nil)
    }
}
