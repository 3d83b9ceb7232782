/// Resizes to a box: `.fit` keeps the whole image inside it (one side may be shorter), `.fill`
/// covers it and crops the overflow evenly from both sides. Downscaling averages every source
/// pixel under an output pixel (a tent filter as wide as the scale), so thumbnails do not shimmer.
public struct Resize: ImageDecorator {
    public enum Mode: String, Sendable {
        case fit
        case fill
    }

    public let mode: Mode
    public let box: PixelSize

    public init(_ mode: Mode, width: Int, height: Int) {
        precondition(width > 0 && height > 0, "a resize box has at least one pixel")
        self.mode = mode
        box = PixelSize(width: width, height: height)
    }

    public var key: String { "resize-\(mode.rawValue)-\(box)" }

    public func inputMinimum(forOutputMinimum outputMinimum: PixelSize?) -> PixelSize? { box }

    public func apply(to bitmap: Bitmap) -> Bitmap {
        let width = Double(bitmap.width)
        let height = Double(bitmap.height)
        switch mode {
        case .fit:
            let scale = min(Double(box.width) / width, Double(box.height) / height)
            let size = PixelSize(
                width: max(1, Int((width * scale).rounded())), height: max(1, Int((height * scale).rounded())))
            return Resampler.resample(bitmap, x: 0, y: 0, width: width, height: height, to: size)
        case .fill:
            let scale = max(Double(box.width) / width, Double(box.height) / height)
            let cropWidth = Double(box.width) / scale
            let cropHeight = Double(box.height) / scale
            return Resampler.resample(
                bitmap, x: (width - cropWidth) / 2, y: (height - cropHeight) / 2, width: cropWidth,
                height: cropHeight, to: box)
        }
    }
}

/// Separable resampling with precomputed integer weights.
enum Resampler {
    /// The source pixels and fixed-point weights (sum 1 << 14) of each output pixel on one axis.
    struct Contributions {
        var first: [Int32]
        var count: [Int32]
        var weights: [Int32]
        var stride: Int
    }

    static let precision: Int32 = 14

    static func contributions(start: Double, length: Double, sourceSize: Int, outputSize: Int) -> Contributions {
        let scale = length / Double(outputSize)
        let support = max(1, scale)
        let stride = Int((support * 2).rounded(.up)) + 2
        var result = Contributions(
            first: .init(repeating: 0, count: outputSize), count: .init(repeating: 0, count: outputSize),
            weights: .init(repeating: 0, count: outputSize * stride), stride: stride)
        var raw = [Double](repeating: 0, count: stride)
        for index in 0..<outputSize {
            let center = start + (Double(index) + 0.5) * scale
            let low = max(0, Int((center - support).rounded(.down)))
            let high = min(sourceSize - 1, Int((center + support).rounded(.up)))
            var total = 0.0
            var taken = 0
            if high >= low {
                for source in low...high where taken < stride {
                    let weight = max(0, 1 - abs(Double(source) + 0.5 - center) / support)
                    raw[taken] = weight
                    total += weight
                    taken += 1
                }
            }
            if total <= 0 {
                // Outside the source (cannot happen for in-range boxes): the nearest pixel.
                let nearest = min(sourceSize - 1, max(0, Int(center)))
                result.first[index] = Int32(nearest)
                result.count[index] = 1
                result.weights[index * stride] = 1 << precision
                continue
            }
            result.first[index] = Int32(low)
            result.count[index] = Int32(taken)
            var assigned: Int32 = 0
            var heaviest = 0
            for tap in 0..<taken {
                let weight = Int32((raw[tap] / total * Double(1 << precision)).rounded())
                result.weights[index * stride + tap] = weight
                assigned += weight
                if raw[tap] > raw[heaviest] { heaviest = tap }
            }
            // Rounding must not brighten or darken: the heaviest tap takes the remainder.
            result.weights[index * stride + heaviest] += (1 << precision) - assigned
        }
        return result
    }

    /// The source rectangle (`x`, `y`, `width`, `height`, in source pixels) resampled to `size`.
    static func resample(
        _ bitmap: Bitmap, x: Double, y: Double, width: Double, height: Double, to size: PixelSize
    ) -> Bitmap {
        if size == bitmap.size, x == 0, y == 0, width == Double(bitmap.width), height == Double(bitmap.height) {
            return bitmap
        }
        let horizontal = contributions(start: x, length: width, sourceSize: bitmap.width, outputSize: size.width)
        let vertical = contributions(start: y, length: height, sourceSize: bitmap.height, outputSize: size.height)
        // Only the source rows the vertical pass reads are resampled horizontally.
        let firstRow = Int(vertical.first.min() ?? 0)
        let lastRow = (0..<size.height).map { Int(vertical.first[$0] + vertical.count[$0]) - 1 }.max() ?? firstRow
        let rows = lastRow - firstRow + 1
        var middle = [UInt8](repeating: 0, count: rows * size.width * 4)
        bitmap.pixels.withUnsafeBufferPointer { source in
            middle.withUnsafeMutableBufferPointer { target in
                for row in 0..<rows {
                    let sourceRow = (firstRow + row) * bitmap.width * 4
                    let targetRow = row * size.width * 4
                    for column in 0..<size.width {
                        pass(
                            horizontal, column, from: source, at: sourceRow, step: 4, into: target,
                            at: targetRow + column * 4)
                    }
                }
            }
        }
        var output = [UInt8](repeating: 0, count: size.pixelCount * 4)
        middle.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                let rowBytes = size.width * 4
                for row in 0..<size.height {
                    for column in 0..<size.width {
                        pass(
                            vertical, row, from: source, at: column * 4 - firstRow * rowBytes, step: rowBytes,
                            into: target, at: (row * size.width + column) * 4)
                    }
                }
            }
        }
        return Bitmap(width: size.width, height: size.height, pixels: output)
    }

    /// One output pixel: the weighted sum of its contributing pixels `step` bytes apart.
    @inline(__always)
    private static func pass(
        _ contributions: Contributions, _ index: Int, from source: UnsafeBufferPointer<UInt8>, at base: Int,
        step: Int, into target: UnsafeMutableBufferPointer<UInt8>, at offset: Int
    ) {
        var red: Int32 = 0
        var green: Int32 = 0
        var blue: Int32 = 0
        var alpha: Int32 = 0
        let first = Int(contributions.first[index])
        let weightsStart = index * contributions.stride
        var position = base + first * step
        for tap in 0..<Int(contributions.count[index]) {
            let weight = contributions.weights[weightsStart + tap]
            red &+= Int32(source[position]) &* weight
            green &+= Int32(source[position + 1]) &* weight
            blue &+= Int32(source[position + 2]) &* weight
            alpha &+= Int32(source[position + 3]) &* weight
            position += step
        }
        let half: Int32 = 1 << (precision - 1)
        let newAlpha = clamp((alpha &+ half) >> precision, 255)
        target[offset] = UInt8(clamp((red &+ half) >> precision, newAlpha))
        target[offset + 1] = UInt8(clamp((green &+ half) >> precision, newAlpha))
        target[offset + 2] = UInt8(clamp((blue &+ half) >> precision, newAlpha))
        target[offset + 3] = UInt8(newAlpha)
    }

    /// `value` within 0...`limit` (premultiplied colour never exceeds its alpha).
    @inline(__always)
    static func clamp(_ value: Int32, _ limit: Int32) -> Int32 { min(max(value, 0), limit) }
}
