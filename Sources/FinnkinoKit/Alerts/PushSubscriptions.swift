import Foundation
import WebPush

/// Why the push subscriptions cannot be read or changed.
public struct PushSubscriptionsError: Error, CustomStringConvertible, Equatable {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// The limits every store of push subscriptions keeps.
public enum PushSubscriptionLimits {
    /// The most subscriptions (browsers, installed apps) one person keeps: beyond it, the oldest
    /// is forgotten. More devices than anyone has; bounds the pushes one announcement makes.
    public static let perPerson = 10
}

/// A person's push subscription with the device (session) that made it: a device signed out
/// takes no more of the person's pushes.
public struct PersonPushSubscription: Sendable, Equatable {
    public let subscription: PushSubscription
    /// The session's device ID (``PersonDevice/id``); nil for the local person, who has none.
    public let device: Int64?

    public init(subscription: PushSubscription, device: Int64?) {
        self.subscription = subscription
        self.device = device
    }
}

/// Every person's push subscriptions: where the announcements of their wanted movies are pushed.
/// One endpoint is one browser's, so it belongs to one person at a time: a browser that joins
/// another person and subscribes again moves to them. The contract every kind of store keeps
/// (`SQLitePushSubscriptions`, `PostgresPushSubscriptions`; `PushSubscriptionsTests`).
public protocol PushSubscriptions: PersonalStore {
    /// Keeps `subscription` as the person's, made on `device` (moving it from whoever had its
    /// endpoint); the person's oldest beyond ``PushSubscriptionLimits/perPerson`` are forgotten.
    func add(
        _ subscription: PushSubscription, for person: PersonID, device: Int64?, now: Date
    ) throws(PushSubscriptionsError)
    /// Forgets the person's subscription of `endpoint` (the browser turned notifications off).
    func remove(endpoint: URL, of person: PersonID) throws(PushSubscriptionsError)
    /// Forgets the subscription of `endpoint`, whoever's: the push service said it is gone.
    func expire(endpoint: URL) throws(PushSubscriptionsError)
    /// The person's subscriptions, newest first.
    func subscriptions(of person: PersonID) throws(PushSubscriptionsError) -> [PersonPushSubscription]
    /// Forgets every subscription of the person.
    func erase(_ person: PersonID) throws(PushSubscriptionsError)
}
