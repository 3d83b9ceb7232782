import Foundation

/// A secret of 32 random bytes kept in a file of the data folder, readable by its owner only:
/// made on first use, read back after (a server keeps its keys across restarts). Instances over a
/// shared database keep theirs there instead (`PostgresSecrets`).
public enum KeptSecret {
    public static let length = 32

    /// The secret in `directory/fileName`; made there when the file is missing or not 32 bytes
    /// long, or when `isUsable` refuses what it holds (a key made anew each time until usable).
    public static func bytes(
        named fileName: String, in directory: URL, isUsable: ([UInt8]) -> Bool = { _ in true }
    ) throws -> [UInt8] {
        let file = directory.appendingPathComponent(fileName)
        if let data = try? Data(contentsOf: file), data.count == length, isUsable(Array(data)) {
            return Array(data)
        }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var generator = SystemRandomNumberGenerator()
        var bytes: [UInt8]
        repeat {
            bytes = (0..<length).map { _ in generator.next() }
        } while !isUsable(bytes)
        // Replaced whole (a temporary file renamed), so a crash leaves the old secret or the new.
        let temporary = directory.appendingPathComponent(".\(fileName).\(UUID().uuidString)")
        guard
            FileManager.default.createFile(
                atPath: temporary.path, contents: Data(bytes), attributes: [.posixPermissions: 0o600])
        else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path]) }
        if rename(temporary.path, file.path) != 0 {
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
        }
        return bytes
    }
}
