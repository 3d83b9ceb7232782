import Foundation
import Hummingbird

/// An app's bundled style sheets, scripts and icons, read once at start and served from memory.
/// Only the names given are ever served: a request path is a key, never a file path.
public struct StaticAssets: Sendable {
    public struct Asset: Sendable {
        public var contentType: String
        public var body: ByteBuffer
    }

    private let assets: [String: Asset]

    static let types = [
        "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8", "svg": "image/svg+xml",
    ]

    /// Reads the files `names` of `folder` (an app's bundled `Static` folder).
    public init(folder: URL, names: [String]) throws {
        var assets: [String: Asset] = [:]
        for name in names {
            let url = folder.appendingPathComponent(name)
            let data: Data
            do { data = try Data(contentsOf: url) } catch {
                throw StaticAssetsError(message: "\(url.path): unreadable (\(error))")
            }
            let type = Self.types[url.pathExtension] ?? "application/octet-stream"
            assets[name] = Asset(contentType: type, body: ByteBuffer(bytes: data))
        }
        self.assets = assets
    }

    public func asset(named name: some StringProtocol) -> Asset? { assets[String(name)] }

    /// The answer to `GET /static/<name>`: the asset with its type, cacheable for an hour; a 404
    /// for any other name.
    public func response(named name: String?) throws -> Response {
        guard let name, let asset = asset(named: name) else { throw HTTPError(.notFound) }
        return Response(
            status: .ok, headers: [.contentType: asset.contentType, .cacheControl: "public, max-age=3600"],
            body: ResponseBody(byteBuffer: asset.body))
    }
}

/// A bundled asset that cannot be read (or a bundle without its folder).
public struct StaticAssetsError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }

    public init(message: String) {
        self.message = message
    }
}
