import CImageCodecs
import CPNG

/// Decodes JPEG (libjpeg-turbo) and PNG (libpng) into ``Bitmap``s and encodes them back.
///
/// The size is read from the header first and an image over ``maximumPixels`` is refused before
/// any pixel is decoded. A JPEG can be decoded smaller than it is (libjpeg-turbo scales by 1/8 to
/// 8/8 while decoding) when the caller only needs a given size.
public struct ImageCodec: Sendable {
    /// The most pixels an image may have to be decoded (4 bytes each in memory).
    public var maximumPixels: Int
    /// JPEG quality when encoding (1...100).
    public var jpegQuality: Int

    public init(maximumPixels: Int = 25_000_000, jpegQuality: Int = 85) {
        self.maximumPixels = maximumPixels
        self.jpegQuality = jpegQuality
    }

    /// The image's size from its header alone.
    public func size(of bytes: [UInt8]) throws(ImageError) -> PixelSize {
        guard !bytes.isEmpty else { throw .empty }
        switch ImageFormat(sniffing: bytes) {
        case .jpeg: return try jpegSize(bytes)
        case .png: return try pngSize(bytes)
        case nil: throw .unsupportedFormat
        }
    }

    /// Decodes `bytes`; a JPEG is decoded at the smallest scale still at least `minimumSize` when
    /// one is given (the result may then be smaller than the image, never smaller than asked).
    public func decode(_ bytes: [UInt8], minimumSize: PixelSize? = nil) throws(ImageError) -> Bitmap {
        guard !bytes.isEmpty else { throw .empty }
        switch ImageFormat(sniffing: bytes) {
        case .jpeg: return try decodeJPEG(bytes, minimumSize: minimumSize)
        case .png: return try decodePNG(bytes)
        case nil: throw .unsupportedFormat
        }
    }

    /// Encodes as `format`; JPEG drops the alpha channel (use it for opaque bitmaps).
    public func encode(_ bitmap: Bitmap, as format: ImageFormat) throws(ImageError) -> EncodedImage {
        switch format {
        case .jpeg: EncodedImage(format: .jpeg, bytes: try encodeJPEG(bitmap))
        case .png: EncodedImage(format: .png, bytes: try encodePNG(bitmap))
        }
    }

    /// PNG when the bitmap has any transparency, JPEG otherwise.
    public func encode(_ bitmap: Bitmap) throws(ImageError) -> EncodedImage {
        try encode(bitmap, as: bitmap.isOpaque ? .jpeg : .png)
    }

    private func checkLimit(_ size: PixelSize) throws(ImageError) {
        guard size.width > 0, size.height > 0 else { throw .corrupt("the header names an empty image") }
        guard size.width <= maximumPixels, size.height <= maximumPixels, size.pixelCount <= maximumPixels else {
            throw .tooLarge(size, limit: maximumPixels)
        }
    }

    // MARK: JPEG

    private func jpegSize(_ bytes: [UInt8]) throws(ImageError) -> PixelSize {
        var width: Int32 = 0
        var height: Int32 = 0
        var message = [CChar](repeating: 0, count: Int(JPEG_CODEC_MESSAGE_SIZE))
        let status = bytes.withUnsafeBufferPointer { data in
            jpeg_codec_read_size(data.baseAddress, data.count, &width, &height, &message)
        }
        guard status == 0 else { throw .corrupt(Self.string(message)) }
        return PixelSize(width: Int(width), height: Int(height))
    }

    private func decodeJPEG(_ bytes: [UInt8], minimumSize: PixelSize?) throws(ImageError) -> Bitmap {
        let full = try jpegSize(bytes)
        try checkLimit(full)
        let eighths = minimumSize.map { Self.scale(of: full, toAtLeast: $0) } ?? 8
        let capacity = Self.scaled(full.width, eighths) * Self.scaled(full.height, eighths) * 4
        var pixels = [UInt8](repeating: 0, count: capacity)
        var width: Int32 = 0
        var height: Int32 = 0
        var message = [CChar](repeating: 0, count: Int(JPEG_CODEC_MESSAGE_SIZE))
        let status = bytes.withUnsafeBufferPointer { data in
            pixels.withUnsafeMutableBufferPointer { output in
                jpeg_codec_decode_rgba(
                    data.baseAddress, data.count, Int32(eighths), output.baseAddress, output.count, &width, &height,
                    &message)
            }
        }
        guard status == 0 else { throw .corrupt(Self.string(message)) }
        let used = Int(width) * Int(height) * 4
        if used < pixels.count { pixels.removeLast(pixels.count - used) }
        return Bitmap(width: Int(width), height: Int(height), pixels: pixels)
    }

