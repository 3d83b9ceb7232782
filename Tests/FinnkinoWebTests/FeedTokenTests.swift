import AppPatterns
import Crypto
import FinnkinoKit
import Foundation
import Testing

@testable import FinnkinoWeb

/// The address of a person's private feeds: made only by the server, naming one person and one
/// generation, every altered or foreign token refused.
@Suite struct FeedTokenTests {
    let key = CSRFSecret.random().derivedKey(FeedToken.keyLabel)

    @Test func aTokenSaysNothingOfWhoseItIsAndRenewedOnesCannotBeLinked() throws {
        let person = PersonID(rawValue: 0x0102_0304_0506_0708)
        let before = try #require(
            Base64URL.decode(FeedToken(person: person, generation: 1, feed: .calendar).text(key: key)))
        let after = try #require(
            Base64URL.decode(FeedToken(person: person, generation: 2, feed: .calendar).text(key: key)))
        let atom = try #require(Base64URL.decode(FeedToken(person: person, generation: 2, feed: .atom).text(key: key)))
        // The person's ID is in no token, neither its bytes nor as text
        let id: [UInt8] = [1, 2, 3, 4, 5, 6, 7, 8]
        for token in [before, after, atom] {
            #expect(!(0...(token.count - 4)).contains { Array(token[$0..<$0 + 4]) == Array(id[4..<8]) })
        }
        // And two addresses of one person (renewed, or the other feed) share no run of bytes
        // that would link them: at most a few bytes agree, by chance
        for (a, b) in [(before, after), (after, atom)] {
            #expect(zip(a, b).filter { $0 == $1 }.count < 6)
            #expect(a.prefix(4) != b.prefix(4))
        }
        // And the Atom feed's ID names no person, and changes with the addresses
        let idBefore = FeedToken(person: person, generation: 1, feed: .atom).feedID(key: key)
        let idAfter = FeedToken(person: person, generation: 2, feed: .atom).feedID(key: key)
        #expect(idBefore != idAfter && !idBefore.contains(String(person.rawValue)))
    }

    @Test func aTokenNamesItsPersonAndGenerationAndOnlyTheServersKeyMakesOne() throws {
        let token = FeedToken(person: PersonID(rawValue: 123_456_789), generation: 3, feed: .calendar)
        let text = token.text(key: key)
        #expect(text.count == 39 && text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        #expect(FeedToken(text: text, key: key) == token)
        // Each feed has its own token
        let atom = FeedToken(person: token.person, generation: 3, feed: .atom)
        #expect(atom.text(key: key) != text && FeedToken(text: atom.text(key: key), key: key) == atom)
        // Another key (another server, or the CSRF key itself) refuses it
        #expect(FeedToken(text: text, key: CSRFSecret.random().derivedKey(FeedToken.keyLabel)) == nil)
        #expect(FeedToken(text: text, key: SymmetricKey(size: .bits256)) == nil)
        // Any byte changed is refused
        let bytes = try #require(Base64URL.decode(text))
        for index in bytes.indices {
            var changed = bytes
            changed[index] ^= 0x01
            #expect(FeedToken(text: Base64URL.encode(changed), key: key) == nil, "byte \(index)")
        }
        // And so is what is not a token
        for junk in ["", "abc", String(text.dropLast()), text + "A", String(repeating: "A", count: 39), "../../etc"] {
            #expect(FeedToken(text: junk, key: key) == nil, "\(junk)")
        }
    }
}
