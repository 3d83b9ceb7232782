import Metrics
import Prometheus

/// The process's metrics: one Prometheus registry, which swift-metrics writes to once bootstrapped
/// (Hummingbird's `MetricsMiddleware`, the web services' `SourceMetrics`, the feed's unknown words,
/// pushes and limits), served at `/metrics` by ``MetricsController``.
///
/// swift-metrics has one backend per process, bootstrapped once: the first web app made in a
/// process does it (``bootstrap()``), every later one (tests start many) shares the registry.
/// Every name is put in the `finnkino_` namespace and made a valid Prometheus name; Hummingbird's
/// OpenTelemetry-style names and labels get Prometheus' own (``names``, ``labels``).
enum ServerMetrics {
    static let registry: PrometheusCollectorRegistry = {
        let registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.nameAndLabelSanitizer = { name, labels in
            (metricName(name), labels.map { (labelName($0.0), $0.1) })
        }
        MetricsSystem.bootstrap(factory)
        return registry
    }()

    /// Makes the registry the process's metrics backend, once.
    static func bootstrap() { _ = registry }

    /// Hummingbird's metric names, as Prometheus names them.
    static let names = [
        "hb.requests": "finnkino_http_requests_total",
        "http.server.request.duration": "finnkino_http_request_duration_seconds",
        "hb.request.errors": "finnkino_http_request_errors_total",
        "http.server.active_requests": "finnkino_http_active_requests",
    ]

    /// Hummingbird's label names, as Prometheus names them. A route is its pattern
    /// (`/movie/{id}`), never the address asked for.
    static let labels = [
        "http.route": "route", "http.request.method": "method", "http.response.status_code": "status",
        "error.type": "status",
    ]

    /// `name` in the `finnkino_` namespace, every character Prometheus does not allow as `_`.
    static func metricName(_ name: String) -> String {
        if let known = names[name] { return known }
        let valid = sanitized(name, allowingColon: true)
        return valid.hasPrefix("finnkino_") ? valid : "finnkino_" + valid
    }

    static func labelName(_ name: String) -> String {
        labels[name] ?? sanitized(name, allowingColon: false)
    }

    private static func sanitized(_ name: String, allowingColon: Bool) -> String {
        var text = String(
            String.UnicodeScalarView(
                name.unicodeScalars.map { scalar in
                    switch scalar {
                    case "a"..."z", "A"..."Z", "0"..."9", "_": scalar
                    case ":" where allowingColon: scalar
                    default: "_"
                    }
                }))
        if text.first.map({ $0.isNumber }) ?? true { text = "_" + text }
        return text
    }
}
