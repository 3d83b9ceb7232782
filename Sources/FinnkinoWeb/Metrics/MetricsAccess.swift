import Crypto
import Foundation
import HTTPTypes
import WebSupport

/// Who may read `/metrics`: never the public by default.
///
/// - A client on this machine (a loopback peer), unless the request came through a proxy: a
///   reverse proxy on the same machine connects from loopback too, so a request carrying
///   `X-Forwarded-For`, `Forwarded` or `X-Real-IP` is not taken for a local one.
/// - A peer whose address the operator gave (`--metrics-allow`: a Prometheus server scraping
///   directly), on the same terms.
/// - Anyone sending `Authorization: Bearer <token>` with the operator's token (`--metrics-token`
///   or `FINNKINO_METRICS_TOKEN`), compared in constant time.
///
/// Anyone else gets 404, as if there were nothing there.
struct MetricsAccess: Sendable {
    /// The token's SHA-256 (the token itself is not kept).
    private let tokenHash: SHA256.Digest?
    private let allowed: Set<String>

    init(token: String? = nil, allowed: [String] = []) {
        tokenHash = token.flatMap { $0.isEmpty ? nil : SHA256.hash(data: Data($0.utf8)) }
        self.allowed = Set(allowed.map(TrustedProxies.normalized))
    }

    static let proxyHeaders: [HTTPField.Name] = ["X-Forwarded-For", "Forwarded", "X-Real-IP"].compactMap {
        HTTPField.Name($0)
    }

    func allows(peer: String?, headers: HTTPFields) -> Bool {
        if let tokenHash, let authorization = headers[.authorization], authorization.hasPrefix("Bearer ") {
            // Digests of equal length compare in constant time (swift-crypto's `==`).
            if SHA256.hash(data: Data(authorization.dropFirst(7).utf8)) == tokenHash { return true }
        }
        guard let peer, !Self.proxyHeaders.contains(where: { headers[$0] != nil }) else { return false }
        let address = TrustedProxies.normalized(peer)
        return LocalServer.isLoopback(address) || allowed.contains(address)
    }
}
