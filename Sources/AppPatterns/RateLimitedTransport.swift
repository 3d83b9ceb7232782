import Foundation

/// A transport that waits and asks again when the server answers 429 (too many requests): the
/// first time as long as its `Retry-After` says (seconds or an HTTP date), then backing off
/// (``Backoff``, never less than the server asks), each wait at most `longestWait`, up to
/// `retries` times; then the 429 is passed on.
public struct RateLimitedTransport: Transport {
    public let inner: any Transport
    public let retries: Int
    public let backoff: Backoff
    public let longestWait: Duration
    private let now: @Sendable () -> Date
    private let sleep: @Sendable (Duration) async throws -> Void

    public init(
        _ inner: any Transport, retries: Int = 3, backoff: Backoff = Backoff(base: .seconds(1), maximum: .seconds(30)),
        longestWait: Duration = .seconds(60), now: @escaping @Sendable () -> Date = Date.init,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.inner = inner
        self.retries = retries
        self.backoff = backoff
        self.longestWait = longestWait
        self.now = now
        self.sleep = sleep
    }

    public var sourceDescription: String { inner.sourceDescription }

    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        var response = try await inner.send(request)
        var failures = 0
        while response.status == 429, failures < retries {
            failures += 1
            try await sleep(wait(response, failures: failures))
            response = try await inner.send(request)
        }
        return response
    }

    /// How long to wait after the `failures`-th 429.
    public func wait(_ response: TransportResponse, failures: Int) -> Duration {
        let asked = response.header("retry-after").flatMap(retryAfter).map { max($0, .zero) }
        let backingOff = backoff.delay(afterFailures: failures)
        let wait: Duration =
            switch asked {
            case .some(let asked) where failures == 1: asked
            case .some(let asked): max(asked, backingOff)
            case .none: backingOff
            }
        return min(wait, longestWait)
    }

    /// `Retry-After`: delta-seconds (`120`) or an HTTP date (`Wed, 21 Oct 2015 07:28:00 GMT`).
    public func retryAfter(_ value: String) -> Duration? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Int(text) { return .seconds(seconds) }
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "GMT")
        format.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = format.date(from: text) else { return nil }
        return .milliseconds(Int64((date.timeIntervalSince(now()) * 1000).rounded()))
    }
}
