import AsyncHTTPClient
import FinnkinoKit
import FinnkinoPresentation
import Foundation
import Logging
import Metrics
import NIOCore
import NIOHTTP1
import WebPush

/// Pushes each announcement to its person's subscribed browsers (RFC 8030), encrypted for each
/// (RFC 8291) and signed with the server's VAPID key (RFC 8292): a notification that says which
/// movie, where and from when, and opens the movie's page. A subscription the push service says
/// is gone (404, 410) is forgotten, as is one of a device signed out; one of a service the server
/// does not send to is skipped.
struct AnnouncementPusher: Sendable {
    let subscriptions: any PushSubscriptions
    let services: PushServices
    let key: VAPIDKey
    /// The VAPID `sub` claim: how a push service reaches the operator (their public URL).
    let subject: String
    /// The language of a person's notification.
    let language: @Sendable (PersonID) -> UILanguage
    /// The IDs of a person's devices still signed in; nil for the local person (no sessions).
    let devices: @Sendable (PersonID) throws -> Set<Int64>?
    let logger: Logger

    /// How long one push may take, from connecting to the answer.
    static let timeout: TimeAmount = .seconds(15)
    /// How many pushes are sent at once.
    static let concurrency = 4
    /// The most pushes of one check: at 4 at a time and a few hundred milliseconds each, a few
    /// minutes, less than the time between checks. Beyond it, the announcements wait on the
    /// persons' pages and feeds.
    static let maximumPerCheck = 2_000

    /// One client for every push, never shut down (as ``HTTPTransport``'s): no redirect is
    /// followed (a push service answers, it does not send anywhere else).
    private static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .disallow
        configuration.timeout = HTTPClient.Configuration.Timeout(connect: .seconds(5), read: .seconds(15))
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()

    /// The notification's JSON, as the service worker shows it: `title`, `body`, `url`. One
    /// movie's opens its page; several of one check are one notification, opening the Bookmarks
    /// page (which lists what was announced).
    static func message(_ announcements: [Announcement], language: UILanguage) throws -> String {
        let words = language.alerts
        let payload: [String: String]
        if let only = announcements.first, announcements.count == 1 {
            payload = [
                "title": String(words.onNow(only.title).prefix(200)),
                "body": String(words.announcement(only).prefix(1000)),
                "url": WebRoute.movie(id: only.movieID).path,
            ]
        } else {
            payload = [
                "title": String(words.severalOn(String(announcements.count)).prefix(200)),
                "body": String(announcements.map(\.title).joined(separator: ", ").prefix(1000)),
                "url": WebRoute.bookmarks.path,
            ]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(payload), as: UTF8.self)
    }

    /// The weekly digest's notification: its title, its text (the line that says it works first)
    /// and the Bookmarks page, where the list is.
    static func digestMessage(_ digest: WeeklyDigest.Sent) throws -> String {
        let payload = [
            "title": String(digest.title.prefix(200)), "body": String(digest.text.prefix(1000)),
            "url": WebRoute.bookmarks.path,
        ]
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(payload), as: UTF8.self)
    }

    /// Pushes the announcements of one check: one notification per person and subscription
    /// (however many of their movies are on), as the messages below go.
    @discardableResult
    func push(_ announcements: [Announcement], now: Date) async -> Int {
        let byPerson = Dictionary(grouping: announcements, by: \.person)
        var messages: [(person: PersonID, text: String)] = []
        for person in byPerson.keys.sorted() {
            guard let announced = byPerson[person] else { continue }
            do {
                messages.append((person, try Self.message(announced, language: language(person))))
            } catch {
                logger.warning("push: \(person)'s announcement cannot be written: \(error)")
            }
        }
        return await push(messages, now: now)
    }

    /// Pushes each person's message to their subscriptions: only to those of devices still signed
    /// in (`devices` gives a person's; nil for the local person, who has no sessions) and of push
    /// services the server sends to; at most ``maximumPerCheck`` in all. A subscription of a
    /// device signed out is forgotten. Returns how many pushes the services accepted.
    @discardableResult
    func push(_ messages: [(person: PersonID, text: String)], now: Date) async -> Int {
        var jobs: [(subscription: PushSubscription, text: String)] = []
        for (person, text) in messages {
            guard jobs.count < Self.maximumPerCheck else { break }
            do {
                let live = try devices(person)
                for kept in try subscriptions.subscriptions(of: person) {
                    if let device = kept.device, let live, !live.contains(device) {
                        try subscriptions.expire(endpoint: kept.subscription.endpoint)
                        continue
                    }
                    if services.allow(kept.subscription), jobs.count < Self.maximumPerCheck {
                        jobs.append((kept.subscription, text))
                    }
                }
            } catch {
                logger.warning("push: \(person)'s subscriptions cannot be read: \(error)")
            }
        }
        if jobs.count == Self.maximumPerCheck {
            logger.warning("push: \(Self.maximumPerCheck) pushes this check, the most there are; the rest are not sent")
        }
        var accepted = 0
        var next = jobs.makeIterator()
        await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<Self.concurrency {
                guard let job = next.next() else { break }
                group.addTask { await send(job.text, to: job.subscription, now: now) }
            }
            for await delivered in group {
                if delivered { accepted += 1 }
                if let job = next.next() { group.addTask { await send(job.text, to: job.subscription, now: now) } }
            }
        }
        return accepted
    }

    /// Sends one push; true when the service took it. Each outcome is counted in
    /// `finnkino_pushes_total{outcome}`: `delivered`, `expired` (the subscription is gone),
    /// `refused` (the service said no, or later), `failed` (no answer).
    private func send(_ text: String, to subscription: PushSubscription, now: Date) async -> Bool {
        let outcome = await deliver(text, to: subscription, now: now)
        Counter(label: "pushes_total", dimensions: [("outcome", outcome)]).increment()
        return outcome == "delivered"
    }

    private func deliver(_ text: String, to subscription: PushSubscription, now: Date) async -> String {
        do {
            let push = try PushRequest(text: text, to: subscription, key: key, subject: subject, now: now)
            var request = HTTPClientRequest(url: push.url.absoluteString)
            request.method = .POST
            for (name, value) in push.headers { request.headers.add(name: name, value: value) }
            request.body = .bytes(ByteBuffer(bytes: push.body))
            let response = try await Self.client.execute(request, timeout: Self.timeout, logger: nil)
            // The answer's body says nothing the status does not; read little of it.
            _ = try? await response.body.collect(upTo: 4096)
            switch PushDelivery(status: Int(response.status.code)) {
            case .delivered:
                return "delivered"
            case .expired:
                try subscriptions.expire(endpoint: subscription.endpoint)
                logger.info("push: a subscription at \(subscription.origin) is gone; forgotten")
                return "expired"
            case .retryLater, .refused:
                logger.warning("push: \(subscription.origin) answered \(response.status.code)")
                return "refused"
            }
        } catch {
            logger.warning("push: sending to \(subscription.origin) failed: \(error)")
            return "failed"
        }
    }
}
