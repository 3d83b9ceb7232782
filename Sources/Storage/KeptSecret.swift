import Foundation

/// A secret of 32 random bytes kept in a file of the data folder, readable by its owner only:
/// made on first use, read back after (a server keeps its keys across restarts). Instances over a
/// shared database keep theirs there instead (`PostgresSecrets`).
public enum KeptSecret {
    public static let length = 32

    /// The secret in `directory/fileName`. Made there when there is no such file (of two processes
    /// making it at once, the first one's is kept and both return it), and made anew when the file
    /// is not 32 bytes long or `isUsable` refuses what it holds (a key made anew until usable). A
    /// file that is there but cannot be read is an error: replacing it would end what hangs on it.
    public static func bytes(
        named fileName: String, in directory: URL, isUsable: ([UInt8]) -> Bool = { _ in true }
    ) throws -> [UInt8] {
        let file = directory.appendingPathComponent(fileName)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var replace = false
        while true {
            if FileManager.default.fileExists(atPath: file.path) {
                let data = try Data(contentsOf: file)
                if data.count == length, isUsable(Array(data)) { return Array(data) }
                replace = true
            }
            let made = made(isUsable: isUsable)
            // Written to a temporary file, then put in place whole: linked where there is none
            // (failing if another process was first), renamed over a damaged one.
            let temporary = directory.appendingPathComponent(".\(fileName).\(UUID().uuidString)")
            guard
                FileManager.default.createFile(
                    atPath: temporary.path, contents: Data(made), attributes: [.posixPermissions: 0o600])
            else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path]) }
            defer { try? FileManager.default.removeItem(at: temporary) }
            if replace {
                guard rename(temporary.path, file.path) == 0 else {
                    throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
                }
                return made
            }
            if link(temporary.path, file.path) == 0 { return made }
            guard errno == EEXIST else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
            }
            // Another process made it meanwhile: read theirs.
        }
    }

    private static func made(isUsable: ([UInt8]) -> Bool) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        var bytes: [UInt8]
        repeat {
            bytes = (0..<length).map { _ in generator.next() }
        } while !isUsable(bytes)
        return bytes
    }
}
