import AppPatterns
import FinnkinoKit
import Storage

/// Every table the app keeps in PostgreSQL, as one list of versioned migrations: what
/// `finnkino migrate` applies. Each store applies its own part when it opens (the names are
/// shared, so each migration runs once whichever comes first).
public enum PostgresSchema {
    public static var migrator: PostgresMigrator {
        var migrator = PostgresMigrator()
        PostgresBookmarkStore.migrations(into: &migrator)
        PostgresPersonStore.migrations(into: &migrator)
        PostgresSnapshotStorage.migrations(into: &migrator)
        PostgresSecrets.migrations(into: &migrator)
        PostgresPayloadCache.migrations(into: &migrator)
        PostgresExportJobs.migrations(into: &migrator)
        PostgresVideoLibrary.migrations(into: &migrator)
        PostgresWantedMovies.migrations(into: &migrator)
        PostgresPushSubscriptions.migrations(into: &migrator)
        PostgresAPITokens.migrations(into: &migrator)
        PostgresWatchlists.migrations(into: &migrator)
        PostgresTogetherGroups.migrations(into: &migrator)
        return migrator
    }
}
