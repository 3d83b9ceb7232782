import AppPatterns
import Crypto
import Foundation
import TestSupport
import Testing
import WebPush

@testable import FinnkinoKit
@testable import FinnkinoStores

/// Every kind of ``PushSubscriptions`` the server can run on; the tests taking one are the contract.
extension TestBackend {
    /// New, empty push subscriptions on this backend.
    func makePushSubscriptions() throws -> any PushSubscriptions {
        try make(
            sqlite: { try SQLitePushSubscriptions(dataDirectory: $0) },
            postgres: { try PostgresPushSubscriptions(pool: $0) }
        ).store
    }
}

/// Push subscriptions: each endpoint one person's, the oldest beyond the limit forgotten, gone
/// when its person turns it off, when the push service says so, or with the person.
@Suite(.timeLimit(.minutes(3))) struct PushSubscriptionsTests {
    let alice = PersonID(rawValue: 7)
    let bob = PersonID(rawValue: 8)
    let start = Date(timeIntervalSince1970: 1_795_000_000)

    static func subscription(_ name: String) throws -> PushSubscription {
        try PushSubscription(
            endpoint: "https://push.example.net/\(name)",
            p256dh: Base64URL.encode(P256.KeyAgreement.PrivateKey().publicKey.x963Representation),
            auth: Base64URL.encode((0..<16).map { UInt8($0) }))
    }

    @Test(arguments: TestBackend.onDisk) func anEndpointIsOnePersonsAtATime(
        kind: TestBackend
    ) throws {
        let store = try kind.makePushSubscriptions()
        let phone = try Self.subscription("phone")
        let laptop = try Self.subscription("laptop")
        // Given A's phone and laptop
        try store.add(phone, for: alice, device: 1, now: start)
        try store.add(laptop, for: alice, device: 1, now: start.addingTimeInterval(1))
        // Then A reads both, newest first, whole; B none
        #expect(try store.subscriptions(of: alice).map(\.subscription) == [laptop, phone])
        #expect(try store.subscriptions(of: bob).isEmpty)
        // And each keeps the device it was made on (the local person's none)
        try store.add(laptop, for: alice, device: 42, now: start.addingTimeInterval(1))
        #expect(try store.subscriptions(of: alice).map(\.device) == [42, 1])
        try store.add(laptop, for: .local, device: nil, now: start.addingTimeInterval(1))
        #expect(try store.subscriptions(of: .local).map(\.device) == [nil])
        // When the laptop joins B and subscribes again, it is B's only
        try store.add(laptop, for: bob, device: 7, now: start.addingTimeInterval(2))
        #expect(try store.subscriptions(of: alice).map(\.subscription) == [phone])
        #expect(try store.subscriptions(of: bob).map(\.subscription) == [laptop])
        // When B tries to turn off A's phone, nothing changes; A can
        try store.remove(endpoint: phone.endpoint, of: bob)
        #expect(try store.subscriptions(of: alice).map(\.subscription) == [phone])
        try store.remove(endpoint: phone.endpoint, of: alice)
        #expect(try store.subscriptions(of: alice).isEmpty)
        // When the push service says B's laptop is gone, it is
        try store.expire(endpoint: laptop.endpoint)
        #expect(try store.subscriptions(of: bob).isEmpty)
        // And erasing a person forgets theirs only
        try store.add(phone, for: alice, device: 1, now: start)
        try store.add(laptop, for: bob, device: 1, now: start)
        try store.erase(alice)
        #expect(
            try store.subscriptions(of: alice).isEmpty
                && (try store.subscriptions(of: bob).map(\.subscription)) == [laptop])
    }

    @Test(arguments: TestBackend.onDisk) func theOldestBeyondTheLimitIsForgotten(
        kind: TestBackend
    ) throws {
        let store = try kind.makePushSubscriptions()
        let devices = try (0...PushSubscriptionLimits.perPerson).map { try Self.subscription("d\($0)") }
        for (index, device) in devices.enumerated() {
            try store.add(device, for: alice, device: 1, now: start.addingTimeInterval(Double(index)))
        }
        let kept = try store.subscriptions(of: alice).map(\.subscription)
        #expect(kept.count == PushSubscriptionLimits.perPerson)
        #expect(!kept.contains(devices[0]) && kept.first == devices.last)
    }
}
