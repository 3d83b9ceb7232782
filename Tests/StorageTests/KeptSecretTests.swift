import Foundation
import Testing

@testable import AppPatterns
@testable import Storage

/// A secret kept in a file: made once, owner-only, read back; made anew when damaged or unusable.
@Suite struct KeptSecretTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kept-\(UUID())")

    @Test func aSecretIsMadeOnceOwnerOnlyAndReadBack() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try KeptSecret.bytes(named: "key", in: folder)
        #expect(first.count == 32 && Set(first).count > 1)
        let file = folder.appendingPathComponent("key")
        let permissions = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
        #expect(try KeptSecret.bytes(named: "key", in: folder) == first)
        // No temporary file is left beside it
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["key"])
    }

    @Test func aDamagedOrUnusableSecretIsMadeAnew() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("key")
        try Data("short".utf8).write(to: file)
        let made = try KeptSecret.bytes(named: "key", in: folder)
        #expect(made.count == 32)
        #expect(try Data(contentsOf: file) == Data(made))
        // A secret the caller cannot use (a key off the curve) is replaced until usable
        var asked = 0
        let usable = try KeptSecret.bytes(named: "key", in: folder) { _ in
            asked += 1
            return asked > 2
        }
        #expect(usable != made && asked == 3)
        #expect(try KeptSecret.bytes(named: "key", in: folder) == usable)
    }

    @Test func aSecretThatCannotBeReadIsAnErrorNotReplaced() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        // A folder where the file should be: there, and unreadable as a file
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("key"), withIntermediateDirectories: true)
        #expect(throws: (any Error).self) { try KeptSecret.bytes(named: "key", in: folder) }
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("key").path))
    }
}
