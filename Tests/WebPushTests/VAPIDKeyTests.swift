import AppPatterns
import Crypto
import Foundation
import Testing

@testable import WebPush

/// VAPID (RFC 8292): the token a push service checks, and the request that carries a message.
@Suite struct VAPIDKeyTests {
    struct Header: Decodable, Equatable {
        var typ: String
        var alg: String
    }
    struct Claims: Decodable, Equatable {
        var aud: String
        var exp: Int64
        var sub: String
    }

    /// The token and key of an `Authorization: vapid t=…,k=…` header.
    func parts(_ authorization: String) throws -> (token: String, key: String) {
        let match = try #require(authorization.wholeMatch(of: /vapid t=([A-Za-z0-9_\-.]+),k=([A-Za-z0-9_\-]+)/))
        return (String(match.output.1), String(match.output.2))
    }

    @Test func theTokenNamesTheAudienceAndExpiryAndIsSignedByTheKeyItNames() throws {
        let key = VAPIDKey()
        let expiry = Date(timeIntervalSince1970: 1_795_000_000)
        let authorization = try key.authorization(
            audience: "https://push.example.net", subject: "mailto:admin@example.org", expiry: expiry)
        let (token, keyText) = try parts(authorization)
        #expect(keyText == key.publicKeyText && key.publicKey.count == 65)
        let segments = token.split(separator: ".").map(String.init)
        try #require(segments.count == 3)
        let header = try JSONDecoder().decode(Header.self, from: Data(try #require(Base64URL.decode(segments[0]))))
        #expect(header == Header(typ: "JWT", alg: "ES256"))
        let claims = try JSONDecoder().decode(Claims.self, from: Data(try #require(Base64URL.decode(segments[1]))))
        #expect(claims == Claims(aud: "https://push.example.net", exp: 1_795_000_000, sub: "mailto:admin@example.org"))
        // The signature (raw r || s) verifies with the public key in `k`, and with no other
        let signature = try P256.Signing.ECDSASignature(
            rawRepresentation: try #require(Base64URL.decode(segments[2])))
        let signed = Data((segments[0] + "." + segments[1]).utf8)
        let publicKey = try P256.Signing.PublicKey(x963Representation: try #require(Base64URL.decode(keyText)))
        #expect(publicKey.isValidSignature(signature, for: signed))
        #expect(!VAPIDKey().publicKeyIsValid(signature, for: signed))
    }

    @Test func aKeptKeyIsTheSameKey() throws {
        let key = VAPIDKey()
        let kept = try VAPIDKey(privateKeyBytes: key.privateKeyBytes)
        #expect(kept.publicKey == key.publicKey && key.privateKeyBytes.count == 32)
        #expect(throws: (any Error).self) { try VAPIDKey(privateKeyBytes: [1, 2, 3]) }
    }

    @Test func aPushRequestCarriesTheEncryptedTextToTheEndpointWithItsHeaders() throws {
        let browser = P256.KeyAgreement.PrivateKey()
        let subscription = try PushSubscription(
            endpoint: "https://push.example.net:8443/p/1",
            p256dh: Base64URL.encode(browser.publicKey.x963Representation),
            auth: Base64URL.encode([UInt8](repeating: 9, count: 16)))
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        let request = try PushRequest(
            text: "Dyynien kartta", to: subscription, key: VAPIDKey(), subject: "https://finnkino.example", now: now)
        #expect(request.url.absoluteString == "https://push.example.net:8443/p/1")
        let headers = Dictionary(uniqueKeysWithValues: request.headers.map { ($0.name, $0.value) })
        #expect(headers["Content-Encoding"] == "aes128gcm" && headers["TTL"] == "86400")
        let token = try parts(try #require(headers["Authorization"])).token
        let claims = try JSONDecoder().decode(
            Claims.self, from: Data(try #require(Base64URL.decode(String(token.split(separator: ".")[1])))))
        #expect(claims.aud == "https://push.example.net:8443" && claims.exp == 1_795_000_000 + 12 * 3600)
        #expect(request.body.count == 86 + "Dyynien kartta".utf8.count + 1 + 16)
    }

    @Test(arguments: [
        (201, PushDelivery.delivered), (202, .delivered), (404, .expired), (410, .expired), (429, .retryLater),
        (503, .retryLater), (400, .refused(status: 400)), (403, .refused(status: 403)), (413, .refused(status: 413)),
    ])
    func thePushServicesAnswerSaysWhatBecomesOfTheSubscription(status: Int, delivery: PushDelivery) {
        #expect(PushDelivery(status: status) == delivery)
    }
}

extension VAPIDKey {
    /// Whether this key's public key verifies `signature` (for the test that another key does not).
    fileprivate func publicKeyIsValid(_ signature: P256.Signing.ECDSASignature, for data: Data) -> Bool {
        (try? P256.Signing.PublicKey(x963Representation: publicKey))?.isValidSignature(signature, for: data) ?? false
    }
}
