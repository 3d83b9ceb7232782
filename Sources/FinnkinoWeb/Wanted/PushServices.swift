import Foundation
import WebPush

/// Which push services the server sends to: the browsers' own (Chrome's, Firefox's, Safari's,
/// Edge's), over https, and any origin the operator adds (`serve --push-service`, a test's
/// loopback service). A subscription is a URL a client chose: without this, any client could make
/// the server post to any address it can reach, its own network included.
public struct PushServices: Sendable, Equatable {
    /// Push services by host name.
    static let knownHosts: Set<String> = [
        "fcm.googleapis.com", "android.googleapis.com", "updates.push.services.mozilla.com", "web.push.apple.com",
    ]
    /// Push services by domain (Windows' has a host per region).
    static let knownDomains = [".notify.windows.com"]

    /// Origins added by the operator (`http://127.0.0.1:4567`), as ``PushSubscription/origin``
    /// writes them.
    let addedOrigins: Set<String>

    init(addedOrigins: Set<String> = []) {
        self.addedOrigins = addedOrigins
    }

    /// Whether the server may send to `subscription`'s endpoint: its host as written (never
    /// percent-decoded: `127.0.0.1%00.notify.windows.com` is no Windows host) only of letters,
    /// digits, dots and hyphens.
    func allow(_ subscription: PushSubscription) -> Bool {
        let endpoint = subscription.endpoint
        guard let components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false),
            let written = components.percentEncodedHost, !written.isEmpty,
            written.utf8.allSatisfy({ Self.hostBytes.contains($0) })
        else { return false }
        if addedOrigins.contains(subscription.origin) { return true }
        let host = written.lowercased()
        guard endpoint.scheme?.lowercased() == "https", endpoint.port == nil || endpoint.port == 443 else {
            return false
        }
        return Self.knownHosts.contains(host)
            || Self.knownDomains.contains { host.hasSuffix($0) && host.count > $0.count }
    }

    /// What a host name may be written with here.
    private static let hostBytes = Set(Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-".utf8))

    /// The origin of an address the operator gives (`--push-service`); nil when it is not an
    /// http(s) address with a host and nothing else but a path.
    public static func origin(of address: String) -> String? {
        guard let url = URL(string: address), let scheme = url.scheme?.lowercased(),
            ["http", "https"].contains(scheme),
            let host = url.host?.lowercased(), !host.isEmpty, url.user == nil, url.query == nil
        else { return nil }
        return scheme + "://" + host + (url.port.map { ":\($0)" } ?? "")
    }
}
