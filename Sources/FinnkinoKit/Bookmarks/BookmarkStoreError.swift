/// Why the bookmarks could not be read or saved.
public enum BookmarkStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file is not a bookmarks database that can be read (corrupt, or something else).
    case unreadable(path: String, reason: String)
    /// A change could not be saved.
    case writeFailed(path: String, reason: String)
    /// A stored row names a catalogue this version does not know.
    case unknownSource(String, movieID: Int)
    /// The person has the most bookmarks there can be (``BookmarkLimits/perPerson``).
    case full(limit: Int)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "the bookmarks file \(path) cannot be read: \(reason)"
        case .writeFailed(let path, let reason): "the bookmarks in \(path) could not be saved: \(reason)"
        case .unknownSource(let source, let movieID): "bookmark \(movieID) has an unknown source \"\(source)\""
        case .full(let limit): "there are \(limit) bookmarks already, the most there can be"
        }
    }
}
