import CoreMetrics
import Foundation

/// What a ``WebService``'s source did, per endpoint, as metrics (swift-metrics: a no-op until the
/// app bootstraps a backend, as the server does with Prometheus):
/// - `source_last_success_timestamp_seconds{endpoint}`: when the source last answered with a body
///   that decoded (or confirmed the kept one with a 304);
/// - `source_failures_total{endpoint, kind}`: requests that brought nothing usable, by kind:
///   `timeout`, `too_large`, `unreachable`, `http_status`, `refused`, `unexpected_html` (or `_json`,
///   `_xml`: a 2xx of another kind than asked), `decoding`;
/// - `source_data_timestamp_seconds{endpoint}`: when the data last served was fetched, fresh or
///   stale; its age is `time() - source_data_timestamp_seconds`.
///
/// Timestamps, not ages, as Prometheus advises: an age would be stale the moment it was scraped.
/// Metrics are made when an outcome happens (a few per feed period), never per cached answer.
public struct SourceMetrics: Sendable {
    private let factory: (any MetricsFactory)?

    /// - Parameter factory: where the metrics go; nil: the process's metrics system, looked up at
    ///   each outcome (so that a backend bootstrapped after the web service was made is used).
    public init(factory: (any MetricsFactory)? = nil) {
        self.factory = factory
    }

    func succeeded(_ endpoint: String, at date: Date) {
        gauge("source_last_success_timestamp_seconds", endpoint).record(date.timeIntervalSince1970)
        served(endpoint, fetchedAt: date)
    }

    func served(_ endpoint: String, fetchedAt date: Date) {
        gauge("source_data_timestamp_seconds", endpoint).record(date.timeIntervalSince1970)
    }

    func failed(_ error: WebServiceError) {
        guard let kind = Self.kind(of: error) else { return }
        let dimensions = [("endpoint", error.endpoint), ("kind", kind)]
        let factory = factory ?? MetricsSystem.factory
        Counter(label: "source_failures_total", dimensions: dimensions, factory: factory).increment()
    }

    /// The failure's kind, or nil for what is no failure of the source (a request refused before
    /// sending, one not sent while the source is known offline, a cancelled one).
    static func kind(of error: WebServiceError) -> String? {
        switch error {
        case .invalidRequest, .offline: nil
        case .transport(_, let error):
            switch error.kind {
            case .timedOut: "timeout"
            case .tooLarge: "too_large"
            case .unreachable, .invalidRequest: "unreachable"
            case .cancelled: nil
            }
        case .httpStatus: "http_status"
        case .refused: "refused"
        case .unexpectedContent(_, _, let found): "unexpected_\(found.rawValue)"
        case .decoding: "decoding"
        }
    }

    private func gauge(_ label: String, _ endpoint: String) -> Gauge {
        Gauge(label: label, dimensions: [("endpoint", endpoint)], factory: factory ?? MetricsSystem.factory)
    }
}
