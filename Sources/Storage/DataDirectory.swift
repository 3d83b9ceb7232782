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

    /// Makes a data folder its owner's alone: the folder 0700, and each of its entries that
    /// `isOwn` names (by its name in the folder) 0600 for a file and, for a folder, 0700 with
    /// everything in it 0700 or 0600 (links are left as they are). Only the program's own entries:
    /// a data folder may be a folder of the user's that holds other things. For a folder made
    /// before the program wrote with umask 077. Returns how many entries it changed.
    @discardableResult
    public static func makeOwnerOnly(_ url: URL, isOwn: (String) -> Bool) -> Int {
        var changed = 0
        func restrict(_ path: String) -> Bool {
            var info = stat()
            guard lstat(path, &info) == 0 else { return false }
            let type = info.st_mode & S_IFMT
            guard type == S_IFDIR || type == S_IFREG else { return false }
            let wanted: mode_t = type == S_IFDIR ? 0o700 : 0o600
            if info.st_mode & 0o777 != wanted, chmod(path, wanted) == 0 { changed += 1 }
            return type == S_IFDIR
        }
        _ = restrict(url.path)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        for name in names where isOwn(name) {
            let top = url.appendingPathComponent(name)
            guard restrict(top.path), let entries = FileManager.default.enumerator(atPath: top.path) else { continue }
            for case let entry as String in entries { _ = restrict(top.appendingPathComponent(entry).path) }
        }
        return changed
    }
}
