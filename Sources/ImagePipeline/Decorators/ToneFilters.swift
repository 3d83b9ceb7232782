/// Grey tones by luminance (Rec. 709 weights: 0.2126 R + 0.7152 G + 0.0722 B).
public struct Grayscale: ImageDecorator {
    public init() {}

    public var key: String { "grayscale" }

    public func inputMinimum(forOutputMinimum outputMinimum: PixelSize?) -> PixelSize? { outputMinimum }

    public func apply(to bitmap: Bitmap) -> Bitmap {
        ColourMatrix.apply(
            [[0.2126, 0.7152, 0.0722], [0.2126, 0.7152, 0.0722], [0.2126, 0.7152, 0.0722]], to: bitmap)
    }
}

/// The warm brown of old photographs (the customary sepia matrix).
public struct Sepia: ImageDecorator {
    public init() {}

    public var key: String { "sepia" }

    public func inputMinimum(forOutputMinimum outputMinimum: PixelSize?) -> PixelSize? { outputMinimum }

    public func apply(to bitmap: Bitmap) -> Bitmap {
        ColourMatrix.apply([[0.393, 0.769, 0.189], [0.349, 0.686, 0.168], [0.272, 0.534, 0.131]], to: bitmap)
    }
}

/// A 3x3 matrix over R, G, B. Premultiplied colour can be transformed as it is (the matrix is
/// linear); results are kept within the pixel's alpha.
enum ColourMatrix {
    static func apply(_ matrix: [[Double]], to bitmap: Bitmap) -> Bitmap {
        let fixed = matrix.map { row in row.map { Int32(($0 * 4096).rounded()) } }
        let (r0, r1, r2) = (fixed[0][0], fixed[0][1], fixed[0][2])
        let (g0, g1, g2) = (fixed[1][0], fixed[1][1], fixed[1][2])
        let (b0, b1, b2) = (fixed[2][0], fixed[2][1], fixed[2][2])
        var output = bitmap
        output.pixels.withUnsafeMutableBufferPointer { pixels in
            var offset = 0
            while offset < pixels.count {
                let red = Int32(pixels[offset])
                let green = Int32(pixels[offset + 1])
                let blue = Int32(pixels[offset + 2])
                let alpha = Int32(pixels[offset + 3])
                pixels[offset] = UInt8(Resampler.clamp((red * r0 + green * r1 + blue * r2 + 2048) >> 12, alpha))
                pixels[offset + 1] = UInt8(Resampler.clamp((red * g0 + green * g1 + blue * g2 + 2048) >> 12, alpha))
                pixels[offset + 2] = UInt8(Resampler.clamp((red * b0 + green * b1 + blue * b2 + 2048) >> 12, alpha))
                offset += 4
            }
        }
        return output
    }
}
