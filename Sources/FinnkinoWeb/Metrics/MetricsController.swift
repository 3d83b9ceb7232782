import FinnkinoKit
import Foundation
import Hummingbird
import Prometheus

/// `GET /metrics`: the server's metrics in Prometheus' text format, to whom ``MetricsAccess``
/// allows. The counts kept in the stores (persons, sessions, export jobs) are read at each scrape,
/// as gauges without identities; the rest are recorded as things happen (``ServerMetrics``).
struct MetricsController {
    let access: MetricsAccess
    let persons: PersonStore
    let exports: ExportJobs

    private static func name(_ metric: String, _ help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(namespace: "finnkino", metricName: metric, unitName: "", helpText: help)
    }

    private static let personsGauge = ServerMetrics.registry.makeGauge(
        descriptor: name("persons", "Persons the server keeps, the local one included."))
    private static let sessionsGauge = ServerMetrics.registry.makeGauge(
        descriptor: name("sessions", "Sessions (signed-in browsers) the server keeps."))
    private static let exportsGauge = [
        "queued": ServerMetrics.registry.makeGauge(
            descriptor: name("exports", "Trailer exports waiting or running."), labels: [("state", "queued")]),
        "running": ServerMetrics.registry.makeGauge(
            descriptor: name("exports", "Trailer exports waiting or running."), labels: [("state", "running")]),
    ]

    func add(to routes: RouteGroups) {
        routes.onPublic(.metrics) { request, context in
            guard access.allows(peer: context.peer, headers: request.headers) else { throw HTTPError(.notFound) }
            readCounts()
            var text: [UInt8] = []
            text.reserveCapacity(32_768)
            ServerMetrics.registry.emit(into: &text)
            return Response(
                status: .ok,
                headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: text)))
        }
    }

    /// The stores' counts now; a count that cannot be read keeps its last value (the store's
    /// failure shows in the log and in the pages' status codes).
    private func readCounts() {
        if let count = try? persons.count() { Self.personsGauge.set(Int64(count)) }
        if let count = try? persons.sessionCount() { Self.sessionsGauge.set(Int64(count)) }
        if let counts = try? exports.counts() {
            Self.exportsGauge["queued"]?.set(Int64(counts.queued))
            Self.exportsGauge["running"]?.set(Int64(counts.running))
        }
    }
}
