import AppPatterns

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
        let scale = Double(min(width, height))
        // Flattened disc parameters, so the pixel loop touches plain doubles only.
        let discCount = discs.count
        var params = [Double](repeating: 0, count: discCount * 8)
        for (n, disc) in discs.enumerated() {
            params[n * 8] = disc.x
            params[n * 8 + 1] = disc.y
            params[n * 8 + 2] = disc.radius
            params[n * 8 + 3] = disc.alpha / (disc.radius * 0.15)
            params[n * 8 + 4] = disc.alpha
            params[n * 8 + 5] = disc.color.r
            params[n * 8 + 6] = disc.color.g
            params[n * 8 + 7] = disc.color.b
        }
        let xScale = Double(width) / scale
        let yScale = Double(height) / scale
        let (top, bottom, bandY, bandHeight, band) = (top, bottom, bandY, bandHeight, bandColor)
        return [UInt8](unsafeUninitializedCapacity: width * height * 3) { out, initialized in
            params.withUnsafeBufferPointer { p in
                var index = 0
                var row = 0
                while row < height {
                    let v = Double(row) / Double(max(height - 1, 1))
                    let baseR = top.r + (bottom.r - top.r) * v
                    let baseG = top.g + (bottom.g - top.g) * v
                    let baseB = top.b + (bottom.b - top.b) * v
                    let inBand = abs(v - bandY) < bandHeight / 2
                    var column = 0
                    while column < width {
                        let u = Double(column) / Double(max(width - 1, 1))
                        var r = baseR
                        var g = baseG
                        var b = baseB
                        var n = 0
                        while n < discCount {
                            let k = n * 8
                            let dx = (u - p[k]) * xScale
                            let dy = (v - p[k + 1]) * yScale
                            let distance = (dx * dx + dy * dy).squareRoot()
                            if distance < p[k + 2] {
                                let a = min(p[k + 4], (p[k + 2] - distance) * p[k + 3])
                                r += (p[k + 5] - r) * a
                                g += (p[k + 6] - g) * a
                                b += (p[k + 7] - b) * a
                            }
                            n += 1
                        }
                        if inBand {
                            r = (r + band.r) / 2
                            g = (g + band.g) / 2
                            b = (b + band.b) / 2
                        }
                        out[index] = UInt8(max(0, min(255, r.rounded())))
                        out[index + 1] = UInt8(max(0, min(255, g.rounded())))
                        out[index + 2] = UInt8(max(0, min(255, b.rounded())))
                        index += 3
                        column += 1
                    }
                    row += 1
                }
            }
            initialized = width * height * 3
        }
    }
}
