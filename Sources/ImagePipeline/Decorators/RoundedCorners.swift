/// Rounds the corners to `radius` pixels; the edge of each arc is anti-aliased (a pixel's alpha is
/// the share of it inside the arc, to the nearest half pixel).
public struct RoundedCorners: ImageDecorator {
    public let radius: Int

    public init(radius: Int) {
        precondition(radius >= 0, "a corner radius is not negative")
        self.radius = radius
    }

    public var key: String { "rounded-\(radius)" }

    public func inputMinimum(forOutputMinimum outputMinimum: PixelSize?) -> PixelSize? { outputMinimum }

    public func apply(to bitmap: Bitmap) -> Bitmap {
        let radius = min(radius, bitmap.width / 2, bitmap.height / 2)
        guard radius > 0 else { return bitmap }
        var output = bitmap
        // The coverage of one corner, computed once and mirrored into all four.
        let edge = Double(radius)
        var coverage = [UInt16](repeating: 256, count: radius * radius)
        for y in 0..<radius {
            for x in 0..<radius {
                let dx = edge - (Double(x) + 0.5)
                let dy = edge - (Double(y) + 0.5)
                let inside = min(1, max(0, edge - (dx * dx + dy * dy).squareRoot() + 0.5))
                coverage[y * radius + x] = UInt16((inside * 256).rounded())
            }
        }
        output.pixels.withUnsafeMutableBufferPointer { pixels in
            for y in 0..<radius {
                for x in 0..<radius {
                    let share = coverage[y * radius + x]
                    guard share < 256 else { continue }
                    for (column, row) in [
                        (x, y), (bitmap.width - 1 - x, y), (x, bitmap.height - 1 - y),
                        (bitmap.width - 1 - x, bitmap.height - 1 - y),
                    ] {
                        let offset = (row * bitmap.width + column) * 4
                        for channel in 0..<4 {
                            pixels[offset + channel] = UInt8((UInt16(pixels[offset + channel]) * share + 128) >> 8)
                        }
                    }
                }
            }
        }
        return output
    }
}
