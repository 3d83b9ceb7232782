import AppPatterns
import Crypto
import Foundation
import Testing

@testable import WebPush

/// A subscription is what a client sent: everything in it is checked before it is kept.
@Suite struct PushSubscriptionTests {
    static let key = Base64URL.encode(P256.KeyAgreement.PrivateKey().publicKey.x963Representation)
    static let auth = Base64URL.encode([UInt8](repeating: 7, count: 16))

    @Test func aBrowsersSubscriptionIsTakenWithItsOrigin() throws {
        let subscription = try PushSubscription(
            endpoint: "https://FCM.googleapis.com/fcm/send/abc:def", p256dh: Self.key, auth: Self.auth)
        #expect(subscription.origin == "https://fcm.googleapis.com")
        #expect(subscription.p256dh.count == 65 && subscription.auth.count == 16)
        let local = try PushSubscription(endpoint: "http://127.0.0.1:8123/push/1", p256dh: Self.key, auth: Self.auth)
        #expect(local.origin == "http://127.0.0.1:8123")
        // The scheme's default port is no part of it (a push service would refuse that audience)
        let explicit = try PushSubscription(
            endpoint: "https://web.push.apple.com:443/x", p256dh: Self.key, auth: Self.auth)
        #expect(explicit.origin == "https://web.push.apple.com")
    }

    @Test(arguments: [
        "", "push.example.net/x", "ftp://push.example.net/x", "file:///etc/passwd", "javascript:alert(1)",
        "https://user:secret@push.example.net/x", "https:///x",
        "https://push.example.net/" + String(repeating: "a", count: 1024),
    ])
    func anEndpointThatIsNoWebAddressIsRefused(endpoint: String) {
        #expect(throws: PushSubscriptionError.endpoint) {
            try PushSubscription(endpoint: endpoint, p256dh: Self.key, auth: Self.auth)
        }
    }

    @Test func keysThatAreNoKeysAreRefused() throws {
        let endpoint = "https://push.example.net/x"
        let notOnTheCurve = Base64URL.encode([4] + [UInt8](repeating: 1, count: 64))
        let compressed = Base64URL.encode(P256.KeyAgreement.PrivateKey().publicKey.compressedRepresentation)
        for key in [
            "", "not base64!", notOnTheCurve, compressed, Self.key + "A",
            Self.key.replacingOccurrences(of: "-", with: "+"),
        ]
        where key != Self.key {
            #expect(throws: PushSubscriptionError.key, "\(key)") {
                try PushSubscription(endpoint: endpoint, p256dh: key, auth: Self.auth)
            }
        }
        for auth in [
            "", Base64URL.encode([UInt8](repeating: 1, count: 15)), Base64URL.encode([UInt8](repeating: 1, count: 32)),
        ] {
            #expect(throws: PushSubscriptionError.authSecret) {
                try PushSubscription(endpoint: endpoint, p256dh: Self.key, auth: auth)
            }
        }
    }
}
