import Crypto
import Foundation
import NIOPosix
import WebSupport

/// The service worker's script as `/service-worker.js` serves it: `Static/service-worker.js` with
/// the release's `VERSION` above it.
///
/// The version is a SHA-256 digest of the running executable and of the app's static files, so
/// every new build (a change of markup as much as of the style sheet) is a new script. A browser
/// compares the script byte for byte when a page opens; a new one installs and takes over, and its
/// caches, named after the version, replace the old ones. Instances of one release behind a proxy
/// serve the same script, since they run the same files.
///
/// It is made once per process, on the first request for it, off the event loops (reading the
/// executable takes a fraction of a second).
struct ServiceWorkerScript: Sendable {
    let body: [UInt8]
    let version: String

    /// The files the version covers besides the executable, in `Static`.
    static let staticFiles = ["app.css", "app.js", "icon.svg", "service-worker.js"]

    init(folder: URL, executable: URL?) throws {
        var digest = SHA256()
        if let executable, let handle = try? FileHandle(forReadingFrom: executable) {
            defer { try? handle.close() }
            while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty { digest.update(data: chunk) }
        }
        var script = Data()
        for name in Self.staticFiles {
            let url = folder.appendingPathComponent(name)
            let data: Data
            do { data = try Data(contentsOf: url) } catch {
                throw StaticAssetsError(message: "\(url.path): unreadable (\(error))")
            }
            digest.update(data: data)
            if name == "service-worker.js" { script = data }
        }
        version = digest.finalize().prefix(12).map { String(format: "%02x", $0) }.joined()
        body = Array("\"use strict\";\nvar VERSION = \"\(version)\";\n".utf8) + Array(script)
    }

    /// The script of this process's release.
    static func current() async throws -> ServiceWorkerScript {
        try await NIOThreadPool.singleton.runIfActive { try made.get() }
    }

    private static let made = Result {
        guard let folder = Bundle.module.url(forResource: "Static", withExtension: nil) else {
            throw StaticAssetsError(message: "FinnkinoWeb: the bundled `Static` folder is missing")
        }
        return try ServiceWorkerScript(folder: folder, executable: Bundle.main.executableURL)
    }
}
