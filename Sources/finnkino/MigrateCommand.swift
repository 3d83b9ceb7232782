import AppPatterns
import ArgumentParser
import FinnkinoKit
import FinnkinoStores
import Foundation
import Storage

/// `finnkino migrate`: brings the stores' tables up to date and says what it did, without serving
/// (the server does the same when it starts).
struct MigrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Create or update the database's tables, then stop.",
        discussion: """
            With --database (or FINNKINO_DATABASE_URL), the PostgreSQL database's; without, the SQLite \
            files in the data folder. Each change is applied once, in order, and recorded.
            With --from-sqlite DIR --to postgres://…, copies everything an install keeps of its persons \
            (sessions, bookmarks with their undo histories, places, video records, export jobs, wanted \
            movies, push subscriptions) and its secrets from its SQLite files into an empty PostgreSQL \
            database, and checks the counts (the videos' files stay: serve with --media-dir DIR).
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var database: DatabaseOption

    @Option(help: ArgumentHelp("A data folder whose SQLite files to copy into PostgreSQL.", valueName: "dir"))
    var fromSqlite: String?

    @Option(help: ArgumentHelp("The PostgreSQL database to copy into (as --database).", valueName: "postgres://…"))
    var to: String?

    func validate() throws {
        if to != nil && fromSqlite == nil { throw ValidationError("--to goes with --from-sqlite DIR") }
    }

    func run() throws {
        if let fromSqlite {
            guard let location = try to.map({ try DatabaseOption(database: $0).postgres() }) ?? database.postgres()
            else {
                throw ValidationError("--from-sqlite needs the database to copy into: --to postgres://…")
            }
            let folder = URL(fileURLWithPath: fromSqlite)
            do {
                let report = try SQLiteToPostgres.copy(from: folder, to: PostgresPool(location, maximumConnections: 1))
                print("Copied from \(folder.path) to \(location): \(report); the counts match.")
                print(
                    "The videos' files stay in \(folder.appendingPathComponent(SQLiteVideoLibrary.folderName).path): "
                        + "serve with --media-dir \(folder.path) (a folder every instance sees).")
            } catch {
                throw CommandFailure("nothing was copied: \(error)")
            }
            return
        }
        if let location = try database.postgres() {
            let migrator = PostgresSchema.migrator
            let applied: [String]
            do {
                applied = try migrator.migrate(PostgresPool(location, maximumConnections: 1))
            } catch {
                throw CommandFailure("the database at \(location) cannot be migrated: \(error)")
            }
            print(Self.report(applied: applied, all: migrator.names, of: "\(location)"))
        } else {
            let directory = global.dataDirectory
            do {
                _ = try SQLitePersonStore(dataDirectory: directory)
                _ = try SQLiteBookmarkStores(dataDirectory: directory)
                _ = try SQLiteSnapshotStorage(fileURL: directory.appendingPathComponent("state.sqlite"))
                _ = try SQLiteVideoLibrary(dataDirectory: directory)
                _ = try SQLiteExportJobs(dataDirectory: directory)
                _ = try SQLiteWantedMovies(dataDirectory: directory)
                _ = try SQLitePushSubscriptions(dataDirectory: directory)
            } catch {
                throw CommandFailure("the SQLite files in \(directory.path) cannot be migrated: \(error)")
            }
            print("The SQLite files in \(directory.path) are up to date.")
        }
    }

    /// What a run did, in one line.
    static func report(applied: [String], all: [String], of database: String) -> String {
        applied.isEmpty
            ? "\(database) was up to date (\(all.count) migrations: \(all.joined(separator: ", ")))."
            : "\(database): applied \(applied.joined(separator: ", ")); it is up to date."
    }
}