    /// The smallest scale in eighths (1...8) at which `size` still covers `minimum`.
    static func scale(of size: PixelSize, toAtLeast minimum: PixelSize) -> Int {
        for eighths in 1...7
        where scaled(size.width, eighths) >= minimum.width && scaled(size.height, eighths) >= minimum.height {
            return eighths
        }
        return 8
    }

    /// libjpeg's output dimension at `eighths`/8: rounded up.
    private static func scaled(_ dimension: Int, _ eighths: Int) -> Int { (dimension * eighths + 7) / 8 }

    private func encodeJPEG(_ bitmap: Bitmap) throws(ImageError) -> [UInt8] {
        try Self.collect(free: jpeg_codec_free) { output, count, message in
            bitmap.pixels.withUnsafeBufferPointer { pixels in
                jpeg_codec_encode_rgba(
                    pixels.baseAddress, Int32(bitmap.width), Int32(bitmap.height), Int32(jpegQuality), &output,
                    &count, message)
            }
        }
    }

    /// The bytes a C encoder wrote into memory it allocated (freed with `free`), or its message.
    private static func collect(
        free: (UnsafeMutableRawPointer?) -> Void,
        _ encode: (
            _ output: inout UnsafeMutablePointer<UInt8>?, _ count: inout Int, _ message: UnsafeMutablePointer<CChar>
        ) -> Int32
    ) throws(ImageError) -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>?
        var count = 0
        var message = [CChar](repeating: 0, count: Int(max(JPEG_CODEC_MESSAGE_SIZE, PNG_CODEC_MESSAGE_SIZE)))
        let status = message.withUnsafeMutableBufferPointer { buffer in
            encode(&output, &count, buffer.baseAddress!)
        }
        guard status == 0, let output else { throw .encodingFailed(string(message)) }
        defer { free(output) }
        return Array(UnsafeBufferPointer(start: output, count: count))
    }

    // MARK: PNG

    private func pngSize(_ bytes: [UInt8]) throws(ImageError) -> PixelSize {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        defer { png_image_free(&image) }
        let began = bytes.withUnsafeBufferPointer { data in
            png_image_begin_read_from_memory(&image, data.baseAddress, data.count)
        }
        guard began != 0 else { throw .corrupt(Self.message(of: &image)) }
        return PixelSize(width: Int(image.width), height: Int(image.height))
    }

    private func decodePNG(_ bytes: [UInt8]) throws(ImageError) -> Bitmap {
        // begin_read keeps a pointer into the bytes until finish_read: both run inside one access.
        return try bytes.withUnsafeBufferPointer { data throws(ImageError) -> Bitmap in
            var image = png_image()
            image.version = UInt32(PNG_IMAGE_VERSION)
            guard png_image_begin_read_from_memory(&image, data.baseAddress, data.count) != 0 else {
                let reason = Self.message(of: &image)
                png_image_free(&image)
                throw .corrupt(reason)
            }
            let size = PixelSize(width: Int(image.width), height: Int(image.height))
            do throws(ImageError) {
                try checkLimit(size)
            } catch {
                png_image_free(&image)
                throw error
            }
            image.format = cpng_format_rgba
            var pixels = [UInt8](repeating: 0, count: size.pixelCount * 4)
            let finished = pixels.withUnsafeMutableBytes { output in
                png_image_finish_read(&image, nil, output.baseAddress, 0, nil)
            }
            guard finished != 0 else {
                let reason = Self.message(of: &image)
                png_image_free(&image)
                throw .corrupt(reason)
            }
            Self.premultiply(&pixels)
            return Bitmap(width: size.width, height: size.height, pixels: pixels)
        }
    }

    private func encodePNG(_ bitmap: Bitmap) throws(ImageError) -> [UInt8] {
        try Self.collect(free: png_codec_free) { output, count, message in
            bitmap.pixels.withUnsafeBufferPointer { pixels in
                png_codec_encode_rgba(
                    pixels.baseAddress, Int32(bitmap.width), Int32(bitmap.height), &output, &count, message)
            }
        }
    }

    // MARK: Helpers

    private static func message(of image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }

    private static func string(_ message: [CChar]) -> String {
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.isEmpty ? "unknown error" : text
    }

    static func premultiply(_ pixels: inout [UInt8]) {
        pixels.withUnsafeMutableBufferPointer { buffer in
            var index = 0
            while index < buffer.count {
                let alpha = UInt32(buffer[index + 3])
                if alpha != 255 {
                    for channel in 0..<3 {
                        buffer[index + channel] = UInt8((UInt32(buffer[index + channel]) * alpha + 127) / 255)
                    }
                }
                index += 4
            }
        }
    }

}
