import Foundation
import Hummingbird
import Testing
import WebSupport

/// An app's bundled files, served by name only.
@Suite struct StaticAssetsTests {
    /// A folder holding `files` (name → contents), removed by the caller.
    static func folder(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("static-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        return folder
    }

    @Test func aNamedFileIsServedWithItsTypeAndOthersAreNot() throws {
        // Given a folder with a style sheet, an icon and a file the app does not name
        let folder = try Self.folder(["app.css": "body{}", "icon.svg": "<svg/>", "secret.txt": "no"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let assets = try StaticAssets(folder: folder, names: ["app.css", "icon.svg"])
        // When each is asked for
        let css = try assets.response(named: "app.css")
        let icon = try assets.response(named: "icon.svg")
        // Then the named files come with their types and an hour of caching
        #expect(css.status == .ok)
        #expect(css.headers[.contentType] == "text/css; charset=utf-8")
        #expect(css.headers[.cacheControl] == "public, max-age=3600")
        #expect(icon.headers[.contentType] == "image/svg+xml")
        #expect(assets.asset(named: "app.css").map { String(buffer: $0.body) } == "body{}")
        // And a file not named, a path and no name at all are 404s
        for name in ["secret.txt", "../app.css", nil] {
            #expect(throws: HTTPError.self) { try assets.response(named: name) }
        }
        #expect(assets.asset(named: "secret.txt") == nil)
    }

    @Test func aMissingFileStopsTheStartNamingIt() throws {
        // Given a folder without the file the app names
        let folder = try Self.folder([:])
        defer { try? FileManager.default.removeItem(at: folder) }
        // When the assets are read, Then the error names the file
        let error = #expect(throws: StaticAssetsError.self) {
            try StaticAssets(folder: folder, names: ["app.css"])
        }
        #expect(error?.description.contains("app.css: unreadable") == true)
    }
}
