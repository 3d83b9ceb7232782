import AppPatterns
import FinnkinoKit
import FinnkinoPresentation
import FinnkinoStores
import Foundation
import Logging
import Testing
import WebPush

@testable import FinnkinoWeb

/// The pusher: one notification per person and subscription whatever number of their movies
/// are on, never to a device signed out (its subscription forgotten), nor to a service the server
/// does not send to.
@Suite struct AnnouncementPusherTests {
    let alice = PersonID(rawValue: 7)
    let now = Date(timeIntervalSince1970: 1_795_600_800)

    func announcement(_ movie: Int, _ title: String) -> Announcement {
        Announcement(
            person: alice, movieID: movie, title: title, area: 1002, theatre: "Tennispalatsi, Helsinki",
            firstShow: now.addingTimeInterval(86_400), salesStart: nil, showCount: 2)
    }

    @Test func severalMoviesOfOneCheckAreOneNotificationOpeningTheBookmarks() throws {
        let one = try JSONDecoder().decode(
            [String: String].self,
            from: Data(try AnnouncementPusher.message([announcement(1, "Dyyni")], language: .en).utf8))
        #expect(one["title"] == "Dyyni is on" && one["url"] == "/movie/1")
        #expect(one["body"]?.contains("Tennispalatsi, Helsinki") == true)
        let two = try JSONDecoder().decode(
            [String: String].self,
            from: Data(
                try AnnouncementPusher.message([announcement(1, "Dyyni"), announcement(2, "Muumit")], language: .en)
                    .utf8))
        #expect(two["title"] == "2 movies you wait for are on" && two["url"] == "/bookmarks")
        #expect(two["body"] == "Dyyni, Muumit")
    }

    @Test func aWeeklyDigestIsOneNotificationWhoseBodyBeginsWithItsHeartbeat() throws {
        let digest = WeeklyDigestWriter.digest(
            followed: [1], shows: [], slot: now, next: now.addingTimeInterval(7 * 86_400), language: .en)
        let message = try JSONDecoder().decode(
            [String: String].self, from: Data(try AnnouncementPusher.digestMessage(digest).utf8))
        #expect(message["title"] == "Your list this week: nothing on" && message["url"] == "/bookmarks")
        #expect(message["body"]?.hasPrefix("Your weekly digest is on: next ") == true)
        // (however long the list, the message stays well within the 4,096 bytes a push carries)
        let long = WeeklyDigest.Sent(slot: now, title: "T", text: String(repeating: "Dyyni\n", count: 1_000))
        #expect(try AnnouncementPusher.digestMessage(long).utf8.count < 1_500)
    }

    @Test func aSignedOutDevicesSubscriptionIsForgottenAndPushedNothing() async throws {
        let store = SQLitePushSubscriptions()
        let key = PushTestSubscription.keys
        // Given A's phone (device 1, signed in) and old laptop (device 2, signed out), both of a
        // service the server sends to that refuses connections, and one of a service it does not
        let phone = try PushSubscription(endpoint: "http://127.0.0.1:9/push/phone", p256dh: key.0, auth: key.1)
        let laptop = try PushSubscription(endpoint: "http://127.0.0.1:9/push/laptop", p256dh: key.0, auth: key.1)
        let other = try PushSubscription(endpoint: "https://push.example.org/x", p256dh: key.0, auth: key.1)
        try store.add(phone, for: alice, device: 1, now: now)
        try store.add(laptop, for: alice, device: 2, now: now)
        try store.add(other, for: alice, device: 1, now: now)
        let pusher = AnnouncementPusher(
            subscriptions: store, services: PushServices(addedOrigins: ["http://127.0.0.1:9"]), key: VAPIDKey(),
            subject: "https://kino.example.org", language: { _ in .fi }, devices: { _ in [1] },
            logger: Logger(label: "test"))
        // When a movie of A's is announced
        let taken = await pusher.push([announcement(1, "Dyyni")], now: now)
        // Then nothing was taken (the phone's service is down), the laptop's subscription is
        // forgotten, and the phone's and the unknown service's are kept (neither is gone)
        #expect(taken == 0)
        #expect(Set(try store.subscriptions(of: alice).map(\.subscription)) == [phone, other])
    }
}
