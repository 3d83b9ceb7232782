import AppPatterns
import Foundation
import NIOConcurrencyHelpers

/// A test endpoint that counts how often it decodes (copies share the count).
struct CountingEndpoint: Endpoint {
    private final class Counter: Sendable {
        let value = NIOLockedValueBox(0)
    }

    private let counter = Counter()

    var name: String { "Counting" }
    var request: TransportRequest { TransportRequest(path: "/counting") }
    var sampleData: Data { Data("sample".utf8) }

    var decodeCount: Int { counter.value.withLockedValue { $0 } }

    func decode(_ body: Data) throws -> String {
        counter.value.withLockedValue { $0 += 1 }
        return String(decoding: body, as: UTF8.self)
    }
}
