import Foundation
import ImagePipeline
import Testing

@testable import FinnkinoWeb

/// The web app manifest and its icons: what makes the app installable on a home screen.
@Suite struct WebAppManifestTests {
    struct Manifest: Decodable {
        struct Icon: Decodable {
            var src: String
            var sizes: String
            var type: String
            var purpose: String
        }
        var name: String
        var shortName: String
        var lang: String
        var startUrl: String
        var display: String
        var themeColor: String
        var backgroundColor: String
        var icons: [Icon]
    }

    /// Reads a manifest by its own (snake case) keys.
    func decoded(_ bytes: [UInt8]) throws -> Manifest {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(Manifest.self, from: Data(bytes))
    }

    @Test func eachLanguageHasItsManifestAndEveryPageLinksTheOneOfItsLanguage() async throws {
        let server = try await WebServer.start()
        defer { Task { await server.stop() } }
        var names: Set<String> = []
        for language in ["fi", "sv", "en"] {
            // The page in that language links its manifest, and says its colours for light and dark
            let page = try await server.get("/movies", headers: ["Accept-Language": language]).body
            #expect(page.contains("<link rel=\"manifest\" href=\"/manifest.webmanifest?lang=\(language)\">"))
            #expect(page.contains("name=\"theme-color\" media=\"(prefers-color-scheme: dark)\""))
            let reply = try await server.get("/manifest.webmanifest?lang=\(language)")
            #expect(reply.status == 200)
            #expect(reply.header("Content-Type") == "application/manifest+json")
            let manifest = try decoded(reply.bytes)
            #expect(manifest.lang == language && manifest.shortName == "Finnkino")
            #expect(manifest.display == "standalone" && manifest.startUrl == "/")
            #expect(manifest.themeColor.hasPrefix("#") && manifest.backgroundColor.hasPrefix("#"))
            names.insert(manifest.name)
            // No orientation is locked: the key is not there at all
            let keys = try #require(try JSONSerialization.jsonObject(with: Data(reply.bytes)) as? [String: Any]).keys
            #expect(!keys.contains("orientation"))
            #expect(
                manifest.icons.map { "\($0.sizes) \($0.purpose) \($0.type)" }.sorted() == [
                    "192x192 any image/png", "512x512 any image/png", "512x512 maskable image/png",
                ])
        }
        // Each language's own name
        #expect(names.count == 3)
        // A language it does not have is Finnish
        let other = try await server.get("/manifest.webmanifest?lang=de")
        #expect(try decoded(other.bytes).lang == "fi")
    }

    @Test func theIconsAreDrawnAtTheirSizesAndAreThereForAnyone() async throws {
        let server = try await WebServer.start(hosted: true)
        defer { Task { await server.stop() } }
        for icon in AppIcon.allCases {
            // Asked without a session, as a browser asks: no cookie is set
            let reply = try await server.get(WebRoute.appIcon(name: icon.rawValue).path)
            #expect(reply.status == 200 && reply.header("Content-Type") == "image/png")
            #expect(reply.header("Set-Cookie") == nil)
            let bitmap = try ImageCodec().decode(reply.bytes)
            #expect(bitmap.width == icon.side && bitmap.height == icon.side)
        }
        #expect(try await server.get("/app-icon/1024.png").status == 404)
        #expect(try await server.get("/app-icon/..%2Fstatic%2Fapp.css").status == 404)
    }

    @Test func theRoundIconHasTransparentCornersAndTheMaskableOneKeepsItsSymbolInTheSafeZone() {
        let round = AppIcon.any512.bitmap()
        #expect(round.pixel(x: 0, y: 0).alpha == 0 && round.pixel(x: 511, y: 511).alpha == 0)
        #expect(round.pixel(x: 256, y: 40) == AppIcon.red)  // the red square
        #expect(round.pixel(x: 256, y: 136) == RGBA(red: 255, green: 255, blue: 255))  // the frame's top edge
        // The maskable one is red to its corners (a launcher cuts its shape out of it)
        let maskable = AppIcon.maskable512.bitmap()
        #expect(maskable.isOpaque && maskable.pixel(x: 0, y: 0) == AppIcon.red)
        // And every pixel of the symbol is within the circle of 40% of the side around the centre
        var symbolPixels = 0
        for y in 0..<512 {
            for x in 0..<512 where maskable.pixel(x: x, y: y) != AppIcon.red {
                symbolPixels += 1
                let (dx, dy) = (Double(x) + 0.5 - 256, Double(y) + 0.5 - 256)
                #expect((dx * dx + dy * dy).squareRoot() <= 0.4 * 512, "(\(x), \(y))")
            }
        }
        #expect(symbolPixels > 10_000)
    }
}
