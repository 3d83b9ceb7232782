import AppPatterns

/// The encodings the pipeline reads and writes.
public enum ImageFormat: String, Sendable, Hashable {
    case jpeg
    case png

    /// The format the bytes are in, told by their signature (not by a name or a header that may lie).
    public init?<Bytes: Collection<UInt8>>(sniffing bytes: Bytes) {
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else {
            return nil
        }
    }

    public var contentType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        }
    }
}

/// Encoded image bytes, their format, and a digest of the bytes (worked out once, when the
/// image is made: an HTTP ETag, for example, is then free on every request).
public struct EncodedImage: Sendable, Equatable {
    public let format: ImageFormat
    public let bytes: [UInt8]
    /// 16 hex digits of FNV-1a over `bytes`.
    public let digest: String

    public init(format: ImageFormat, bytes: [UInt8]) {
        self.format = format
        self.bytes = bytes
        digest = FNV1a.hex(bytes)
    }
}
