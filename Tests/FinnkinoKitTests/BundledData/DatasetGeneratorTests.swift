import Foundation
import Testing

/// Runs the `finnkino-dataset` executable (built next to the test bundle by
/// `swift build --build-tests`) and compares what it writes.
@Suite("Dataset generator", .serialized)
struct DatasetGeneratorTests {
    /// The built generator, next to this test target's resource bundle.
    private func generatorURL() throws -> URL {
        let directory = Bundle.module.bundleURL.deletingLastPathComponent()
        let url = directory.appendingPathComponent("finnkino-dataset")
        try #require(
            FileManager.default.isExecutableFile(atPath: url.path),
            "build the generator first: swift build --build-tests (looked at \(url.path))")
        return url
    }

    /// The committed dataset folder in the source tree.
    private var committedFolder: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Sources/FinnkinoKit/Bundled")
    }

    /// Runs the generator and returns its exit status, waiting without holding a thread of the
    /// test pool.
    private func runGenerator(into folder: URL, _ extra: [String] = []) async throws -> Int32 {
        let process = Process()
        process.executableURL = try generatorURL()
        process.arguments = ["--output", folder.path] + extra
        process.standardOutput = FileHandle.nullDevice
        return try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do { try process.run() } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
    }

    /// Relative path -> bytes of every file below `folder`.
    private func contents(of folder: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let base = folder.standardizedFileURL.path
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
            return result
        }
        for case let url as URL in enumerator where !url.hasDirectoryPath {
            let path = String(url.standardizedFileURL.path.dropFirst(base.count + 1))
            result[path] = try Data(contentsOf: url)
        }
        return result
    }

    private func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("finnkino-dataset-\(UUID().uuidString)")
    }

    /// The committed folder came from an earlier run, so this also shows that the generator writes
    /// the same bytes every time. (The clips are ffmpeg's bytes: another ffmpeg version than the one
    /// `scripts/setup` installs may encode them differently; the message then says which differ.)
    @Test func aFreshGenerationMatchesTheCommittedFolderByteForByte() async throws {
        let fresh = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: fresh) }
        #expect(try await runGenerator(into: fresh) == 0)
        let generated = try contents(of: fresh)
        #expect(generated.count > 100)
        let committed = try contents(of: committedFolder)
        #expect(committed.keys.sorted() == generated.keys.sorted())
        let differing = generated.keys.filter { committed[$0] != generated[$0] }.sorted()
        #expect(differing.isEmpty, "regenerate with `swift run finnkino-dataset`; differs: \(differing.prefix(5))")
    }

    @Test func anotherSeedWritesOtherContent() async throws {
        // Given a different seed
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // When the generator runs with it (without the clips, which the seed drives as it drives the posters)
        let status = try await runGenerator(into: folder, ["--seed", "7", "--without-clips"])
        // Then the documents differ from the committed ones (the seed really drives the content)
        #expect(status == 0)
        let fresh = try Data(contentsOf: folder.appendingPathComponent("fi/TheatreAreas.xml"))
        let committed = try Data(contentsOf: committedFolder.appendingPathComponent("fi/TheatreAreas.xml"))
        #expect(fresh == committed)  // facts do not depend on the seed
        let freshEvents = try Data(contentsOf: folder.appendingPathComponent("manifest.json"))
        let committedEvents = try Data(contentsOf: committedFolder.appendingPathComponent("manifest.json"))
        #expect(freshEvents != committedEvents)
    }

    @Test func aBadAnchorIsRefusedWithAMessage() async throws {
        // When the anchor is not a date
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let status = try await runGenerator(into: folder, ["--anchor", "next monday"])
        // Then the generator fails without writing
        #expect(status != 0)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("manifest.json").path))
    }
}
