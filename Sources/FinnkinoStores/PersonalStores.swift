import AppPatterns
import FinnkinoKit
import Foundation
import Logging
import Storage

/// The stores that keep each person's data, made for one backend: the one place a server's
/// per-person stores are opened, on SQLite files in a data folder or on a PostgreSQL database
/// (`finnkino serve`, and the tests that check every table they make belongs to a registered
/// store: `PersonalDataRegistryTests`).
///
/// A new per-person store is added here, on both backends, and to the registry of what a person
/// has (`PersonalDataRegistry` in FinnkinoWeb).
public struct PersonalStores: Sendable {
    public var persons: any PersonStore
    public var bookmarks: any BookmarkStores
    public var library: any VideoLibrary
    public var exportJobs: any ExportJobs
    public var wanted: any WantedMovies
    public var pushSubscriptions: any PushSubscriptions
    public var apiTokens: any APITokens
    public var watchlists: any Watchlists
    public var together: any TogetherGroups

    /// Every one of them: what `finnkino migrate --from-sqlite` copies (`PersonalDataRegistryTests`
    /// checks their tables are every table that names a person).
    public var all: [any PersonalStore] {
        [persons, bookmarks, library, exportJobs, wanted, pushSubscriptions, apiTokens, watchlists, together]
    }

    /// Why the stores could not be opened: the server does not start.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The stores in the SQLite files of `directory`, each brought up to date.
    ///
    /// When the bookmarks' or the library's file cannot be read, a stand-in that lists none and
    /// refuses changes, so that everything else is still served (pages say why they are missing;
    /// the file is never replaced behind its owner's back). When `persons.sqlite` cannot be
    /// opened, a server on this computer goes on with a stand-in in memory (it has one person
    /// anyway); a `hosted` one does not start: its persons' IDs key everyone's data, and new
    /// persons made in a new file would be given the IDs, and so the data, of old ones.
    public static func sqlite(in directory: URL, hosted: Bool, logger: Logger) throws -> PersonalStores {
        PersonalStores(
            persons: try persons(in: directory, hosted: hosted, logger: logger),
            bookmarks: try bookmarks(in: directory, logger: logger),
            library: try library(in: directory, logger: logger),
            exportJobs: try SQLiteExportJobs(dataDirectory: directory),
            wanted: try SQLiteWantedMovies(dataDirectory: directory),
            pushSubscriptions: try SQLitePushSubscriptions(dataDirectory: directory),
            apiTokens: try SQLiteAPITokens(dataDirectory: directory),
            watchlists: try SQLiteWatchlists(dataDirectory: directory),
            together: try SQLiteTogetherGroups(dataDirectory: directory))
    }

    /// The stores in PostgreSQL, their tables made or brought up to date; the videos' files in
    /// `media`. A database that cannot be used stops the start: the instances sharing it must not
    /// each go on with data of their own.
    public static func postgres(on pool: PostgresPool, media: URL, logger: Logger) throws -> PersonalStores {
        do {
            return PersonalStores(
                persons: try PostgresPersonStore(pool: pool),
                bookmarks: try PostgresBookmarkStores(pool: pool, logger: logger),
                library: try PostgresVideoLibrary(
                    pool: pool, folder: media.appendingPathComponent(SQLiteVideoLibrary.folderName, isDirectory: true)),
                exportJobs: try PostgresExportJobs(pool: pool),
                wanted: try PostgresWantedMovies(pool: pool),
                pushSubscriptions: try PostgresPushSubscriptions(pool: pool),
                apiTokens: try PostgresAPITokens(pool: pool),
                watchlists: try PostgresWatchlists(pool: pool),
                together: try PostgresTogetherGroups(pool: pool))
        } catch {
            throw Failure(description: "the database at \(pool.location) cannot be used: \(error)")
        }
    }

    private static func bookmarks(in directory: URL, logger: Logger) throws -> any BookmarkStores {
        do {
            return try SQLiteBookmarkStores(dataDirectory: directory)
        } catch let error as BookmarkStoreError {
            logger.error("\(error); serving without bookmarks until it is repaired or removed")
            guard case .unreadable(let path, let reason) = error else { throw error }
            return try SQLiteBookmarkStores.unavailable(path: path, reason: reason, logger: logger)
        }
    }

    private static func persons(in directory: URL, hosted: Bool, logger: Logger) throws -> any PersonStore {
        do {
            return try SQLitePersonStore(dataDirectory: directory)
        } catch {
            guard !hosted else {
                throw Failure(
                    description: "\(error). A hosted server cannot start without it: repair it from a backup "
                        + "(removing it would give the data of old persons to new ones).")
            }
            logger.error("\(error); this computer's server goes on without it (its Devices page lists nothing)")
            return try SQLitePersonStore.inMemory()
        }
    }

    private static func library(in directory: URL, logger: Logger) throws -> any VideoLibrary {
        do {
            return try SQLiteVideoLibrary(dataDirectory: directory)
        } catch {
            logger.error("\(error); serving without the video library until it is repaired or removed")
            return try SQLiteVideoLibrary.unavailable(dataDirectory: directory, reason: error.description)
        }
    }
}
