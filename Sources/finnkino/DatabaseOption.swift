import AppPatterns
import ArgumentParser
import Foundation
import Storage

/// `--database`: where persons, bookmarks and places are kept. Without it (nor
/// `FINNKINO_DATABASE_URL`), SQLite files in the data folder; with it, a PostgreSQL database that
/// several instances of the server share.
struct DatabaseOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "A PostgreSQL database to keep persons, bookmarks, places and videos in, shared by every instance.",
            discussion: """
                postgres://user[:password]@host[:port]/database; also read from FINNKINO_DATABASE_URL. \
                Without it, they are SQLite files in the data folder.
                """,
            valueName: "postgres://…"))
    var database: String?

    init() {}

    /// The option as if given `text`.
    init(database text: String) { database = text }

    /// The variable read when `--database` is not given.
    static let variable = "FINNKINO_DATABASE_URL"

    /// Whether a PostgreSQL database is chosen (by the option or the variable).
    var isSet: Bool { !(database ?? ProcessInfo.processInfo.environment[Self.variable] ?? "").isEmpty }

    /// The PostgreSQL database chosen; nil for SQLite.
    func postgres() throws -> PostgresLocation? {
        guard let text = database ?? ProcessInfo.processInfo.environment[Self.variable], !text.isEmpty else {
            return nil
        }
        guard let location = PostgresLocation(url: text) else {
            throw ValidationError(
                "\(database == nil ? Self.variable : "--database") must be an address like "
                    + "postgres://user@host:5432/finnkino (with a user, a host and a database)")
        }
        return location
    }
}
