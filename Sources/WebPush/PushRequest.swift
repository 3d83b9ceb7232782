import Foundation

/// One push message as the HTTP request to the push service (RFC 8030 section 5): `POST` to the
/// subscription's endpoint with the encrypted body (RFC 8291) and the VAPID authorization (RFC
/// 8292). Sending it is the app's, through its own HTTP client and limits.
public struct PushRequest: Sendable {
    public let url: URL
    public let headers: [(name: String, value: String)]
    public let body: [UInt8]

    /// The request that carries `text` to `subscription`, kept by the push service for `ttl`
    /// seconds while the browser is unreachable, the token valid until `now` + 12 hours.
    public init(
        text: String, to subscription: PushSubscription, key: VAPIDKey, subject: String, ttl: Int = 86_400,
        urgency: String = "normal", now: Date = Date()
    ) throws {
        url = subscription.endpoint
        body = try PushEncryption.encrypt(Array(text.utf8), for: subscription)
        headers = [
            ("TTL", String(ttl)),
            ("Urgency", urgency),
            ("Content-Type", "application/octet-stream"),
            ("Content-Encoding", "aes128gcm"),
            (
                "Authorization",
                try key.authorization(
                    audience: subscription.origin, subject: subject, expiry: now.addingTimeInterval(12 * 3600))
            ),
        ]
    }
}

/// What the push service's answer means for the subscription (RFC 8030 sections 5 and 7).
public enum PushDelivery: Equatable, Sendable {
    /// Accepted (201, or another 2xx).
    case delivered
    /// The subscription is gone (404, 410): forget it.
    case expired
    /// Try again later (429, 5xx).
    case retryLater
    /// Refused for good (another status: 400 bad request, 401/403 a key it does not know, 413 too large).
    case refused(status: Int)

    public init(status: Int) {
        switch status {
        case 200..<300: self = .delivered
        case 404, 410: self = .expired
        case 429, 500..<600: self = .retryLater
        default: self = .refused(status: status)
        }
    }
}
