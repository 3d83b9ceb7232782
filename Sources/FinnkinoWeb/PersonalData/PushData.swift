import FinnkinoKit

/// The browsers that take the person's announcements as pushes.
struct PushData: PersonalData {
    let subscriptions: any PushSubscriptions

    /// A browser that takes the person's announcements as pushes: where the push service is.
    struct Push: Encodable, Sendable {
        /// The push service's address for that browser (it names the browser to that service).
        let endpoint: String
    }

    var stores: [any PersonalStore] { [subscriptions] }

    func export(of person: PersonID, into document: inout PersonDataDocument) throws {
        document.add(
            "pushSubscriptions",
            try subscriptions.subscriptions(of: person).map { Push(endpoint: $0.subscription.endpoint.absoluteString) })
    }

    func erase(_ person: PersonID) async throws { try subscriptions.erase(person) }
}
