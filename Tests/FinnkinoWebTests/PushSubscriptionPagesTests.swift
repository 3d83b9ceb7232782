import AppPatterns
import Crypto
import FinnkinoKit
import FinnkinoStores
import Foundation
import Testing
import WebPush

@testable import FinnkinoWeb

/// A subscription as the page's script sends it: a fresh P-256 key and secret.
enum PushTestSubscription {
    /// A browser's key and secret, in base64url.
    static var keys: (String, String) {
        (
            Base64URL.encode(P256.KeyAgreement.PrivateKey().publicKey.x963Representation),
            Base64URL.encode((0..<16).map { _ in UInt8.random(in: 0...255) })
        )
    }

    static func form(_ endpoint: String) throws -> String {
        let (key, auth) = keys
        let encoded = try #require(endpoint.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        return "endpoint=\(encoded)&p256dh=\(key)&auth=\(auth)"
    }
}

/// A browser taking its person's announcements as pushes: only a real subscription, only to a
/// push service the server sends to, only its own person's.
@Suite struct PushSubscriptionPagesTests {
    @Test func aBrowserSubscribesToAKnownServiceAndUnsubscribesItsOwn() async throws {
        let store = SQLitePushSubscriptions()
        let persons = try SQLitePersonStore.inMemory()
        let server = try await WebServer.start(hosted: true, persons: persons, pushSubscriptions: store)
        defer { Task { await server.stop() } }
        var a = HostedBrowser(server)
        var b = HostedBrowser(server)
        _ = try await a.get("/bookmarks")
        _ = try await b.get("/bookmarks")
        // When A's browser subscribes through Chrome's push service
        let endpoint = "https://fcm.googleapis.com/fcm/send/abc:123"
        let subscribed = try await a.post("/push/subscribe", try PushTestSubscription.form(endpoint))
        #expect(subscribed.status == 200 && subscribed.header("Content-Type") == "application/json")
        // (the answer gives the token of the person it made, as the page's script takes it)
        let token = try #require(subscribed.body.firstMatch(of: /\{"csrf":"([0-9a-f]+)"\}/)?.output.1)
        a.csrf = String(token)
        let session = try #require(SessionToken(text: a.session ?? ""))
        let alice = try #require(try persons.person(of: session))
        #expect(try store.subscriptions(of: alice).map(\.subscription.endpoint.absoluteString) == [endpoint])
        // Then B cannot turn it off; A can
        let encoded = try #require(endpoint.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        #expect(try await b.post("/push/unsubscribe", "endpoint=\(encoded)").status == 200)
        #expect(try store.subscriptions(of: alice).count == 1)
        let off = try await a.post("/push/unsubscribe", "endpoint=\(encoded)")
        #expect(off.status == 200)
        #expect(try store.subscriptions(of: alice).isEmpty)
        // And without a CSRF token nothing is taken
        #expect(try await a.post("/push/subscribe", try PushTestSubscription.form(endpoint), token: "x").status == 403)
    }

    @Test func whatIsNotASubscriptionToAKnownServiceIsRefused() async throws {
        let store = SQLitePushSubscriptions()
        let server = try await WebServer.start(hosted: true, pushSubscriptions: store)
        defer { Task { await server.stop() } }
        var a = HostedBrowser(server)
        _ = try await a.get("/bookmarks")
        // Addresses the server must never post to: its own network, another scheme, an unknown host
        for endpoint in [
            "http://127.0.0.1:8080/admin", "https://169.254.169.254/latest/meta-data",
            "https://fcm.googleapis.com.evil.example/x",
            "https://evil.example/fcm.googleapis.com", "http://fcm.googleapis.com/fcm/send/x",
            "https://fcm.googleapis.com:8443/x",
            "https://127.0.0.1%00.notify.windows.com/x", "https://127.0.0.1%20.notify.windows.com/x",
            "https://fcm.googleapis.com%2eevil.example/x", "https://.notify.windows.com/x", "https://[::1]/x",
            "https://fcm.googleapis.com./x", "https://evilnotify.windows.com/x",
        ] {
            #expect(
                try await a.post("/push/subscribe", try PushTestSubscription.form(endpoint)).status == 403,
                "\(endpoint)")
        }
        // And what is not a subscription at all
        let good = try PushTestSubscription.form("https://updates.push.services.mozilla.com/wpush/v2/x")
        for body in [
            "", "endpoint=https%3A%2F%2Ffcm.googleapis.com%2Fx",
            good.replacingOccurrences(of: "p256dh=", with: "p256dh=AA"),
            good.replacingOccurrences(of: "auth=", with: "auth=AAAA"),
            "endpoint=" + String(repeating: "a", count: 2000),
        ] {
            #expect(try await a.post("/push/subscribe", body).status == 400, "\(body.prefix(80))")
        }
        #expect(try await a.post("/push/subscribe", good).status == 200)
        // (a known service written in capitals, or with its default port, is that service)
        _ = try await a.get("/bookmarks")
        for endpoint in [
            "https://FCM.GoogleAPIs.com/fcm/send/y", "https://wns2-par02p.notify.windows.com:443/w/?token=z",
        ] {
            #expect(
                try await a.post("/push/subscribe", try PushTestSubscription.form(endpoint)).status == 200,
                "\(endpoint)")
            _ = try await a.get("/bookmarks")
        }
        _ = try await a.get("/bookmarks")
        #expect(try await a.post("/push/unsubscribe", "").status == 400)
    }
}
