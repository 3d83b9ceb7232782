import Foundation
import Hummingbird

/// The bundled stylesheet, script and icon, read once at start and served from memory. Only these
/// names are ever served: a request path is a key, never a file path.
struct StaticAssets: Sendable {
    struct Asset: Sendable {
        var contentType: String
        var body: ByteBuffer
    }

    private let assets: [String: Asset]

    static let types = [
        "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8", "svg": "image/svg+xml",
    ]

    /// Reads the `Static` folder bundled with FinnkinoWeb.
    init() throws {
        guard let folder = Bundle.module.url(forResource: "Static", withExtension: nil) else {
            throw StaticAssetsError(message: "FinnkinoWeb: the bundled `Static` folder is missing")
        }
        var assets: [String: Asset] = [:]
        for name in ["app.css", "app.js", "icon.svg"] {
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

    func asset(named name: some StringProtocol) -> Asset? { assets[String(name)] }
}

struct StaticAssetsError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
