import Foundation
import Testing

@testable import AppPatterns

/// base64url without padding, strict: one spelling per byte string.
@Suite struct Base64URLTests {
    @Test func everyLengthRoundTripsAndMatchesFoundationsBase64() {
        var generator = SystemRandomNumberGenerator()
        for length in 0...70 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let text = Base64URL.encode(bytes)
            let foundation = Data(bytes).base64EncodedString()
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
            #expect(text == foundation, "\(length) bytes")
            #expect(Base64URL.decode(text) == bytes, "\(length) bytes")
        }
    }

    @Test(arguments: [
        "QQ==",  // padding
        "a+b/",  // base64's own alphabet
        "QR",  // stray bits in the last character: "QQ" is the one spelling of "A"
        "QUJDR",  // a length no bytes have
        "QU JD", "QUJD\n",
    ])
    func textOfAnotherSpellingIsRefused(text: String) {
        #expect(Base64URL.decode(text) == nil)
    }

    @Test func theEmptyTextIsNoBytes() {
        #expect(Base64URL.decode("") == [])
        #expect(Base64URL.decode("QQ") == [0x41])
    }
}
