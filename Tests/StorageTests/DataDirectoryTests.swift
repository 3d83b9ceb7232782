import AppPatterns
import Foundation
import Testing

@testable import Storage

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

    @Test func aDataFolderIsMadeItsOwnersAloneLeavingWhatIsNotItsOwn() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("owner-only-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let videos = folder.appendingPathComponent("videos")
        try FileManager.default.createDirectory(at: videos, withIntermediateDirectories: true)
        for file in ["persons.sqlite", "videos/1.mp4", "notes.txt"] {
            try Data("x".utf8).write(to: folder.appendingPathComponent(file))
        }
        for path in [folder.path, videos.path] { chmod(path, 0o755) }
        for file in ["persons.sqlite", "videos/1.mp4", "notes.txt"] {
            chmod(folder.appendingPathComponent(file).path, 0o644)
        }
        // When the folder is made owner-only, its own entries being the database and the videos
        let changed = DataDirectory.makeOwnerOnly(folder) { $0 == "videos" || $0.hasSuffix(".sqlite") }
        // Then they are the owner's alone, and a file that is not the program's is left as it was
        func mode(_ path: String) throws -> Int {
            (try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(path).path)[
                .posixPermissions] as? Int) ?? -1
        }
        #expect(try mode("") == 0o700 && mode("videos") == 0o700)
        #expect(try mode("persons.sqlite") == 0o600 && mode("videos/1.mp4") == 0o600)
        #expect(try mode("notes.txt") == 0o644)
        #expect(changed == 4)
        #expect(DataDirectory.makeOwnerOnly(folder) { _ in true } == 1)
    }
}
