/// Why an image could not be had. Every one ends in a placeholder for the page and a logged line
/// naming the image, never a crash.
public enum ImageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The source answered with no bytes.
    case empty
    /// The bytes are neither JPEG nor PNG.
    case unsupportedFormat
    /// The header names more pixels than the decoder accepts; nothing was decoded.
    case tooLarge(PixelSize, limit: Int)
    /// The decoder refused the data (truncated, corrupt).
    case corrupt(String)
    /// The encoder failed.
    case encodingFailed(String)
    /// The source could not be read (missing, unreachable, an error status).
    case unavailable(String)
    /// Every client went away before the image was ready.
    case cancelled

    public var description: String {
        switch self {
        case .empty: "no bytes"
        case .unsupportedFormat: "not a JPEG or PNG image"
        case .tooLarge(let size, let limit): "\(size) is over the limit of \(limit) pixels"
        case .corrupt(let reason): "cannot be decoded: \(reason)"
        case .encodingFailed(let reason): "cannot be encoded: \(reason)"
        case .unavailable(let reason): "cannot be read: \(reason)"
        case .cancelled: "cancelled"
        }
    }
}
