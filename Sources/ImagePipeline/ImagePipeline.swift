import AppPatterns
import Foundation
import Logging
import NIOConcurrencyHelpers

/// Images for the pages: fetch → memory cache → disk cache → decode → decorators → encode.
///
/// - A rendered image is looked up in memory (cost-limited LRU of encoded results), then on disk
///   (size-limited LRU that survives restarts); only then is it made.
/// - Making it: the original comes from the disk cache or its transport, is decoded (decoded
///   bitmaps are kept in a cost-limited LRU, so the plain and decorated variants of one image
///   decode it once), decorated by the variant's chain, and encoded (PNG when it has transparency,
///   JPEG otherwise). A plain variant is served as the source sent it, once it decoded.
/// - Identical requests in flight share one fetch and one decode; when every caller of a request
///   has been cancelled (the page was left), its work is cancelled and stops between stages.
public final class ImagePipeline: Sendable {
    private struct DecodedKey: Hashable, Sendable {
        var name: String
        var minimumSize: PixelSize?
    }

    public let codec: ImageCodec
    private let rendered: MemoryCache<String, EncodedImage>
    private let decoded: MemoryCache<DecodedKey, Bitmap>
    private let disk: (any PayloadCache)?
    private let renders = RequestCoalescer<String, Result<EncodedImage, ImageError>>(cancelsAbandoned: true)
    private let originals = RequestCoalescer<String, Result<[UInt8], ImageError>>(cancelsAbandoned: true)
    private let logger: Logger
    private let fetchCount = Counter()
    private let decodeCount = Counter()

    /// - Parameters:
    ///   - disk: where originals and rendered images are kept across restarts; nil keeps none.
    ///   - memoryLimit: the most bytes of rendered images kept in memory.
    ///   - decodedLimit: the most bytes of decoded bitmaps kept in memory.
    public init(
        codec: ImageCodec = ImageCodec(), disk: (any PayloadCache)? = nil, memoryLimit: Int = 32 << 20,
        decodedLimit: Int = 64 << 20, logger: Logger = Logger(label: "ImagePipeline")
    ) {
        self.codec = codec
        self.disk = disk
        rendered = MemoryCache(countLimit: 4096, costLimit: memoryLimit)
        decoded = MemoryCache(countLimit: 512, costLimit: decodedLimit)
        self.logger = logger
    }

    /// How many originals were fetched from their transport, and decoded (for tests and benches).
    public var fetches: Int { fetchCount.value }
    public var decodes: Int { decodeCount.value }

    /// The image of `request` as `variant` shows it. With `fetching` false (the source does not
    /// answer) only what is cached is used: nothing is asked of the source.
    public func image(
        _ request: ImageRequest, variant: ImageVariant, fetching: Bool = true
    ) async throws(ImageError) -> EncodedImage {
        let key = variant.key + "|" + request.name
        if let hit = rendered.value(for: key) { return hit }
        let result = await renders.run(key) { [self] in
            await make(request, variant: variant, key: key, fetching: fetching)
        }
        if case .failure(let error) = result {
            if error != .cancelled { logger.error("image \(request.name) (\(variant.name)): \(error)") }
        }
        return try result.get()
    }

    /// The rendered image from memory alone (nil when it is not there): the fast path.
    public func cachedImage(named name: String, variant: ImageVariant) -> EncodedImage? {
        rendered.value(for: variant.key + "|" + name)
    }

    private func make(_ request: ImageRequest, variant: ImageVariant, key: String, fetching: Bool) async -> Result<
        EncodedImage, ImageError
    > {
        if let stored = disk?.payload(for: "rendered|" + key), let format = ImageFormat(sniffing: stored.body) {
            let image = EncodedImage(format: format, bytes: [UInt8](stored.body))
            rendered.set(image, for: key, cost: image.bytes.count)
            return .success(image)
        }
        do throws(ImageError) {
            let (original, fetched) = try await self.original(request, fetching: fetching)
            try checkCancellation()
            let bitmap = try decode(original, name: request.name, minimumSize: minimumSize(for: variant))
            // Kept on disk only once it decoded: a broken download is not kept.
            if fetched {
                disk?.store(CachedPayload(body: Data(original), storedAt: Date()), for: "original|" + request.name)
            }
            try checkCancellation()
            let image: EncodedImage
            if variant.isPlain {
                image = EncodedImage(format: try format(of: original), bytes: original)
            } else {
                let decorated = try BitmapComponent(bitmap).decorated(with: variant.decorators).render(minimumSize: nil)
                try checkCancellation()
                image = try codec.encode(decorated)
                disk?.store(CachedPayload(body: Data(image.bytes), storedAt: Date()), for: "rendered|" + key)
            }
            rendered.set(image, for: key, cost: image.bytes.count)
            return .success(image)
        } catch {
            return .failure(error)
        }
    }

    /// The size the variant's first decorator needs of the decoded image (nil: the full size).
    private func minimumSize(for variant: ImageVariant) -> PixelSize? {
        var needed: PixelSize?
        for decorator in variant.decorators.reversed() {
            needed = decorator.inputMinimum(forOutputMinimum: needed)
        }
        return variant.isPlain ? nil : needed
    }

    private func decode(_ bytes: [UInt8], name: String, minimumSize: PixelSize?) throws(ImageError) -> Bitmap {
        let key = DecodedKey(name: name, minimumSize: minimumSize)
        if let hit = decoded.value(for: key) { return hit }
        decodeCount.increment()
        let bitmap = try codec.decode(bytes, minimumSize: minimumSize)
        decoded.set(bitmap, for: key, cost: bitmap.byteCount)
        return bitmap
    }

    private func format(of bytes: [UInt8]) throws(ImageError) -> ImageFormat {
        guard let format = ImageFormat(sniffing: bytes) else { throw .unsupportedFormat }
        return format
    }

    /// The original's bytes, and whether they were fetched now: from disk, or fetched once however
    /// many variants ask at the same time.
    private func original(
        _ request: ImageRequest, fetching: Bool
    ) async throws(ImageError) -> (bytes: [UInt8], fetched: Bool) {
        if let stored = disk?.payload(for: "original|" + request.name) { return ([UInt8](stored.body), false) }
        guard fetching else { throw .unavailable("the source does not answer") }
        let result = await originals.run(request.name) { [self] () async -> Result<[UInt8], ImageError> in
            fetchCount.increment()
            do {
                let response = try await request.transport.send(request.request)
                guard response.status == 200 else {
                    return .failure(.unavailable("the source answered \(response.status)"))
                }
                guard !response.body.isEmpty else { return .failure(.empty) }
                return .success([UInt8](response.body))
            } catch {
                if Task.isCancelled { return .failure(.cancelled) }
                return .failure(.unavailable(String(describing: error)))
            }
        }
        return (try result.get(), true)
    }

    private func checkCancellation() throws(ImageError) {
        if Task.isCancelled { throw .cancelled }
    }
}

/// A thread-safe count.
private final class Counter: Sendable {
    private let count = NIOLockedValueBox(0)
    var value: Int { count.withLockedValue { $0 } }
    func increment() { count.withLockedValue { $0 += 1 } }
}
