import Foundation

/// Rotates by any angle (degrees, clockwise), scales and flips, about the image's centre. The
/// bitmap grows to the transformed image's bounding box; what the image does not cover is
/// transparent, and its edges are anti-aliased (bilinear sampling).
public struct Transform: ImageDecorator {
    public let degrees: Double
    public let scale: Double
    public let flipHorizontally: Bool
    public let flipVertically: Bool

    public init(degrees: Double = 0, scale: Double = 1, flipHorizontally: Bool = false, flipVertically: Bool = false) {
        precondition(scale > 0, "a transform's scale is positive")
        self.degrees = degrees
        self.scale = scale
        self.flipHorizontally = flipHorizontally
        self.flipVertically = flipVertically
    }

    public var key: String {
        "transform-\(degrees)-\(scale)-\(flipHorizontally ? "h" : "")\(flipVertically ? "v" : "")"
    }

    public func apply(to bitmap: Bitmap) -> Bitmap {
        let radians = degrees * .pi / 180
        var cosine = cos(radians)
        var sine = sin(radians)
        // Exact right angles: no rounding noise in the size or the samples.
        if abs(cosine) < 1e-12 { cosine = 0 }
        if abs(sine) < 1e-12 { sine = 0 }
        let flipX = flipHorizontally ? -1.0 : 1.0
        let flipY = flipVertically ? -1.0 : 1.0
        // Forward: flip, scale, rotate. The matrix [a b; c d] maps centred source to centred output.
        let a = cosine * scale * flipX
        let b = -sine * scale * flipY
        let c = sine * scale * flipX
        let d = cosine * scale * flipY
        let halfWidth = Double(bitmap.width) / 2
        let halfHeight = Double(bitmap.height) / 2
        let outputWidth = max(1, Int((2 * (abs(a) * halfWidth + abs(b) * halfHeight) - 1e-9).rounded(.up)))
        let outputHeight = max(1, Int((2 * (abs(c) * halfWidth + abs(d) * halfHeight) - 1e-9).rounded(.up)))
        // Inverse, to find each output pixel's source point.
        let determinant = a * d - b * c
        let inverseA = d / determinant
        let inverseB = -b / determinant
        let inverseC = -c / determinant
        let inverseD = a / determinant
        let outputHalfWidth = Double(outputWidth) / 2
        let outputHalfHeight = Double(outputHeight) / 2
        var output = [UInt8](repeating: 0, count: outputWidth * outputHeight * 4)
        let sourceWidth = bitmap.width
        let sourceHeight = bitmap.height
        bitmap.pixels.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                for y in 0..<outputHeight {
                    let centredY = Double(y) + 0.5 - outputHalfHeight
                    for x in 0..<outputWidth {
                        let centredX = Double(x) + 0.5 - outputHalfWidth
                        // Source coordinates of the output pixel's centre, in pixel-centre units.
                        let sourceX = inverseA * centredX + inverseB * centredY + halfWidth - 0.5
                        let sourceY = inverseC * centredX + inverseD * centredY + halfHeight - 0.5
                        guard sourceX > -1, sourceY > -1, sourceX < Double(sourceWidth),
                            sourceY < Double(sourceHeight)
                        else { continue }
                        let left = Int(sourceX.rounded(.down))
                        let top = Int(sourceY.rounded(.down))
                        let fractionX = Int32(((sourceX - Double(left)) * 256).rounded())
                        let fractionY = Int32(((sourceY - Double(top)) * 256).rounded())
                        let offset = (y * outputWidth + x) * 4
                        for channel in 0..<4 {
                            func sample(_ column: Int, _ row: Int) -> Int32 {
                                guard column >= 0, row >= 0, column < sourceWidth, row < sourceHeight else { return 0 }
                                return Int32(source[(row * sourceWidth + column) * 4 + channel])
                            }
                            let upper = sample(left, top) * (256 - fractionX) + sample(left + 1, top) * fractionX
                            let lower =
                                sample(left, top + 1) * (256 - fractionX) + sample(left + 1, top + 1) * fractionX
                            target[offset + channel] = UInt8(
                                (upper * (256 - fractionY) + lower * fractionY + 32768) >> 16)
                        }
                    }
                }
            }
        }
        return Bitmap(width: outputWidth, height: outputHeight, pixels: output)
    }
}
