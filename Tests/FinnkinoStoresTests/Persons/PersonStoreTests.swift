import Foundation
import GRDB
import TestSupport
import Testing

@testable import FinnkinoKit
@testable import FinnkinoStores

/// Every kind of ``PersonStore`` the server can run on; the tests of the contract run on each.
extension TestBackend {
    /// A new, empty store on this backend, and the folder it keeps its files in (if any).
    func makePersonStore() throws -> (any PersonStore, URL?) {
        try make(
            inMemory: { try SQLitePersonStore.inMemory() }, sqlite: { try SQLitePersonStore(dataDirectory: $0) },
            postgres: { try PostgresPersonStore(pool: $0) })
    }
}

/// Persons and their sessions: a token stands for its person only while it is known, not signed
/// out and not expired; the server keeps only its hash. The tests taking a ``TestBackend``
/// are the contract of every ``PersonStore``.
@Suite(.timeLimit(.minutes(3))) struct PersonStoreTests {
    let start = Date(timeIntervalSince1970: 1_795_000_000)

    @Test(arguments: TestBackend.all) func eachNewPersonIsDistinctAndTheirTokenStandsForThem(
        kind: TestBackend
    ) throws {
        let (store, folder) = try kind.makePersonStore()
        defer { kind.remove(folder) }
        // When two browsers come for the first time
        let first = try store.newPerson(device: "", now: start)
        let second = try store.newPerson(device: "", now: start)
        // Then each is a new person, neither the local one, with a token of its own
        #expect(first.person != second.person)
        #expect(![first.person, second.person].contains(.local))
        #expect(first.token != second.token)
        #expect(try store.person(of: first.token, now: start) == first.person)
        #expect(try store.person(of: second.token, now: start) == second.person)
        // And the cookie's text reads back as the same token
        #expect(SessionToken(text: first.token.text) == first.token)
        #expect(try store.count() == 3)
        // And two sessions are counted, one fewer once one signs out
        #expect(try store.sessionCount() == 2)
        try store.signOut(second.token)
        #expect(try store.sessionCount() == 1)
    }

    @Test(arguments: TestBackend.all) func deviceIDsAreRandomNotOneAfterAnother(kind: TestBackend) throws {
        let (store, folder) = try kind.makePersonStore()
        defer { kind.remove(folder) }
        // When a person gets devices one after another
        let (person, _) = try store.newPerson(device: "a", now: start)
        for _ in 0..<4 {
            let code = try store.newJoinCode(for: person, now: start)
            _ = try store.join(code, device: "b", now: start)
        }
        // Then their IDs (in each device's sign-out address) say nothing of their number or order
        let ids = try store.devices(of: person).map(\.id).sorted()
        #expect(ids.count == 5)
        #expect(zip(ids, ids.dropFirst()).allSatisfy { $1 - $0 > 1_000_000 })
    }

    @Test(arguments: TestBackend.all) func aNewFileNeverGivesANewPersonTheIDOfAnOldOne(
        kind: TestBackend
    ) throws {
        // Given persons of a file that is then lost (the other stores keep their rows)
        let (old, oldFolder) = try kind.makePersonStore()
        defer { kind.remove(oldFolder) }
        let before = try Set((0..<200).map { _ in try old.newPerson(device: "", now: start).person })
        // When a new file makes persons
        let (new, newFolder) = try kind.makePersonStore()
        defer { kind.remove(newFolder) }
        let after = try Set((0..<200).map { _ in try new.newPerson(device: "", now: start).person })
        // Then none has an ID of before, nor the local person's
        #expect(before.isDisjoint(with: after))
        #expect(!after.contains(.local) && !after.contains(.nobody))
    }

    @Test(arguments: TestBackend.all) func anUnknownSignedOutOrExpiredTokenStandsForNoOne(
        kind: TestBackend
    ) throws {
        let (store, folder) = try kind.makePersonStore()
        defer { kind.remove(folder) }
        let (_, token) = try store.newPerson(device: "", now: start)
        // An unknown token (well formed, never given out)
        #expect(try store.person(of: SessionToken.random(), now: start) == nil)
        // A token used within its lifetime keeps working, and its use extends it
        let later = start.addingTimeInterval(SessionToken.lifetime - 10)
        #expect(try store.person(of: token, now: later) != nil)
        #expect(try store.person(of: token, now: later.addingTimeInterval(SessionToken.lifetime - 10)) != nil)
        // A token unused for longer than the lifetime is over, also when asked again with an earlier clock
        let expired = later.addingTimeInterval(2 * SessionToken.lifetime + 1)
        #expect(try store.person(of: token, now: expired) == nil)
        #expect(try store.person(of: token, now: later) == nil)
        // A signed-out token is over at once
        let (_, other) = try store.newPerson(device: "", now: start)
        try store.signOut(other)
        #expect(try store.person(of: other, now: start) == nil)
    }

    @Test func aTokenIsWrittenInBase64URLAndKeptAsTheSHA256OfItsBytes() {
        // Given known bytes (the figures are Python's base64.urlsafe_b64encode and hashlib.sha256)
        let token = SessionToken(bytes: Array(0..<32))
        #expect(token.text == "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8")
        #expect(
            token.hash.map { String(format: "%02x", $0) }.joined()
                == "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd")
        // And bytes that use the two characters base64url differs in
        let high = SessionToken(bytes: Array(224...255))
        #expect(high.text == "4OHi4-Tl5ufo6err7O3u7_Dx8vP09fb3-Pn6-_z9_v8")
        // Then each text reads back as its token
        #expect(SessionToken(text: token.text) == token)
        #expect(SessionToken(text: high.text) == high)
    }

    @Test func textsThatAreNotTokensAreRefused() {
        let token = SessionToken.random()
        #expect(SessionToken(text: token.text) != nil)
        for text in [
            "", "abc", String(token.text.dropLast()), token.text + "A", String(repeating: "+", count: 43),
            String(token.text.dropLast()) + "=", String(repeating: "é", count: 43),
            String(token.text.dropLast(2)) + "é",  // 43 bytes, one of them not base64url
        ] {
            #expect(SessionToken(text: text) == nil, "\(text)")
        }
        // The same 32 bytes have one spelling: a last character with stray low bits is refused
        let last = token.text.last!
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        let index = alphabet.firstIndex(of: last)!
        let sibling = alphabet[index ^ 1]
        #expect(SessionToken(text: String(token.text.dropLast()) + String(sibling)) == nil)
    }

    @Test func theFileKeepsPersonsButNeverATokenItself() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("persons-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let token: SessionToken
        let person: PersonID
        do {
            let store = try SQLitePersonStore(dataDirectory: folder)
            (person, token) = try store.newPerson(device: "", now: start)
        }
        // When the folder is opened again, the token still stands for its person
        let reopened = try SQLitePersonStore(dataDirectory: folder)
        #expect(try reopened.person(of: token, now: start) == person)
        // And no file of the folder holds the token's text or its bytes, only the hash
        var files = Data()
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            files += try Data(contentsOf: folder.appendingPathComponent(name))
        }
        #expect(files.range(of: Data(token.text.utf8)) == nil)
        #expect(files.range(of: token.hash) != nil)
    }

    @Test func aLastUseIsWrittenBehindThePageViewAndBeforeAnythingReadsIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("persons-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try SQLitePersonStore(dataDirectory: folder, touchDelay: .seconds(3600))
        let (person, token) = try store.newPerson(device: "", now: start)
        let file = try DatabaseQueue(path: folder.appendingPathComponent(SQLitePersonStore.fileName).path)
        func written() throws -> Double? {
            try file.read { try Double.fetchOne($0, sql: "SELECT last_used_at FROM session") }
        }
        // When the person's browser comes back an hour later
        let later = start.addingTimeInterval(3600)
        #expect(try store.person(of: token, now: later) == person)
        // Then the view did not wait for the disk: the file has the first use still
        #expect(try written() == start.timeIntervalSince1970)
        // And what reads last uses sees it: the sweep does not take the person for idle
        #expect(try store.persons(notSeenSince: later.addingTimeInterval(-1)).isEmpty)
        #expect(try written() == later.timeIntervalSince1970)
        // And the Devices page shows it
        #expect(try store.devices(of: person).first?.lastUsedAt == later)
    }

    @Test(arguments: TestBackend.all) func aJoinCodeJoinsOneDeviceOnceWithinTenMinutes(kind: TestBackend)
        throws
    {
        let (store, folder) = try kind.makePersonStore()
        defer { kind.remove(folder) }
        let (alice, _) = try store.newPerson(device: "Firefox, Linux", now: start)
        // When A asks for a code and another device types it (in lower case, with a space)
        let code = try store.newJoinCode(for: alice, now: start)
        let typed = try #require(
            JoinCode(typed: code.description.lowercased().replacingOccurrences(of: "-", with: " ")))
        let joined = try #require(try store.join(typed, device: "Safari, iPhone", now: start.addingTimeInterval(60)))
        // Then that device is A, with a token of its own
        #expect(joined.person == alice)
        #expect(try store.person(of: joined.token, now: start.addingTimeInterval(60)) == alice)
        // And the code is spent: a second use joins nobody
        #expect(try store.join(code, device: "", now: start.addingTimeInterval(61)) == nil)
        // And a code used after ten minutes joins nobody
        let late = try store.newJoinCode(for: alice, now: start)
        #expect(try store.join(late, device: "", now: start.addingTimeInterval(JoinCode.lifetime + 1)) == nil)
        // And a code never given out joins nobody
        #expect(try store.join(try #require(JoinCode(typed: "ABCD-EFGH")), device: "", now: start) == nil)
        // And A's devices are both browsers, the one used last first
        #expect(try store.devices(of: alice).map(\.name) == ["Safari, iPhone", "Firefox, Linux"])
    }

    @Test(arguments: TestBackend.all) func aDeviceCanBeSignedOutOnlyByItsPerson(kind: TestBackend) throws {
        let (store, folder) = try kind.makePersonStore()
        defer { kind.remove(folder) }
        let (alice, first) = try store.newPerson(device: "", now: start)
        let (bob, _) = try store.newPerson(device: "", now: start)
        let second = try #require(try store.join(try store.newJoinCode(for: alice, now: start), device: "", now: start))
        let device = try #require(try store.device(of: second.token))
        // When B tries to sign out A's device, nothing happens
        #expect(try store.signOut(device: device, of: bob) == false)
        #expect(try store.person(of: second.token, now: start) == alice)
        // When A signs it out, its token stands for no one, and A's other device stays
        #expect(try store.signOut(device: device, of: alice))
        #expect(try store.person(of: second.token, now: start) == nil)
        #expect(try store.person(of: first, now: start) == alice)
        #expect(try store.devices(of: alice).count == 1)
    }

    @Test(arguments: TestBackend.all) func anErasedOrSweptPersonIsGoneWithTheirSessions(
        kind: TestBackend
    ) throws {
        let (store, folder) = try kind.makePersonStore()
        defer { kind.remove(folder) }
        // Given three persons, one seen again later, and the local one
        let (gone, goneToken) = try store.newPerson(device: "", now: start)
        let (idle, _) = try store.newPerson(device: "", now: start)
        let (back, backToken) = try store.newPerson(device: "", now: start)
        _ = try store.person(of: backToken, now: start.addingTimeInterval(20 * 86_400))
        try store.writeTouches()
        // When one is erased
        try store.erase(gone)
        // Then their token stands for no one and they are not there
        #expect(try store.person(of: goneToken, now: start) == nil && store.dates(of: gone) == nil)
        // And the persons not seen for ten days are the idle one only, never the local one
        let cutoff = start.addingTimeInterval(10 * 86_400)
        #expect(try store.persons(notSeenSince: cutoff) == [idle])
        // When the sweep removes them, only one not seen since then goes
        #expect(try store.remove(idle, ifNotSeenSince: cutoff))
        #expect(try store.remove(back, ifNotSeenSince: cutoff) == false)
        #expect(try store.remove(.local, ifNotSeenSince: cutoff.addingTimeInterval(1e9)) == false)
        #expect(try store.count() == 2 && store.dates(of: back) != nil)
        // And erasing the local person signs out their devices but keeps them
        try store.erase(.local)
        #expect(try store.dates(of: .local) != nil)
    }

    /// Two stores on one database (two processes on one file, two instances on one server), each
    /// keeping its page views' last uses for `delay`.
    static func twoStores(_ kind: TestBackend, delay: Duration) throws -> (any PersonStore, any PersonStore, URL?) {
        switch kind {
        case .sqliteInMemory, .sqlite:
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("persons-\(UUID().uuidString)")
            return (
                try SQLitePersonStore(dataDirectory: folder, touchDelay: delay),
                try SQLitePersonStore(dataDirectory: folder, touchDelay: delay), folder
            )
        case .postgres:
            let pool = try TestPostgres.freshPool()
            return (try PostgresPersonStore(pool: pool, touchDelay: delay), try PostgresPersonStore(pool: pool), nil)
        }
    }

    @Test(arguments: TestBackend.all.filter { $0 != .sqliteInMemory })
    func aPageViewWritesNothingItselfItsUseIsWrittenWithinTheDelay(kind: TestBackend) throws {
        // Given a person who made their session at the start, on a store that keeps uses for a minute
        let (store, other, folder) = try Self.twoStores(kind, delay: .seconds(60))
        defer { kind.remove(folder) }
        let (person, token) = try store.newPerson(device: "", now: start)
        // When they come back 20 days later
        let later = start.addingTimeInterval(20 * 86_400)
        #expect(try store.person(of: token, now: later) == person)
        // Then the visit is not written yet: the other store (process, instance) still reads the start
        #expect(try other.dates(of: person)?.lastSeen == start)
        #expect(try other.devices(of: person).map(\.lastUsedAt) == [start])
        // But this store's own sweep counts it: a use not yet written is a use
        #expect(try store.remove(person, ifNotSeenSince: start.addingTimeInterval(10 * 86_400)) == false)
        #expect(try other.dates(of: person)?.lastSeen == later)
        #expect(try other.devices(of: person).map(\.lastUsedAt) == [later])
    }

    @Test(arguments: TestBackend.all.filter { $0 != .sqliteInMemory })
    func theUsesKeptAreWrittenByThemselvesAfterTheDelay(kind: TestBackend) throws {
        // Given a store that keeps uses for 0.2 s, and two persons using it 20 days later
        let (store, other, folder) = try Self.twoStores(kind, delay: .milliseconds(200))
        defer { kind.remove(folder) }
        let (alice, aliceToken) = try store.newPerson(device: "", now: start)
        let (bob, bobToken) = try store.newPerson(device: "", now: start)
        let later = start.addingTimeInterval(20 * 86_400)
        _ = try store.person(of: aliceToken, now: later)
        _ = try store.person(of: bobToken, now: later.addingTimeInterval(5))
        // Then, with nobody calling writeTouches, both are written together within a few seconds
        try pollBlocking(every: .milliseconds(50)) { try other.dates(of: bob)?.lastSeen != start }
        #expect(try other.dates(of: alice)?.lastSeen == later)
        #expect(try other.dates(of: bob)?.lastSeen == later.addingTimeInterval(5))
    }

    @Test func typedCodesAreReadForgivinglyAndOnlyFromTheirAlphabet() {
        #expect(JoinCode(typed: "abcd-efgh")?.description == "ABCD-EFGH")
        #expect(JoinCode(typed: " ABCD EFGH ")?.description == "ABCD-EFGH")
        for text in [
            "", "ABCD-EFG", "ABCD-EFGHJ", "ABCD-EFG0", "ABCD-EFGI", "ÄBCD-EFGH", String(repeating: "A", count: 500),
        ] {
            #expect(JoinCode(typed: text) == nil, "\(text)")
        }
    }
}
