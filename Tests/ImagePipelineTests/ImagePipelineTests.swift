import AppPatterns
import AppPatternsTesting
import Foundation
import NIOConcurrencyHelpers
import Storage
import TestSupport
import Testing

@testable import ImagePipeline

/// A transport whose answers wait until the test opens the gate; counts requests and notices
/// when a waiting request is cancelled.
final class GatedTransport: Transport {
    private let body: [UInt8]
    private let gate: AsyncStream<Void>
    private let opener: AsyncStream<Void>.Continuation
    private let counts = NIOLockedValueBox((sent: 0, cancelled: 0))

    init(body: [UInt8]) {
        self.body = body
        (gate, opener) = AsyncStream.makeStream(of: Void.self)
    }

    var sourceDescription: String { "gated" }
    var sent: Int { counts.withLockedValue { $0.sent } }
    var cancelled: Int { counts.withLockedValue { $0.cancelled } }

    func open() { opener.finish() }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        counts.withLockedValue { $0.sent += 1 }
        for await _ in gate {}
        if Task.isCancelled {
            counts.withLockedValue { $0.cancelled += 1 }
            throw TransportError(.cancelled, "cancelled")
        }
        return TransportResponse(status: 200, body: Data(body))
    }
}

/// The limit is a guard against a hang, not a speed claim: beside the other 675 tests under
/// ThreadSanitizer on 2 cores, every await of this suite waits its turn in the pool's queue, and
/// the six broken sources one after another took 107 s there (3.5 s alone).
@Suite(.timeLimit(.minutes(3))) struct ImagePipelineTests {
    static let thumbnail = ImageVariant(
        "thumb", [Resize(.fit, width: 40, height: 60), RoundedCorners(radius: 6), DropShadow(radius: 4, opacity: 0.4)])

    func request(_ name: String, _ transport: any Transport) -> ImageRequest {
        ImageRequest(name: name, transport: transport, request: TransportRequest(path: "/" + name))
    }

    func stub(_ bytes: [UInt8]) -> StubTransport {
        StubTransport { _ in .status(200, body: Data(bytes)) }
    }

    @Test func aDecoratedImageIsMadeOnceThenServedFromMemory() async throws {
        let transport = stub(try TestImages.jpeg(width: 200, height: 300))
        let pipeline = ImagePipeline()
        let image = try await pipeline.image(request("a.jpg", transport), variant: Self.thumbnail)
        // Shadow and rounded corners: a PNG of the fitted size plus the shadow's padding
        #expect(image.format == .png)
        let decoded = try ImageCodec().decode(image.bytes)
        #expect(decoded.size == PixelSize(width: 48, height: 68))
        #expect(decoded.pixel(x: 0, y: 0).alpha == 0)
        // Asked again: no fetch, no decode
        _ = try await pipeline.image(request("a.jpg", transport), variant: Self.thumbnail)
        #expect(pipeline.fetches == 1 && pipeline.decodes == 1)
        #expect(pipeline.cachedImage(named: "a.jpg", variant: Self.thumbnail) == image)
    }

    @Test func thePlainVariantIsTheSourcesBytesOnceTheyDecode() async throws {
        let bytes = try TestImages.jpeg(width: 30, height: 20)
        let image = try await ImagePipeline().image(request("p.jpg", stub(bytes)), variant: ImageVariant("plain"))
        #expect(image == EncodedImage(format: .jpeg, bytes: bytes))
    }

    @Test func twoRequestsAtOnceShareOneFetchAndOneDecode() async throws {
        // Given a source that answers only when told
        let transport = GatedTransport(body: try TestImages.jpeg(width: 100, height: 150))
        let pipeline = ImagePipeline()
        // When two pages ask for the same image at the same time
        let first = Task { try await pipeline.image(request("c.jpg", transport), variant: Self.thumbnail) }
        let second = Task { try await pipeline.image(request("c.jpg", transport), variant: Self.thumbnail) }
        #expect(await poll(every: .milliseconds(1)) { transport.sent == 1 })
        try await Task.sleep(for: .milliseconds(20))
        transport.open()
        // Then both get the image from one fetch and one decode
        #expect(try await first.value == second.value)
        #expect(transport.sent == 1 && pipeline.fetches == 1 && pipeline.decodes == 1)
    }

    @Test func whenEveryClientGoesAwayTheWorkStops() async throws {
        // Given two requests waiting on a slow source
        let transport = GatedTransport(body: try TestImages.jpeg(width: 100, height: 150))
        let pipeline = ImagePipeline()
        let first = Task { try await pipeline.image(request("d.jpg", transport), variant: Self.thumbnail) }
        let second = Task { try await pipeline.image(request("d.jpg", transport), variant: Self.thumbnail) }
        #expect(await poll(every: .milliseconds(1)) { transport.sent == 1 })
        // When one client goes away, the fetch goes on for the other
        first.cancel()
        try await Task.sleep(for: .milliseconds(20))
        #expect(transport.cancelled == 0)
        // When the other goes too, the fetch is cancelled and nothing is decoded
        second.cancel()
        #expect(await poll(every: .milliseconds(1)) { transport.cancelled == 1 })
        await #expect(throws: ImageError.cancelled) { try await second.value }
        #expect(pipeline.decodes == 0)
        #expect(pipeline.cachedImage(named: "d.jpg", variant: Self.thumbnail) == nil)
    }

    @Test func theMemoryCacheEvictsBySize() async throws {
        // Given room for about one rendered image
        let bytes = try TestImages.jpeg(width: 200, height: 300)
        let one = try await ImagePipeline().image(request("e0.jpg", stub(bytes)), variant: Self.thumbnail)
        let pipeline = ImagePipeline(memoryLimit: one.bytes.count * 3 / 2, decodedLimit: 0)
        // When three images are rendered
        for index in 0..<3 {
            _ = try await pipeline.image(request("e\(index).jpg", stub(bytes)), variant: Self.thumbnail)
        }
        // Then only the last is still in memory
        #expect(pipeline.cachedImage(named: "e2.jpg", variant: Self.thumbnail) != nil)
        #expect(pipeline.cachedImage(named: "e0.jpg", variant: Self.thumbnail) == nil)
        #expect(pipeline.cachedImage(named: "e1.jpg", variant: Self.thumbnail) == nil)
    }

    @Test func theDiskCacheOutlivesThePipelineAndEvictsBySize() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ImagePipelineTests-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let bytes = try TestImages.jpeg(width: 200, height: 300)
        let transport = StubTransport { _ in .status(200, body: Data(bytes)) }
        // Given an image made by one pipeline with a disk cache
        do {
            let disk = try SQLitePayloadCache(directory: folder, fileName: "images.sqlite")
            _ = try await ImagePipeline(disk: disk).image(request("f.jpg", transport), variant: Self.thumbnail)
        }
        // When a new pipeline (a restart) asks for it, it comes from disk: no fetch, no decode
        let disk = try SQLitePayloadCache(directory: folder, fileName: "images.sqlite")
        let restarted = ImagePipeline(disk: disk)
        _ = try await restarted.image(request("f.jpg", transport), variant: Self.thumbnail)
        #expect(restarted.fetches == 0 && restarted.decodes == 0)
        // And a disk cache too small for more than one original keeps only the newest
        let small = try SQLitePayloadCache(directory: folder, fileName: "small.sqlite", sizeLimit: bytes.count + 100)
        let pipeline = ImagePipeline(disk: small)
        for name in ["g1.jpg", "g2.jpg"] {
            _ = try await pipeline.image(request(name, transport), variant: ImageVariant("plain"))
        }
        #expect(small.payload(for: "original|g2.jpg") != nil)
        #expect(small.payload(for: "original|g1.jpg") == nil)
    }

    @Test func brokenSourcesFailWithTheirReasonAndAreNotKept() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ImagePipelineBad-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let disk = try SQLitePayloadCache(directory: folder, fileName: "images.sqlite")
        let pipeline = ImagePipeline(disk: disk)
        let jpeg = try TestImages.jpeg(width: 64, height: 64)
        let cases: [(String, StubTransport.Reply)] = [
            ("missing.jpg", .status(404)),
            ("empty.jpg", .status(200)),
            ("text.jpg", .status(200, body: Data("<html>oops</html>".utf8))),
            ("truncated.jpg", .status(200, body: Data(jpeg.prefix(jpeg.count / 2)))),
            ("huge.jpg", .status(200, body: Data(try TestImages.jpegClaiming(width: 20000, height: 20000)))),
            ("down.jpg", .failure(TransportError(.unreachable, "connection refused"))),
        ]
        for (name, reply) in cases {
            let transport = StubTransport { _ in reply }
            await #expect(throws: ImageError.self, "\(name)") {
                try await pipeline.image(request(name, transport), variant: Self.thumbnail)
            }
            #expect(disk.payload(for: "original|" + name) == nil, "\(name) is not kept")
        }
    }
}
