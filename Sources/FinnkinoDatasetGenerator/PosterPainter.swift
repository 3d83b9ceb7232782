/// Paints deterministic abstract artwork (a two-colour gradient, a few soft discs and a band) from
/// a seed, at any size; every size of one seed shows the same composition.
struct PosterPainter {
    private struct Color {
        var r: Double
        var g: Double
        var b: Double
    }

    private struct Disc {
        var x: Double
        var y: Double
        var radius: Double
        var color: Color
        var alpha: Double
    }

    private let top: Color
    private let bottom: Color
    private let discs: [Disc]
    private let bandY: Double
    private let bandHeight: Double
    private let bandColor: Color

    init(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        func color(_ random: inout SplitMix64, light: Bool) -> Color {
            // A hue from the seed, turned into RGB with a fixed saturation.
            let hue = Double(random.below(360))
            let value = light ? 0.9 : 0.35 + Double(random.below(20)) / 100
            let saturation = 0.45 + Double(random.below(40)) / 100
            let sector = hue / 60
            let chroma = value * saturation
            let x = chroma * (1 - abs(sector.truncatingRemainder(dividingBy: 2) - 1))
            let (r, g, b): (Double, Double, Double) =
                switch Int(sector) {
                case 0: (chroma, x, 0)
                case 1: (x, chroma, 0)
                case 2: (0, chroma, x)
                case 3: (0, x, chroma)
                case 4: (x, 0, chroma)
                default: (chroma, 0, x)
                }
            let m = value - chroma
            return Color(r: (r + m) * 255, g: (g + m) * 255, b: (b + m) * 255)
        }
        top = color(&random, light: false)
        bottom = color(&random, light: random.chance(50))
        discs = (0..<random.between(2, 4)).map { _ in
            Disc(
                x: Double(random.below(100)) / 100, y: Double(random.below(100)) / 100,
                radius: 0.12 + Double(random.below(30)) / 100, color: color(&random, light: true),
                alpha: 0.35 + Double(random.below(40)) / 100)
        }
        bandY = 0.55 + Double(random.below(30)) / 100
        bandHeight = 0.04 + Double(random.below(8)) / 100
        bandColor = color(&random, light: false)
    }

    /// RGB bytes, `width * height * 3`.
    func paint(width: Int, height: Int) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        let scale = Double(min(width, height))
        for row in 0..<height {
            let v = Double(row) / Double(max(height - 1, 1))
            for column in 0..<width {
                let u = Double(column) / Double(max(width - 1, 1))
                var r = top.r + (bottom.r - top.r) * v
                var g = top.g + (bottom.g - top.g) * v
                var b = top.b + (bottom.b - top.b) * v
                for disc in discs {
                    let dx = (u - disc.x) * Double(width) / scale
                    let dy = (v - disc.y) * Double(height) / scale
                    let distance = (dx * dx + dy * dy).squareRoot()
                    if distance < disc.radius {
                        let edge = min(1, (disc.radius - distance) / (disc.radius * 0.15))
                        let a = disc.alpha * edge
                        r += (disc.color.r - r) * a
                        g += (disc.color.g - g) * a
                        b += (disc.color.b - b) * a
                    }
                }
                if abs(v - bandY) < bandHeight / 2 {
                    r = (r + bandColor.r) / 2
                    g = (g + bandColor.g) / 2
                    b = (b + bandColor.b) / 2
                }
                let index = (row * width + column) * 3
                pixels[index] = UInt8(max(0, min(255, r.rounded())))
                pixels[index + 1] = UInt8(max(0, min(255, g.rounded())))
                pixels[index + 2] = UInt8(max(0, min(255, b.rounded())))
            }
        }
        return pixels
    }
}
