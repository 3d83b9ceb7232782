import AppPatterns
import Crypto
import Foundation
import Testing

@testable import WebPush

/// RFC 8291's message encryption, held to the RFC's own example (Appendix A), and what the
/// server refuses to encrypt. (Python's independent `http-ece` decrypts real messages in the
/// browser suite's end-to-end test.)
@Suite struct PushEncryptionTests {
    /// RFC 8291, Appendix A: the browser's keys, the server's key, the salt and the body.
    enum Example {
        static let plaintext = "When I grow up, I want to be a watermelon"
        static let senderPrivate = "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw"
        static let browserPublic =
            "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"
        static let auth = "BTBZMqHH6r4Tts7J_aSIgg"
        static let salt = "DGv6ra1nlYgDCS1FRnbzlw"
        static let body =
            "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN"
    }

    let subscription: PushSubscription

    init() throws {
        subscription = try PushSubscription(
            endpoint: "https://push.example.net/push/JzLQ3raZJfFBR0aqvOMsLrt54w4rJUsV",
            p256dh: Example.browserPublic, auth: Example.auth)
    }

    @Test func theRFCsExampleIsEncryptedToTheRFCsBody() throws {
        let senderKey = try P256.KeyAgreement.PrivateKey(
            rawRepresentation: try #require(Base64URL.decode(Example.senderPrivate)))
        let body = try PushEncryption.encrypt(
            Array(Example.plaintext.utf8), for: subscription, senderKey: senderKey,
            salt: try #require(Base64URL.decode(Example.salt)))
        #expect(Base64URL.encode(body) == Example.body)
    }

    @Test func everyMessageHasItsOwnKeyAndSaltAndTheHeaderSaysSo() throws {
        let text = Array("Dyynien kartta: näytöksiä Tennarissa 28.11. alkaen".utf8)
        let first = try PushEncryption.encrypt(text, for: subscription)
        let second = try PushEncryption.encrypt(text, for: subscription)
        #expect(first != second)
        #expect(first[0..<16] != second[0..<16])  // the salts
        // salt (16), record size 4096, key length 65, the key (an uncompressed point), the sealed text
        #expect(Array(first[16..<20]) == [0, 0, 0x10, 0] && first[20] == 65 && first[21] == 4)
        #expect(first.count == 16 + 4 + 1 + 65 + text.count + 1 + 16)
    }

    @Test func aTextLongerThanAPushServiceCarriesIsRefused() throws {
        let longest = [UInt8](repeating: 0x61, count: PushEncryption.maximumPlaintext)
        #expect(try PushEncryption.encrypt(longest, for: subscription).count == 4096)
        #expect(throws: PushEncryptionError.tooLong(3994)) {
            try PushEncryption.encrypt(longest + [0x61], for: subscription)
        }
    }
}
