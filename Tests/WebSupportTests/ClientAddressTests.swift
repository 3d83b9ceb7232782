import Testing

@testable import WebSupport

/// Who a request comes from: the connection's address, or what a proxy the operator trusts says.
@Suite struct ClientAddressTests {
    @Test func aForwardedAddressIsBelievedOnlyFromATrustedProxy() {
        let trusted = TrustedProxies(["127.0.0.1"])
        // From the trusted proxy: the address it forwards for
        #expect(
            ClientAddress.of(peer: "127.0.0.1", forwardedFor: ["203.0.113.5"], trusted: trusted).text == "203.0.113.5")
        // From anyone else: their own address, whatever they write
        #expect(
            ClientAddress.of(peer: "198.51.100.7", forwardedFor: ["203.0.113.5"], trusted: trusted).text
                == "198.51.100.7")
        #expect(
            ClientAddress.of(peer: "127.0.0.1", forwardedFor: ["203.0.113.5"], trusted: TrustedProxies()).text
                == "127.0.0.1")
    }

    @Test func theClientIsTheLastAddressNoTrustedProxyAdded() {
        let trusted = TrustedProxies(["127.0.0.1", "10.0.0.2"])
        // A client that writes its own X-Forwarded-For before the proxies append theirs
        let address = ClientAddress.of(
            peer: "127.0.0.1", forwardedFor: ["1.2.3.4, 203.0.113.5", "10.0.0.2"], trusted: trusted)
        #expect(address.text == "203.0.113.5")
        // Something that is no address ends the walk at the last good one
        #expect(
            ClientAddress.of(peer: "127.0.0.1", forwardedFor: ["evil, 203.0.113.9"], trusted: trusted).text
                == "203.0.113.9")
        #expect(
            ClientAddress.of(peer: "127.0.0.1", forwardedFor: ["203.0.113.9, <x>"], trusted: trusted).text
                == "127.0.0.1")
        #expect(ClientAddress.of(peer: nil, forwardedFor: ["203.0.113.5"], trusted: trusted).text == "unknown")
    }

    @Test func anIPv6ClientCountsByItsNetwork() {
        let a = ClientAddress("2001:db8:1:2::1")
        let b = ClientAddress("2001:db8:1:2:ffff::9")
        let c = ClientAddress("2001:db8:1:3::1")
        #expect(a.key == b.key)
        #expect(a.key != c.key)
        #expect(ClientAddress("203.0.113.5").key == "203.0.113.5")
        #expect(TrustedProxies(["::ffff:127.0.0.1"]).contains("127.0.0.1"))
    }
}
