import Foundation

/// Where an application keeps its data: an explicit folder, else `$XDG_DATA_HOME/<app>`, else
/// `~/.local/share/<app>` (the XDG Base Directory rules).
public enum DataDirectory {
    public static func resolve(
        appName: String, override: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        if let override, !override.isEmpty {
            return URL(fileURLWithPath: (override as NSString).expandingTildeInPath, isDirectory: true)
        }
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent(appName, isDirectory: true)
        }
        let home =
            environment["HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appendingPathComponent(".local/share/\(appName)", isDirectory: true)
    }

    /// Creates the folder (and its parents) if needed; returns it.
    @discardableResult
    public static func ensureExists(_ url: URL) throws -> URL {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
