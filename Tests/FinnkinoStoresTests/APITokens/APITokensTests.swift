import AppPatterns
import Foundation
import GRDB
import TestSupport
import Testing

@testable import FinnkinoKit
@testable import FinnkinoStores

/// Every kind of ``APITokens`` the server can run on; the tests taking one are the contract.
extension TestBackend {
    /// New, empty API tokens on this backend.
    func makeAPITokens() throws -> any APITokens {
        try make(sqlite: { try SQLiteAPITokens(dataDirectory: $0) }, postgres: { try PostgresAPITokens(pool: $0) })
            .store
    }
}

/// Personal API tokens: a secret shown once and kept only as its hash, a person's own to list and
/// revoke, at most ten, their use noted at most hourly, gone with the person.
@Suite(.timeLimit(.minutes(3))) struct APITokensTests {
    let alice = PersonID(rawValue: 7)
    let bob = PersonID(rawValue: 8)
    let start = Date(timeIntervalSince1970: 1_795_000_000)

    @Test(arguments: TestBackend.onDisk) func aTokenReadsAsItsPersonUntilRevoked(kind: TestBackend) throws {
        let store = try kind.makeAPITokens()
        // Given a token A made for Home Assistant
        let made = try #require(try store.make(named: "  Home Assistant\n", for: alice, now: start))
        #expect(made.token.name == "Home Assistant" && made.secret.text.hasPrefix("fk_"))
        #expect(made.secret.text.utf8.count == 46)
        // Then its secret reads as A, and a secret of the same form that no token has as no one
        #expect(try store.person(holding: made.secret, now: start) == alice)
        #expect(try store.person(holding: APITokenSecret.random(), now: start) == nil)
        // And A lists it (no secret there), B does not, and B cannot revoke it
        #expect(try store.tokens(of: alice).map(\.id) == [made.token.id])
        #expect(try store.tokens(of: bob).isEmpty)
        #expect(try !store.revoke(made.token.id, of: bob))
        #expect(try store.person(holding: made.secret, now: start) == alice)
        // When A revokes it, it reads as no one
        #expect(try store.revoke(made.token.id, of: alice))
        #expect(try store.person(holding: made.secret, now: start) == nil)
        #expect(try store.tokens(of: alice).isEmpty)
    }

    @Test(arguments: TestBackend.onDisk) func onlyTheSecretsHashIsKept(kind: TestBackend) throws {
        // Every column of the stored row, as text (the hash in hex)
        var stored: () throws -> [String] = { [] }
        let store = try kind.make(
            sqlite: { folder in
                let store = try SQLiteAPITokens(dataDirectory: folder)
                stored = {
                    try DatabaseQueue(path: folder.appendingPathComponent(SQLiteAPITokens.fileName).path).read { db in
                        try String.fetchAll(db, sql: "SELECT name || ' ' || hex(hash) || ' ' || person FROM api_token")
                    }
                }
                return store as any APITokens
            },
            postgres: { pool in
                let store = try PostgresAPITokens(pool: pool)
                stored = {
                    try pool.withSession { session in
                        try session.query(
                            "SELECT name || ' ' || upper(encode(hash, 'hex')) || ' ' || person FROM api_token"
                        ).map { try $0.decode(String.self) }
                    }
                }
                return store
            }
        ).store
        let made = try #require(try store.make(named: "e-ink", for: alice, now: start))
        // The stored row holds the SHA-256 of the secret's bytes, never the secret
        let rows = try stored()
        #expect(rows == ["e-ink " + made.secret.hash.map { String(format: "%02X", $0) }.joined() + " 7"])
        #expect(!rows.joined().contains(String(made.secret.text.dropFirst(3))))
    }

    @Test(arguments: TestBackend.onDisk) func tenTokensAPersonThenNoMore(kind: TestBackend) throws {
        let store = try kind.makeAPITokens()
        for index in 0..<APITokenLimits.perPerson {
            #expect(try store.make(named: "t\(index)", for: alice, now: start.addingTimeInterval(Double(index))) != nil)
        }
        // The eleventh is refused; B still makes theirs
        #expect(try store.make(named: "one more", for: alice, now: start) == nil)
        #expect(try store.make(named: "B's", for: bob, now: start) != nil)
        // Newest first
        #expect(try store.tokens(of: alice).first?.name == "t9")
        // After a revoke there is room for one
        let last = try #require(try store.tokens(of: alice).first)
        #expect(try store.revoke(last.id, of: alice))
        #expect(try store.make(named: "again", for: alice, now: start) != nil)
    }

    @Test(arguments: TestBackend.onDisk) func aUseIsNotedAtMostHourly(kind: TestBackend) throws {
        let store = try kind.makeAPITokens()
        let made = try #require(try store.make(named: "dashboard", for: alice, now: start))
        #expect(try store.tokens(of: alice).first?.lastUsedAt == nil)
        // Used now, then every minute for an hour: the first use is what it shows
        for minute in 0..<60 {
            _ = try store.person(holding: made.secret, now: start.addingTimeInterval(Double(minute * 60)))
        }
        #expect(try store.tokens(of: alice).first?.lastUsedAt == start)
        // An hour later, the new use
        _ = try store.person(holding: made.secret, now: start.addingTimeInterval(3600))
        #expect(try store.tokens(of: alice).first?.lastUsedAt == start.addingTimeInterval(3600))
    }

    @Test(arguments: TestBackend.onDisk) func erasingAPersonErasesTheirTokensOnly(kind: TestBackend) throws {
        let store = try kind.makeAPITokens()
        let alices = try #require(try store.make(named: "A", for: alice, now: start))
        let bobs = try #require(try store.make(named: "B", for: bob, now: start))
        try store.erase(alice)
        #expect(try store.person(holding: alices.secret, now: start) == nil)
        #expect(try store.person(holding: bobs.secret, now: start) == bob)
    }

    @Test func aSecretOfAnotherFormIsNone() {
        for text in [
            "", "fk_", "fk_short", "xx_" + String(repeating: "A", count: 43), "fk_" + String(repeating: "!", count: 43),
            "fk_" + String(repeating: "A", count: 44),
        ] {
            #expect(APITokenSecret(text: text) == nil, "\(text)")
        }
        let secret = APITokenSecret.random()
        #expect(APITokenSecret(text: secret.text) == secret)
        #expect("\(secret)" == "API token")
    }

    @Test func aNameIsTrimmedCleanedAndCut() {
        #expect(APITokenLimits.keptName(" a\u{0}b\tc ") == "abc")
        #expect(APITokenLimits.keptName(String(repeating: "x", count: 500)).count == APITokenLimits.nameLength)
        #expect(APITokenLimits.keptName(" \n ").isEmpty)
    }
}
