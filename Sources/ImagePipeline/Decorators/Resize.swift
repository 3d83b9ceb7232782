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
            // The source pixels whose centres lie strictly within the filter's reach (the others
            // would weigh 0).
            let low = max(0, Int((center - support - 0.5).rounded(.down)) + 1)
            let high = min(sourceSize - 1, Int((center + support - 0.5).rounded(.up)) - 1)
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

    /// The source rectangle (`x`, `y`, `width`, `height`, in source pixels) resampled to `size`:
    /// rows first (each output pixel from its taps in one source row), then columns (each output
    /// row accumulated from whole source rows, so memory is read in order).
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
        let rowBytes = size.width * 4
        var middle = [UInt8](repeating: 0, count: rows * rowBytes)
        bitmap.pixels.withUnsafeBufferPointer { source in
            middle.withUnsafeMutableBufferPointer { target in
                horizontal.weights.withUnsafeBufferPointer { weights in
                    for row in 0..<rows {
                        let sourceRow = source.baseAddress! + (firstRow + row) * bitmap.width * 4
                        var output = target.baseAddress! + row * rowBytes
                        for column in 0..<size.width {
                            var red: Int32 = 0
                            var green: Int32 = 0
                            var blue: Int32 = 0
                            var alpha: Int32 = 0
                            var pixel = sourceRow + Int(horizontal.first[column]) * 4
                            var weight = weights.baseAddress! + column * horizontal.stride
                            for _ in 0..<Int(horizontal.count[column]) {
                                let w = weight.pointee
                                red &+= Int32(pixel[0]) &* w
                                green &+= Int32(pixel[1]) &* w
                                blue &+= Int32(pixel[2]) &* w
                                alpha &+= Int32(pixel[3]) &* w
                                pixel += 4
                                weight += 1
                            }
                            store(red, green, blue, alpha, to: output)
                            output += 4
                        }
                    }
                }
            }
        }
        var pixels = [UInt8](repeating: 0, count: size.pixelCount * 4)
        var sums = [Int32](repeating: 0, count: rowBytes)
        middle.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                sums.withUnsafeMutableBufferPointer { sums in
                    for row in 0..<size.height {
                        for index in 0..<rowBytes { sums[index] = 0 }
                        let first = Int(vertical.first[row]) - firstRow
                        for tap in 0..<Int(vertical.count[row]) {
                            let weight = vertical.weights[row * vertical.stride + tap]
                            let line = source.baseAddress! + (first + tap) * rowBytes
                            for index in 0..<rowBytes { sums[index] &+= Int32(line[index]) &* weight }
                        }
                        var output = target.baseAddress! + row * rowBytes
                        var index = 0
                        while index < rowBytes {
                            store(sums[index], sums[index + 1], sums[index + 2], sums[index + 3], to: output)
                            output += 4
                            index += 4
                        }
                    }
                }
            }
        }
        return Bitmap(width: size.width, height: size.height, pixels: pixels)
    }

    /// Weighted sums (fixed point) to a premultiplied pixel: rounded, colour kept within alpha.
    @inline(__always)
    private static func store(
        _ red: Int32, _ green: Int32, _ blue: Int32, _ alpha: Int32, to output: UnsafeMutablePointer<UInt8>
    ) {
        let half: Int32 = 1 << (precision - 1)
        let newAlpha = clamp((alpha &+ half) >> precision, 255)
        output[0] = UInt8(truncatingIfNeeded: clamp((red &+ half) >> precision, newAlpha))
        output[1] = UInt8(truncatingIfNeeded: clamp((green &+ half) >> precision, newAlpha))
        output[2] = UInt8(truncatingIfNeeded: clamp((blue &+ half) >> precision, newAlpha))
        output[3] = UInt8(truncatingIfNeeded: newAlpha)
    }

    /// `value` within 0...`limit` (premultiplied colour never exceeds its alpha).
    @inline(__always)
    static func clamp(_ value: Int32, _ limit: Int32) -> Int32 { min(max(value, 0), limit) }
}
