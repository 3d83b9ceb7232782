import FinnkinoKit
import Foundation
import Hummingbird
import WebPush

/// A browser taking the person's announcements as pushes: `POST /push/subscribe` with the Push
/// API subscription's `endpoint`, `p256dh` and `auth` (base64url), `POST /push/unsubscribe` with
/// its `endpoint`. The page's script sends them (a form's CSRF token with them) and reads the
/// status: 200 done, 400 not a subscription, 403 a push service the server does not send to. The
/// answer is `{"csrf": …}`, the token of the page's next forms: a hosted browser's first change
/// makes it a person, with a session its forms' tokens are bound to from then on.
struct PushController: Sendable {
    let subscriptions: any PushSubscriptions
    let persons: PersonStore
    let services: PushServices
    let now: @Sendable () -> Date

    func add(to routes: RouteGroups) {
        routes.on(.subscribePush) { _, context in
            let form = context.form
            guard let endpoint = form["endpoint"], let key = form["p256dh"], let auth = form["auth"],
                let subscription = try? PushSubscription(endpoint: endpoint, p256dh: key, auth: auth)
            else { throw HTTPError(.badRequest) }
            guard services.allow(subscription) else { throw HTTPError(.forbidden) }
            // The device (session) it is kept for: signing it out ends its pushes.
            let device = try context.session.flatMap { try persons.device(of: $0) }
            try subscriptions.add(subscription, for: context.client.person, device: device, now: now())
            return Self.nextToken(context)
        }
        routes.on(.unsubscribePush) { _, context in
            guard let text = context.form["endpoint"], text.utf8.count <= PushSubscription.maximumEndpointLength,
                let endpoint = URL(string: text)
            else { throw HTTPError(.badRequest) }
            try subscriptions.remove(endpoint: endpoint, of: context.client.person)
            return Self.nextToken(context)
        }
    }

    private static func nextToken(_ context: PageRequestContext) -> Response {
        JSONAnswer.response(["csrf": context.client.csrf.value])
    }
}
