import AppPatterns
import FinnkinoKit
import Foundation
import GRDB
import Storage

/// The ``VideoLibrary`` of one machine: the files in `videos/` of the data directory (the video
/// and a thumbnail frame), their metadata in `library.sqlite` (through GRDB). The web app and the
/// CLI share it.
public final class SQLiteVideoLibrary: VideoLibrary, SQLiteBacked {
    public let personTables = ["video"]
    var database: any DatabaseReader { queue }

    public static let fileName = "library.sqlite"
    public static let folderName = "videos"

    /// Where the videos and thumbnails are.
    public let folder: URL
    /// Why the library cannot be used, for one made by ``unavailable(dataDirectory:reason:)``; nil
    /// for a working one.
    public let unavailableReason: String?
    private let queue: DatabaseQueue

    /// Opens (or creates) the library in the app's data directory.
    public init(dataDirectory: URL) throws(VideoLibraryError) {
        folder = dataDirectory.appendingPathComponent(Self.folderName, isDirectory: true)
        let path = dataDirectory.appendingPathComponent(Self.fileName).path
        var configuration = Configuration()
        configuration.label = "VideoLibrary"
        configuration.busyMode = .timeout(10)
        unavailableReason = nil
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            queue = try DatabaseQueue(path: path, configuration: configuration)
            try Self.migrator.migrate(queue)
        } catch {
            throw VideoLibraryError("the video library \(path) cannot be opened: \(error)")
        }
    }

    private init(folder: URL, unavailableReason: String) throws {
        self.folder = folder
        self.unavailableReason = unavailableReason
        queue = try DatabaseQueue()
        try Self.migrator.migrate(queue)
    }

    /// A library that stands for one in `dataDirectory` which could not be opened: it lists no
    /// videos and refuses to add or delete any. The server serves everything else with it, and a
    /// banner says why the library is missing; the files are left untouched.
    public static func unavailable(dataDirectory: URL, reason: String) throws -> SQLiteVideoLibrary {
        try SQLiteVideoLibrary(
            folder: dataDirectory.appendingPathComponent(folderName, isDirectory: true), unavailableReason: reason)
    }

    /// Throws when this library stands for one that could not be opened.
    private func requireAvailable() throws(VideoLibraryError) {
        if let unavailableReason { throw VideoLibraryError("the video library cannot be used: \(unavailableReason)") }
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE video (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        title TEXT NOT NULL,
                        createdAt REAL NOT NULL, -- seconds since 1970 UTC
                        duration REAL NOT NULL,
                        width INTEGER NOT NULL,
                        height INTEGER NOT NULL,
                        bytes INTEGER NOT NULL,
                        edits TEXT NOT NULL, -- JSON array of strings
                        fileName TEXT NOT NULL UNIQUE
                    );
                    """)
        }
        // Every person's videos in one library: what v1 held is the local person's (ID 1).
        migrator.registerMigration("v2 persons") { db in
            try db.execute(
                sql: """
                    ALTER TABLE video ADD COLUMN person INTEGER NOT NULL DEFAULT 1;
                    CREATE INDEX video_person ON video(person, id);
                    """)
        }
        // One naming scheme with PostgreSQL's tables (snake_case), so the same names mean the same
        // thing on both backends and `finnkino migrate --from-sqlite` copies by name.
        migrator.registerMigration("one naming scheme") { db in
            try db.execute(
                sql: """
                    ALTER TABLE video RENAME COLUMN createdAt TO created_at;
                    ALTER TABLE video RENAME COLUMN fileName TO file_name;
                    """)
        }
        return migrator
    }

    /// A new file name for an export, in the library folder: export there, then ``add(_:title:edits:)``.
    public func newVideoFile() -> URL {
        folder.appendingPathComponent(UUID().uuidString.lowercased() + ".mp4")
    }

    /// Records the video at `file` (in the library folder, from ``newVideoFile()``) and writes its
    /// thumbnail frame. When this fails the file is removed.
    @discardableResult
    public func add(
        _ file: URL, title: String, edits: [String], for person: PersonID
    ) async throws(VideoLibraryError) -> LibraryVideo {
        do {
            try requireAvailable()
        } catch {
            try? FileManager.default.removeItem(at: file)
            throw error
        }
        let row = try await LibraryVideo.made(from: file, in: folder, title: title, edits: edits)
        let editsJSON = LibraryVideo.editsJSON(edits)
        return try await recorded(row) { [queue] in
            try await queue.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO video (person, title, created_at, duration, width, height, bytes, edits, file_name)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        person.rawValue, row.title, row.createdAt.timeIntervalSince1970, row.duration, row.size.width,
                        row.size.height, row.bytes, editsJSON, row.fileName,
                    ])
                return db.lastInsertedRowID
            }
        }
    }

    /// Every video of `person`, newest first.
    public func all(of person: PersonID) throws(VideoLibraryError) -> [LibraryVideo] {
        try read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM video WHERE person = ? ORDER BY id DESC", arguments: [person.rawValue]
            )
            .map(Self.video)
        }
    }

    /// `person`'s video `id`; nil when there is none, or it is someone else's.
    public func video(id: Int64, of person: PersonID) throws(VideoLibraryError) -> LibraryVideo? {
        try read { db in
            try Row.fetchOne(
                db, sql: "SELECT * FROM video WHERE id = ? AND person = ?", arguments: [id, person.rawValue]
            ).map(Self.video)
        }
    }

    /// Removes `person`'s video, its file and its thumbnail; false when they have no such video.
    @discardableResult
    public func delete(id: Int64, of person: PersonID) throws(VideoLibraryError) -> Bool {
        try requireAvailable()
        guard let video = try video(id: id, of: person) else { return false }
        do {
            try queue.write { db in
                try db.execute(sql: "DELETE FROM video WHERE id = ? AND person = ?", arguments: [id, person.rawValue])
            }
        } catch {
            throw VideoLibraryError("video \(id) could not be deleted: \(error)")
        }
        removeFiles(of: video)
        return true
    }

    /// Deletes every video of `person`, with their files and thumbnails.
    public func erase(_ person: PersonID) throws(VideoLibraryError) {
        try requireAvailable()
        let videos = try all(of: person)
        for video in videos { try delete(id: video.id, of: person) }
        DurableDatabase.forgetDeletedRows(queue, deleted: videos.count)
    }

    /// The persons among `persons` who have at least one video.
    public func personsWithVideos(among persons: [PersonID]) throws(VideoLibraryError) -> Set<PersonID> {
        guard !persons.isEmpty else { return [] }
        let ids = try read { db in
            try Int64.fetchAll(
                db,
                sql:
                    "SELECT DISTINCT person FROM video WHERE person IN (\(databaseQuestionMarks(count: persons.count)))",
                arguments: StatementArguments(persons.map(\.rawValue)))
        }
        return Set(ids.map(PersonID.init(rawValue:)))
    }

    private func read<T>(_ body: (Database) throws -> T) throws(VideoLibraryError) -> T {
        do {
            return try queue.read(body)
        } catch {
            throw VideoLibraryError("the video library cannot be read: \(error)")
        }
    }

    private static func video(_ row: Row) throws -> LibraryVideo {
        let editsJSON: String = row["edits"]
        return LibraryVideo(
            id: row["id"], title: row["title"], createdAt: Date(timeIntervalSince1970: row["created_at"]),
            duration: row["duration"], size: FrameSize(width: row["width"], height: row["height"]),
            bytes: row["bytes"], edits: try JSONDecoder().decode([String].self, from: Data(editsJSON.utf8)),
            fileName: row["file_name"])
    }
}
