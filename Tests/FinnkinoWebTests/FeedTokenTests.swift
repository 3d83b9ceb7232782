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
