import AsyncHTTPClient
import FinnkinoKit
import FinnkinoPresentation
import Foundation
import Logging
import NIOCore
import NIOHTTP1
import WebPush

/// Pushes each announcement to its person's subscribed browsers (RFC 8030), encrypted for each
/// (RFC 8291) and signed with the server's VAPID key (RFC 8292): a notification that says which
/// movie, where and from when, and opens the movie's page. A subscription the push service says
/// is gone (404, 410) is forgotten; one of a service the server does not send to is skipped.
struct AnnouncementPusher: Sendable {
    let subscriptions: any PushSubscriptions
    let services: PushServices
    let key: VAPIDKey
    /// The VAPID `sub` claim: how a push service reaches the operator (their public URL).
    let subject: String
    /// The language of a person's notification.
    let language: @Sendable (PersonID) -> UILanguage
    let logger: Logger

    /// How long one push may take, from connecting to the answer.
    static let timeout: TimeAmount = .seconds(15)
    /// How many pushes are sent at once.
    static let concurrency = 4

    /// One client for every push, never shut down (as ``HTTPTransport``'s): no redirect is
    /// followed (a push service answers, it does not send anywhere else).
    private static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .disallow
        configuration.timeout = HTTPClient.Configuration.Timeout(connect: .seconds(5), read: .seconds(15))
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()

    /// The notification's JSON, as the service worker shows it: `title`, `body`, `url`.
    static func message(_ announcement: Announcement, language: UILanguage) throws -> String {
        let words = language.alerts
        let payload = [
            "title": String(words.onNow(announcement.title).prefix(200)),
            "body": String(words.announcement(announcement).prefix(1000)),
            "url": WebRoute.movie(id: announcement.movieID).path,
        ]
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(payload), as: UTF8.self)
    }

    /// Pushes every announcement to every subscription of its person; returns how many pushes the
    /// services accepted.
    @discardableResult
    func push(_ announcements: [Announcement], now: Date) async -> Int {
        var jobs: [(subscription: PushSubscription, text: String)] = []
        for announcement in announcements {
            do {
                let text = try Self.message(announcement, language: language(announcement.person))
                for subscription in try subscriptions.subscriptions(of: announcement.person)
                where services.allow(subscription) {
                    jobs.append((subscription, text))
                }
            } catch {
                logger.warning("push: \(announcement.person)'s subscriptions cannot be read: \(error)")
            }
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

    /// Sends one push; true when the service took it.
    private func send(_ text: String, to subscription: PushSubscription, now: Date) async -> Bool {
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
                return true
            case .expired:
                try subscriptions.expire(endpoint: subscription.endpoint)
                logger.info("push: a subscription at \(subscription.origin) is gone; forgotten")
            case .retryLater, .refused:
                logger.warning("push: \(subscription.origin) answered \(response.status.code)")
            }
        } catch {
            logger.warning("push: sending to \(subscription.origin) failed: \(error)")
        }
        return false
    }
}
