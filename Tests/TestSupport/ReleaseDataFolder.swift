import Foundation

/// A data folder written by the release of 2026-11-27, before the stores took PostgreSQL's names
/// (`Fixtures/DataFolder-2026-11-27/README.md` says what it holds).
public enum ReleaseDataFolder {
    /// The person IDs in it.
    public static let alice: Int64 = 6_944_546_436_311_516_522
    public static let bob: Int64 = 3_246_060_212_729_062_028
    /// The session ID of Alice's first device (her push subscription's device).
    public static let alicesFirstDevice: Int64 = 992_395_610_460_072_026

    /// A fresh copy of the folder, to open and change.
    public static func copy() throws -> URL {
        guard let fixture = Bundle.module.url(forResource: "Fixtures/DataFolder-2026-11-27", withExtension: nil) else {
            throw CocoaError(.fileNoSuchFile)
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("release-data-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: fixture.path) where name.hasSuffix(".sqlite") {
            try FileManager.default.copyItem(
                at: fixture.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        return folder
    }
}
