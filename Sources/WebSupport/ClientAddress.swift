import Foundation

/// Who a request comes from, as far as a server can tell: the address of the connection, or,
/// when that connection is from a reverse proxy the operator named (`--trusted-proxy`), the
/// address that proxy says it forwards for (`X-Forwarded-For`, read from the right: the last
/// address no trusted proxy added). A forwarded address from anyone else is ignored, since any
/// client can write the header.
///
/// The limits of "per client" count by ``key``: an IPv4 address whole, an IPv6 address by its
/// first 64 bits (one subscriber's network: a client there has 2^64 addresses to move between).
public struct ClientAddress: Hashable, Sendable, CustomStringConvertible {
    /// The address as read (`203.0.113.5`, `2001:db8::1`); `unknown` when the connection has none.
    public let text: String
    /// What limits per client count by.
    public let key: String

    public var description: String { text }

    public init(_ text: String) {
        self.text = text
        key = Self.prefix(of: text)
    }

    /// The client of a connection from `peer` (nil: unknown) with these `X-Forwarded-For` values.
    public static func of(peer: String?, forwardedFor: [String], trusted: TrustedProxies) -> ClientAddress {
        guard var current = peer.map(TrustedProxies.normalized) else { return ClientAddress("unknown") }
        guard trusted.contains(current) else { return ClientAddress(current) }
        // Each proxy appends the address it heard from: walk back while the hop is a trusted proxy.
        let hops = forwardedFor.flatMap { $0.split(separator: ",") }
            .map { TrustedProxies.normalized($0.trimmingCharacters(in: .whitespaces)) }
        for hop in hops.reversed().prefix(16) {
            guard Self.isAddress(hop) else { break }
            current = hop
            guard trusted.contains(hop) else { break }
        }
        return ClientAddress(current)
    }

    /// Whether `text` is an IPv4 or IPv6 address.
    public static func isAddress(_ text: String) -> Bool {
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, text, &v4) == 1 || inet_pton(AF_INET6, text, &v6) == 1
    }

    private static func prefix(of text: String) -> String {
        var v6 = in6_addr()
        guard text.contains(":"), inet_pton(AF_INET6, text, &v6) == 1 else { return text }
        let bytes = withUnsafeBytes(of: &v6) { Array($0.prefix(8)) }
        return bytes.map { String(format: "%02x", $0) }.joined() + "::/64"
    }
}

/// The reverse proxies a server believes about whom they forward for (`--trusted-proxy`), by
/// exact address.
public struct TrustedProxies: Sendable {
    public let addresses: Set<String>

    public init(_ addresses: some Sequence<String> = []) {
        self.addresses = Set(addresses.map(Self.normalized))
    }

    public func contains(_ address: String) -> Bool { addresses.contains(address) }

    /// An address as compared: lower case, without brackets or an IPv4-mapped IPv6 prefix.
    public static func normalized(_ address: String) -> String {
        var text = address.lowercased()
        if text.hasPrefix("["), text.hasSuffix("]") { text = String(text.dropFirst().dropLast()) }
        if text.hasPrefix("::ffff:"), text.contains(".") { text = String(text.dropFirst(7)) }
        return text
    }
}
