import ImagePipeline

/// Bitmaps and encoded images made in the tests, so no fixture file is needed.
enum TestImages {
    /// An opaque bitmap of one colour.
    static func solid(width: Int, height: Int, _ colour: RGBA = RGBA(red: 200, green: 40, blue: 40)) -> Bitmap {
        var pixels = [UInt8]()
        pixels.reserveCapacity(width * height * 4)
        for _ in 0..<(width * height) { pixels += [colour.red, colour.green, colour.blue, colour.alpha] }
        return Bitmap(width: width, height: height, pixels: pixels)
    }

    /// An opaque bitmap with a horizontal and vertical gradient (so that scaling and JPEG have
    /// something to work on).
    static func gradient(width: Int, height: Int) -> Bitmap {
        var pixels = [UInt8]()
        pixels.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                pixels += [UInt8(x * 255 / max(1, width - 1)), UInt8(y * 255 / max(1, height - 1)), 128, 255]
            }
        }
        return Bitmap(width: width, height: height, pixels: pixels)
    }

    static func jpeg(width: Int, height: Int) throws -> [UInt8] {
        try ImageCodec().encode(gradient(width: width, height: height), as: .jpeg).bytes
    }

    static func png(width: Int, height: Int) throws -> [UInt8] {
        try ImageCodec().encode(gradient(width: width, height: height), as: .png).bytes
    }

    /// A JPEG whose header claims `width` x `height` (the SOF marker rewritten); its data is for
    /// a far smaller image.
    static func jpegClaiming(width: Int, height: Int) throws -> [UInt8] {
        var bytes = try jpeg(width: 16, height: 16)
        var index = 2
        while index + 9 < bytes.count {
            let marker = bytes[index + 1]
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            if marker == 0xC0 || marker == 0xC2 {
                bytes[index + 5] = UInt8(height >> 8)
                bytes[index + 6] = UInt8(height & 0xFF)
                bytes[index + 7] = UInt8(width >> 8)
                bytes[index + 8] = UInt8(width & 0xFF)
                return bytes
            }
            index += 2 + length
        }
        return bytes
    }
}
