import Foundation

/// A value from a ``WebService`` with its freshness.
public struct Loaded<Value: Sendable>: Sendable {
    /// The decoded value.
    public var value: Value
    /// When the body it was decoded from was fetched or last confirmed by the server.
    public var fetchedAt: Date
    /// True when fresh data could not be had and this is older cached data.
    public var isStale: Bool
    /// Why fresh data could not be had (set when stale).
    public var staleReason: WebServiceError?
    /// The answer it was decoded from (nil: not from a web service's ``WebService/load(_:maxAge:)``).
    public var answer: Answer?

    public init(
        value: Value, fetchedAt: Date, isStale: Bool = false, staleReason: WebServiceError? = nil,
        answer: Answer? = nil
    ) {
        self.value = value
        self.fetchedAt = fetchedAt
        self.isStale = isStale
        self.staleReason = staleReason
        self.answer = answer
    }

    /// Seconds since it was fetched, at `now`.
    public func age(at now: Date) -> TimeInterval { now.timeIntervalSince(fetchedAt) }

    /// The same freshness around another value.
    public func map<Other: Sendable>(_ transform: (Value) throws -> Other) rethrows -> Loaded<Other> {
        Loaded<Other>(
            value: try transform(value), fetchedAt: fetchedAt, isStale: isStale, staleReason: staleReason,
            answer: answer)
    }
}

extension Loaded: Equatable where Value: Equatable {
    /// The same value and freshness; which answer they came from is not compared (the same bytes
    /// decoded twice are two answers of one value).
    public static func == (lhs: Loaded, rhs: Loaded) -> Bool {
        lhs.value == rhs.value && lhs.fetchedAt == rhs.fetchedAt && lhs.isStale == rhs.isStale
            && lhs.staleReason == rhs.staleReason
    }
}

/// One answer of a source, by identity: every value a ``WebService`` decoded from the same bytes
/// for the same request names the same answer, and an answer with other bytes is another. What is
/// derived from an answer is kept by it in an ``AnswerCache``.
///
/// It names its answer weakly: a value kept (an observed feed's, a movie mapped out of a list)
/// keeps no answer alive, so the web service's bound on decoded answers holds; a value whose answer
/// the service has let go names none (``AnswerCache`` then makes what it asks for anew).
public struct Answer: Sendable, Equatable {
    weak var decoded: SharedDecodings.Decoded?

    init(_ decoded: SharedDecodings.Decoded) { self.decoded = decoded }

    /// Whether the answer is still alive (kept by the web service or by a value being used).
    public var isAlive: Bool { decoded != nil }

    /// The same answer alive (two answers let go are equal too: neither names one any more).
    public static func == (lhs: Answer, rhs: Answer) -> Bool { lhs.decoded === rhs.decoded }
}
