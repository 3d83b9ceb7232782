import AppPatterns
import Crypto
import Foundation

/// A browser's push subscription, as the Push API's `PushSubscription.toJSON()` gives it: where
/// to send (the push service's endpoint) and whom to encrypt for (RFC 8291: the browser's P-256
/// key and a shared authentication secret). Everything in it comes from a client, so it is
/// checked here once: a subscription that exists is one a message can be encrypted for. Which
/// push services the server may send to is the app's policy, not this type's.
public struct PushSubscription: Sendable, Hashable {
    /// The push service's address for this subscription (`https://…`).
    public let endpoint: URL
    /// The browser's public key, an uncompressed P-256 point (65 bytes).
    public let p256dh: [UInt8]
    /// The authentication secret (16 bytes).
    public let auth: [UInt8]

    /// The longest endpoint taken (the real services' are under 500 characters).
    public static let maximumEndpointLength = 1024

    /// A subscription from its JSON's strings (the keys in base64url).
    public init(endpoint: String, p256dh: String, auth: String) throws(PushSubscriptionError) {
        guard endpoint.utf8.count <= Self.maximumEndpointLength, let url = URL(string: endpoint),
            let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http",
            let host = url.host, !host.isEmpty, url.user == nil, url.password == nil
        else { throw .endpoint }
        guard let key = Base64URL.decode(p256dh), key.count == 65, key.first == 4,
            (try? P256.KeyAgreement.PublicKey(x963Representation: key)) != nil
        else { throw .key }
        guard let secret = Base64URL.decode(auth), secret.count == 16 else { throw .authSecret }
        self.endpoint = url
        self.p256dh = key
        self.auth = secret
    }

    /// The origin of the endpoint (`https://push.example.net`): the audience of a VAPID token,
    /// without the scheme's default port (as push services compare it).
    public var origin: String {
        let scheme = (endpoint.scheme ?? "https").lowercased()
        var origin = scheme + "://" + (endpoint.host ?? "").lowercased()
        if let port = endpoint.port, port != (scheme == "https" ? 443 : 80) { origin += ":\(port)" }
        return origin
    }
}

/// What is wrong with a subscription a client sent.
public enum PushSubscriptionError: Error, Equatable, CustomStringConvertible {
    /// Not an `http(s)` address with a host, or too long.
    case endpoint
    /// `p256dh` is not base64url of an uncompressed point of P-256.
    case key
    /// `auth` is not base64url of 16 bytes.
    case authSecret

    public var description: String {
        switch self {
        case .endpoint: "the push endpoint is not an http(s) address"
        case .key: "the subscription's p256dh is not a P-256 public key"
        case .authSecret: "the subscription's auth is not a 16-byte secret"
        }
    }
}
