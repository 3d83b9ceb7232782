import Crypto
import Foundation
import Hummingbird
import NIOConcurrencyHelpers
import NIOPosix
import WebSupport

/// The service worker's script as `/service-worker.js` serves it: `Static/service-worker.js` with
/// the release's `VERSION` above it.
///
/// The version is a SHA-256 digest of the running executable and of the app's static files, so
/// every new build (a change of markup as much as of the style sheet) is a new script. A browser
/// compares the script byte for byte when a page opens; a new one installs and takes over, and its
/// caches, named after the version, replace the old ones. Instances behind one proxy must run the
/// same build (the same files), or the worker would change with every instance it reaches.
///
/// It is made once per process, on the first request for it, off the event loops (reading the
/// executable takes a fraction of a second), from `/proc/self/exe`: the file that is running,
/// even when a new release has already been put in its place.
struct ServiceWorkerScript: Sendable {
    let body: ByteBuffer
    let version: String

    /// The files the version covers besides the executable, in `Static`.
    static let staticFiles = ["app.css", "app.js", "icon.svg", "service-worker.js"]

    init(folder: URL, executable: URL) throws {
        var digest = SHA256()
        do {
            let handle = try FileHandle(forReadingFrom: executable)
            defer { try? handle.close() }
            while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty { digest.update(data: chunk) }
        } catch {
            // Without it, a release that changes only markup would not be a new worker.
            throw StaticAssetsError(message: "\(executable.path): unreadable, so the release has no version (\(error))")
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
        var body = ByteBuffer(string: "\"use strict\";\nvar VERSION = \"\(version)\";\n")
        body.writeBytes(script)
        self.body = body
    }

    /// The script of this process's release.
    static func current() async throws -> ServiceWorkerScript {
        if let made = made.withLockedValue({ $0 }) { return try made.get() }
        let result = try await NIOThreadPool.singleton.runIfActive { Result { try make() } }
        return try made.withLockedValue { kept in
            kept = kept ?? result
            return kept ?? result
        }.get()
    }

    private static let made = NIOLockedValueBox<Result<ServiceWorkerScript, any Error>?>(nil)

    private static func make() throws -> ServiceWorkerScript {
        guard let folder = Bundle.module.url(forResource: "Static", withExtension: nil) else {
            throw StaticAssetsError(message: "FinnkinoWeb: the bundled `Static` folder is missing")
        }
        let running = URL(fileURLWithPath: "/proc/self/exe")
        let executable = FileManager.default.fileExists(atPath: running.path) ? running : Bundle.main.executableURL
        guard let executable else { throw StaticAssetsError(message: "the running executable cannot be found") }
        return try ServiceWorkerScript(folder: folder, executable: executable)
    }
}
