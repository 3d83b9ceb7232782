import ImagePipeline

/// The app's home-screen icons (the web app manifest's), drawn here from the shapes of
/// `Static/icon.svg`: a red rounded square, a white film frame and a play triangle, in its 64-unit
/// square. No file is committed and no font or tool is needed: each is drawn on first use, at its
/// size, with 3x3 samples a pixel for smooth edges, and kept.
///
/// The maskable one fills its whole square with the red (a launcher cuts its own shape out of it)
/// and draws the frame and triangle at 80% around the centre, inside the circle of 40% of the
/// side that every launcher's mask keeps (the manifest's "safe zone").
enum AppIcon: String, CaseIterable, Sendable {
    case any192 = "192.png"
    case any512 = "512.png"
    case maskable512 = "maskable-512.png"

    var side: Int { self == .any192 ? 192 : 512 }
    var isMaskable: Bool { self == .maskable512 }

    static let red = RGBA(red: 0xa1, green: 0x14, blue: 0x1c)

    /// The icon as PNG (libpng), made once.
    var png: [UInt8] {
        switch self {
        case .any192: Self.any192PNG
        case .any512: Self.any512PNG
        case .maskable512: Self.maskable512PNG
        }
    }

    private static let any192PNG = encoded(.any192)
    private static let any512PNG = encoded(.any512)
    private static let maskable512PNG = encoded(.maskable512)

    private static func encoded(_ icon: AppIcon) -> [UInt8] {
        // An RGBA bitmap within the codec's limits always encodes.
        (try? ImageCodec().encode(icon.bitmap(), as: .png).bytes) ?? []
    }

    /// The icon's pixels (premultiplied RGBA).
    func bitmap() -> Bitmap {
        var bitmap = Bitmap(width: side, height: side)
        let samples = 3
        let unitsPerPixel = 64 / Double(side)
        for y in 0..<side {
            for x in 0..<side {
                var sum = (red: 0, green: 0, blue: 0, alpha: 0)
                for sy in 0..<samples {
                    for sx in 0..<samples {
                        let u = (Double(x) + (Double(sx) + 0.5) / Double(samples)) * unitsPerPixel
                        let v = (Double(y) + (Double(sy) + 0.5) / Double(samples)) * unitsPerPixel
                        guard let colour = colour(atUnits: u, v) else { continue }
                        sum.red += Int(colour.red)
                        sum.green += Int(colour.green)
                        sum.blue += Int(colour.blue)
                        sum.alpha += 255
                    }
                }
                let count = samples * samples
                let index = (y * side + x) * 4
                // Opaque colours averaged with transparent samples: premultiplied already.
                bitmap.pixels[index] = UInt8(sum.red / count)
                bitmap.pixels[index + 1] = UInt8(sum.green / count)
                bitmap.pixels[index + 2] = UInt8(sum.blue / count)
                bitmap.pixels[index + 3] = UInt8(sum.alpha / count)
            }
        }
        return bitmap
    }

    /// The colour at (`u`, `v`) of the 64-unit square; nil where the icon is transparent.
    private func colour(atUnits u: Double, _ v: Double) -> RGBA? {
        if isMaskable {
            // The symbol at 80% around the centre, on red to the edges.
            let (su, sv) = (32 + (u - 32) / 0.8, 32 + (v - 32) / 0.8)
            return Self.isSymbol(su, sv) ? .white : Self.red
        }
        guard Self.inRoundedRect(u, v, x: 0, y: 0, width: 64, height: 64, radius: 14) else { return nil }
        return Self.isSymbol(u, v) ? .white : Self.red
    }

    /// Whether (`u`, `v`) is on the frame (a 36x28 rectangle at (14, 18), corner radius 4,
    /// stroked 4 wide) or the triangle (28,25)-(28,39)-(39,32).
    private static func isSymbol(_ u: Double, _ v: Double) -> Bool {
        let onFrame =
            inRoundedRect(u, v, x: 12, y: 16, width: 40, height: 32, radius: 6)
            && !inRoundedRect(u, v, x: 16, y: 20, width: 32, height: 24, radius: 2)
        return onFrame || inTriangle(u, v)
    }

    private static func inRoundedRect(
        _ u: Double, _ v: Double, x: Double, y: Double, width: Double, height: Double, radius: Double
    ) -> Bool {
        guard u >= x, u <= x + width, v >= y, v <= y + height else { return false }
        let du = max(x + radius - u, 0, u - (x + width - radius))
        let dv = max(y + radius - v, 0, v - (y + height - radius))
        return du * du + dv * dv <= radius * radius
    }

    private static func inTriangle(_ u: Double, _ v: Double) -> Bool {
        // Right of the left edge, and between the two slanted edges to the tip (39, 32).
        guard u >= 28, u <= 39 else { return false }
        let halfHeight = 7 * (39 - u) / 11
        return abs(v - 32) <= halfHeight
    }
}

extension RGBA {
    fileprivate static let white = RGBA(red: 255, green: 255, blue: 255)
}
