import Testing

@testable import ImagePipeline

/// JPEG and PNG in and out, the pixel limit, and every kind of bad input.
@Suite struct ImageCodecTests {
    let codec = ImageCodec()

    @Test func jpegRoundTripKeepsTheSizeAndRoughlyTheColours() throws {
        let source = TestImages.gradient(width: 64, height: 48)
        let encoded = try codec.encode(source, as: .jpeg)
        #expect(encoded.format == .jpeg && ImageFormat(sniffing: encoded.bytes) == .jpeg)
        let decoded = try codec.decode(encoded.bytes)
        #expect(decoded.size == PixelSize(width: 64, height: 48))
        #expect(decoded.isOpaque)
        let original = source.pixel(x: 40, y: 30)
        let back = decoded.pixel(x: 40, y: 30)
        #expect(abs(Int(original.red) - Int(back.red)) < 12 && abs(Int(original.green) - Int(back.green)) < 12)
    }

    @Test func pngRoundTripKeepsTransparencyExactly() throws {
        // Given a bitmap with a half-transparent pixel (premultiplied: colour 100 at alpha 128)
        var bitmap = Bitmap(width: 2, height: 1)
        bitmap.pixels = [100, 50, 0, 128, 255, 255, 255, 255]
        // When it goes through PNG and back
        let decoded = try codec.decode(try codec.encode(bitmap, as: .png).bytes)
        // Then the pixels are the same, within the rounding of premultiplication
        #expect(decoded.size == bitmap.size)
        #expect(decoded.pixel(x: 0, y: 0).alpha == 128)
        #expect(abs(Int(decoded.pixel(x: 0, y: 0).red) - 100) <= 1)
        #expect(decoded.pixel(x: 1, y: 0) == RGBA(red: 255, green: 255, blue: 255))
    }

    @Test func encodeChoosesPNGOnlyForTransparency() throws {
        #expect(try codec.encode(TestImages.solid(width: 4, height: 4)).format == .jpeg)
        #expect(try codec.encode(Bitmap(width: 4, height: 4)).format == .png)
    }

    @Test func aJPEGIsDecodedSmallerWhenOnlyASmallerSizeIsNeeded() throws {
        // Given a 1000x1500 JPEG and a need for 200x300 at least
        let bytes = try TestImages.jpeg(width: 1000, height: 1500)
        // Then it decodes at 2/8 (250x375), the smallest scale still covering the need
        let decoded = try codec.decode(bytes, minimumSize: PixelSize(width: 200, height: 300))
        #expect(decoded.size == PixelSize(width: 250, height: 375))
        #expect(
            ImageCodec.scale(of: PixelSize(width: 1000, height: 1500), toAtLeast: PixelSize(width: 990, height: 10))
                == 8)
        // And without a need, in full
        #expect(try codec.decode(bytes).size == PixelSize(width: 1000, height: 1500))
    }

    @Test func aHugeImageIsRefusedFromItsHeader() throws {
        // Given a JPEG whose header says 20000x20000
        let bytes = try TestImages.jpegClaiming(width: 20000, height: 20000)
        #expect(try codec.size(of: bytes) == PixelSize(width: 20000, height: 20000))
        // Then decoding refuses it as too large (nothing is decoded: the data is for 16x16)
        #expect(throws: ImageError.tooLarge(PixelSize(width: 20000, height: 20000), limit: codec.maximumPixels)) {
            try codec.decode(bytes)
        }
        // And a tighter limit refuses smaller images too
        let strict = ImageCodec(maximumPixels: 100)
        #expect(throws: ImageError.tooLarge(PixelSize(width: 16, height: 16), limit: 100)) {
            try strict.decode(try TestImages.png(width: 16, height: 16))
        }
    }

    @Test(arguments: [
        ("zero bytes", [UInt8]()),
        ("text", Array("<html>not found</html>".utf8)),
        ("GIF", Array("GIF89a".utf8) + [UInt8](repeating: 0, count: 32)),
    ])
    func wrongInputIsNamedNotDecoded(_ name: String, bytes: [UInt8]) {
        #expect(throws: ImageError.self) { try codec.decode(bytes) }
        #expect((try? codec.decode(bytes)) == nil, "\(name)")
    }

    @Test func emptyAndWrongTypeSayWhich() {
        #expect(throws: ImageError.empty) { try codec.decode([]) }
        #expect(throws: ImageError.unsupportedFormat) { try codec.decode(Array("GIF89a....".utf8)) }
    }

    @Test func truncatedAndCorruptJPEGAndPNGAreCorrupt() throws {
        for bytes in [try TestImages.jpeg(width: 64, height: 64), try TestImages.png(width: 64, height: 64)] {
            // Truncated in the middle of the data
            let truncated = Array(bytes.prefix(bytes.count / 2))
            #expect(throws: ImageError.self) { try codec.decode(truncated) }
            do {
                _ = try codec.decode(truncated)
                Issue.record("a truncated image decoded")
            } catch {
                guard case .corrupt(let reason) = error else {
                    Issue.record("a truncated image is corrupt, not \(error)")
                    continue
                }
                #expect(!reason.isEmpty)
            }
            // Only the signature
            #expect(throws: ImageError.self) { try codec.decode(Array(bytes.prefix(8))) }
            // The data after the header overwritten with noise
            var corrupt = bytes
            for index in stride(from: bytes.count / 3, to: bytes.count - 2, by: 1) {
                corrupt[index] = UInt8(index % 251)
            }
            #expect(throws: ImageError.self) { try codec.decode(corrupt) }
        }
    }
}
