import FinnkinoKit
import Foundation
import Testing

@testable import FinnkinoWeb

/// What a `/live` page keeps after it closed: nothing. The soak found two kinds of memory kept
/// per closed page (Hummingbird's cancellation-on-inbound-close, about 760 bytes; a feed schedule's
/// cancelled hour-long sleep, about 740 bytes until its hour was up), which grew a server by
/// 150 MiB in 30 minutes. Counted as the process's resident memory, in a test process of its own
/// (`scripts/test` runs it alone: other tests' allocations would count).
@Suite(.timeLimit(.minutes(5))) struct LiveMemoryTests {
    static let streams = 10_000
    /// Bytes of resident memory a closed stream may add, on average (before the fixes: about 1,500).
    static let bytesPerStreamLimit = 300

    /// The process's resident memory in bytes (`/proc/self/statm`, second field, in pages).
    static func residentBytes() throws -> Int {
        let statm = try String(contentsOfFile: "/proc/self/statm", encoding: .utf8)
        let fields = statm.split(separator: " ")
        let pages = try #require(fields.count > 1 ? Int(fields[1]) : nil, "statm: \(statm)")
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Opens `/live` for `page`, waits for its subscription and closes it, `count` times.
    static func churn(_ count: Int, port: Int, pages: [String]) async throws {
        try await LoopbackClient.offPool {
            for index in 0..<count {
                let connection = try LoopbackClient.Connection(port: port, timeoutSeconds: 10)
                defer { connection.close() }
                try connection.write(
                    LoopbackClient.request("GET", "/live?page=\(pages[index % pages.count])", headers: [:], body: ""))
                var text = ""
                while !text.contains(": subscribed") {
                    guard let chunk = try connection.read() else { break }
                    text += String(decoding: chunk, as: UTF8.self)
                }
                #expect(text.contains(": subscribed"), "stream \(index)")
            }
        }
    }

    @Test func aClosedLivePageKeepsNoMemory() async throws {
        // Given the app on the bundled dataset, whose movie and news feeds refresh hourly
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        let pages = ["%2Fmovies%3Farea%3D1012", "%2Fnews"]
        // And a first thousand pages opened and closed (pools, caches and feeds warmed up)
        try await Self.churn(1_000, port: server.port, pages: pages)
        try await Task.sleep(for: .seconds(1))
        let before = try Self.residentBytes()
        // When ten thousand more are opened and closed
        try await Self.churn(Self.streams, port: server.port, pages: pages)
        try await Task.sleep(for: .seconds(1))
        // Then the process has not grown by more than a few bytes a page
        let perStream = (try Self.residentBytes() - before) / Self.streams
        print("live memory: \(perStream) resident bytes per closed /live page")
        #expect(perStream < Self.bytesPerStreamLimit, "\(perStream) bytes kept per closed /live page")
    }
}
