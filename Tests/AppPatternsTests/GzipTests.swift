import AppPatterns
import Foundation
import Testing

@Suite struct GzipTests {
    @Test func roundTripRestoresTheBytes() throws {
        // Given a repetitive document
        let original = Data(String(repeating: "<Show><ID>1</ID></Show>\n", count: 2000).utf8)
        // When it is compressed and decompressed
        let compressed = try Gzip.compress(original)
        // Then it shrank, is recognised as gzip, and comes back unchanged
        #expect(compressed.count < original.count / 10)
        #expect(Gzip.isCompressed(compressed))
        #expect(!Gzip.isCompressed(original))
        #expect(try Gzip.decompress(compressed) == original)
    }

    @Test func compressionIsDeterministic() throws {
        let original = Data("same input".utf8)
        #expect(try Gzip.compress(original) == Gzip.compress(original))
    }

    @Test func truncatedInputIsAnError() throws {
        let compressed = try Gzip.compress(Data(String(repeating: "abc", count: 5000).utf8))
        #expect(throws: Gzip.Error.self) { try Gzip.decompress(compressed.prefix(compressed.count / 2)) }
    }

    @Test func garbageIsAnError() {
        #expect(throws: Gzip.Error.self) { try Gzip.decompress(Data("not gzip at all".utf8)) }
    }

    @Test func outputOverTheLimitIsRefused() throws {
        let compressed = try Gzip.compress(Data(count: 1 << 20))
        #expect(throws: Gzip.Error.self) { try Gzip.decompress(compressed, limit: 1000) }
    }
}
