/// A soft shadow under the image: the image's own shape, blurred by `radius`, moved by `offset`,
/// in `colour` at `opacity`. The bitmap grows by transparent padding on every side (the blur's
/// reach plus the offset), so the image stays centred and the shadow is never cut off.
public struct DropShadow: ImageDecorator {
    public let radius: Int
    public let offsetX: Int
    public let offsetY: Int
    public let colour: RGBA
    public let opacity: Double

    public init(radius: Int, offsetX: Int = 0, offsetY: Int = 0, colour: RGBA = .black, opacity: Double = 0.5) {
        precondition(radius >= 0 && (0...1).contains(opacity), "a shadow has a radius >= 0 and an opacity in 0...1")
        self.radius = radius
        self.offsetX = offsetX
        self.offsetY = offsetY
        self.colour = colour
        self.opacity = opacity
    }

    public var key: String {
        "shadow-\(radius)-\(offsetX)-\(offsetY)-\(colour.red).\(colour.green).\(colour.blue)-\(Int(opacity * 1000))"
    }

    /// The transparent margin added on each side.
    public var padding: Int { radius + max(abs(offsetX), abs(offsetY)) }

    public func apply(to bitmap: Bitmap) -> Bitmap {
        let padding = padding
        let width = bitmap.width + 2 * padding
        let height = bitmap.height + 2 * padding
        // The shadow's alpha: the image's alpha, moved and blurred.
        var mask = [UInt8](repeating: 0, count: width * height)
        bitmap.pixels.withUnsafeBufferPointer { source in
            mask.withUnsafeMutableBufferPointer { mask in
                for y in 0..<bitmap.height {
                    let target = mask.baseAddress! + (y + padding + offsetY) * width + padding + offsetX
                    let row = source.baseAddress! + y * bitmap.width * 4
                    for x in 0..<bitmap.width { target[x] = row[x * 4 + 3] }
                }
            }
        }
        BoxBlur.gaussian(&mask, width: width, height: height, sigma: Double(radius) / 2)
        // Shadow first, then the image over it ("source over", premultiplied).
        let strength = Int32((opacity * 256).rounded())
        let colourAlpha = Int32(colour.alpha)
        var output = [UInt8](repeating: 0, count: width * height * 4)
        // The shadow's premultiplied colour for each mask value, worked out once.
        let shades = (0..<256).map { value -> (UInt8, UInt8, UInt8, UInt8) in
            let alpha = (Int32(value) * strength * colourAlpha / 255) >> 8
            return (
                UInt8(Int32(colour.red) * alpha / 255), UInt8(Int32(colour.green) * alpha / 255),
                UInt8(Int32(colour.blue) * alpha / 255), UInt8(alpha)
            )
        }
        output.withUnsafeMutableBufferPointer { pixels in
            mask.withUnsafeBufferPointer { mask in
                for index in 0..<(width * height) where mask[index] != 0 {
                    let shade = shades[Int(mask[index])]
                    pixels[index * 4] = shade.0
                    pixels[index * 4 + 1] = shade.1
                    pixels[index * 4 + 2] = shade.2
                    pixels[index * 4 + 3] = shade.3
                }
            }
            bitmap.pixels.withUnsafeBufferPointer { source in
                for y in 0..<bitmap.height {
                    var from = y * bitmap.width * 4
                    var to = ((y + padding) * width + padding) * 4
                    for _ in 0..<bitmap.width {
                        let alpha = Int32(source[from + 3])
                        if alpha == 255 {
                            pixels[to] = source[from]
                            pixels[to + 1] = source[from + 1]
                            pixels[to + 2] = source[from + 2]
                            pixels[to + 3] = 255
                        } else if alpha > 0 {
                            let keep = 255 - alpha
                            for channel in 0..<4 {
                                pixels[to + channel] = UInt8(
                                    Int32(source[from + channel]) + (Int32(pixels[to + channel]) * keep + 127) / 255)
                            }
                        }
                        from += 4
                        to += 4
                    }
                }
            }
        }
        return Bitmap(width: width, height: height, pixels: output)
    }
}

/// A Gaussian blur approximated by three box blurs (each pass O(1) per pixel, whatever the radius).
enum BoxBlur {
    static func gaussian(_ plane: inout [UInt8], width: Int, height: Int, sigma: Double) {
        guard sigma > 0 else { return }
        // Three boxes whose combined variance is sigma² (W. Jarosz, "Fast image convolutions").
        let ideal = (12 * sigma * sigma / 3 + 1).squareRoot()
        var lower = Int(ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        let upper = lower + 2
        let lowerCount = Int(
            ((12 * sigma * sigma - 3 * Double(lower * lower) - 12 * Double(lower) - 9)
                / (-4 * Double(lower) - 4)).rounded())
        var scratch = [UInt8](repeating: 0, count: plane.count)
        for pass in 0..<3 {
            let radius = ((pass < lowerCount ? lower : upper) - 1) / 2
            guard radius > 0 else { continue }
            blurRows(from: plane, into: &scratch, width: width, height: height, radius: radius)
            blurColumns(from: scratch, into: &plane, width: width, height: height, radius: radius)
        }
    }

    /// A running-sum box blur along each row; outside the plane counts as 0.
    private static func blurRows(from source: [UInt8], into target: inout [UInt8], width: Int, height: Int, radius: Int)
    {
        // Dividing by the window is multiplying by its inverse in 16.16 fixed point (no division per
        // pixel; at most 255 x 65536, well within Int32).
        let inverse = Int32((1 << 16) / (2 * radius + 1))
        source.withUnsafeBufferPointer { source in
            target.withUnsafeMutableBufferPointer { target in
                for row in 0..<height {
                    let input = source.baseAddress! + row * width
                    let output = target.baseAddress! + row * width
                    var sum: Int32 = 0
                    for index in 0...min(radius, width - 1) { sum += Int32(input[index]) }
                    for index in 0..<width {
                        output[index] = UInt8(truncatingIfNeeded: (sum &* inverse &+ (1 << 15)) >> 16)
                        if index + radius + 1 < width { sum += Int32(input[index + radius + 1]) }
                        if index - radius >= 0 { sum -= Int32(input[index - radius]) }
                    }
                }
            }
        }
    }

    /// The same along each column, a row at a time (one running sum per column), so that memory
    /// is read in order.
    private static func blurColumns(
        from source: [UInt8], into target: inout [UInt8], width: Int, height: Int, radius: Int
    ) {
        // Dividing by the window is multiplying by its inverse in 16.16 fixed point (no division per
        // pixel; at most 255 x 65536, well within Int32).
        let inverse = Int32((1 << 16) / (2 * radius + 1))
        var sums = [Int32](repeating: 0, count: width)
        source.withUnsafeBufferPointer { source in
            target.withUnsafeMutableBufferPointer { target in
                sums.withUnsafeMutableBufferPointer { sums in
                    let input = source.baseAddress!
                    for row in 0...min(radius, height - 1) {
                        for column in 0..<width { sums[column] += Int32(input[row * width + column]) }
                    }
                    for row in 0..<height {
                        let output = target.baseAddress! + row * width
                        for column in 0..<width {
                            output[column] = UInt8(truncatingIfNeeded: (sums[column] &* inverse &+ (1 << 15)) >> 16)
                        }
                        if row + radius + 1 < height {
                            let entering = input + (row + radius + 1) * width
                            for column in 0..<width { sums[column] += Int32(entering[column]) }
                        }
                        if row - radius >= 0 {
                            let leaving = input + (row - radius) * width
                            for column in 0..<width { sums[column] -= Int32(leaving[column]) }
                        }
                    }
                }
            }
        }
    }
}
