import AppPatterns
import Foundation
import Testing

@Suite struct DataDirectoryTests {
    @Test func explicitFolderWins() {
        let url = DataDirectory.resolve(appName: "app", override: "/tmp/x", environment: ["XDG_DATA_HOME": "/xdg"])
        #expect(url.path == "/tmp/x")
    }

    @Test func xdgDataHomeIsUsedWhenAbsolute() {
        #expect(
            DataDirectory.resolve(appName: "app", environment: ["XDG_DATA_HOME": "/xdg", "HOME": "/h"]).path
                == "/xdg/app")
        // A relative XDG_DATA_HOME is invalid by the spec and ignored.
        #expect(
            DataDirectory.resolve(appName: "app", environment: ["XDG_DATA_HOME": "rel", "HOME": "/h"]).path
                == "/h/.local/share/app")
    }

    @Test func homeFallback() {
        #expect(
            DataDirectory.resolve(appName: "app", environment: ["HOME": "/home/u"]).path == "/home/u/.local/share/app")
    }

    @Test func ensureExistsCreatesNestedFolders() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("dd-\(UUID().uuidString)/a/b")
        defer { try? FileManager.default.removeItem(at: base.deletingLastPathComponent().deletingLastPathComponent()) }
        try DataDirectory.ensureExists(base)
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: base.path, isDirectory: &isDirectory) && isDirectory.boolValue)
    }
}
