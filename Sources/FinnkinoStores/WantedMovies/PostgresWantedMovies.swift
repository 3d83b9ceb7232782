import AppPatterns
import FinnkinoKit
import Foundation
import PostgresNIO
import Storage

/// The ``WantedMovies`` of several instances over one PostgreSQL database. Announcing is one
/// conditional update, so of two instances checking at once only one tells the person.
public final class PostgresWantedMovies: WantedMovies {
    public let personTables = ["wanted_movie", "feed_generation", "weekly_digest"]

    private let pool: PostgresPool

    /// The wanted movies on `pool`, their table made or brought up to date first.
    public init(pool: PostgresPool) throws(WantedMoviesError) {
        self.pool = pool
        do {
            try PostgresMigrator.migrate(pool, Self.migrations(into:))
        } catch {
            throw WantedMoviesError("the wanted movies in \(pool.location) cannot be opened: \(error)")
        }
    }

    static func migrations(into migrator: inout PostgresMigrator) {
        migrator.register(
            "wanted movies v1",
            [
                """
                CREATE TABLE wanted_movie (
                    person BIGINT NOT NULL,
                    movie_id BIGINT NOT NULL,
                    title TEXT NOT NULL,
                    wanted_at DOUBLE PRECISION NOT NULL, -- seconds since 1970 UTC
                    announced_at DOUBLE PRECISION,
                    -- What was announced: the first show's area, theatre and start, and when sales open.
                    area BIGINT,
                    theatre TEXT,
                    first_show DOUBLE PRECISION,
                    sales_start DOUBLE PRECISION,
                    show_count BIGINT,
                    PRIMARY KEY (person, movie_id)
                )
                """,
                "CREATE INDEX wanted_movie_waiting ON wanted_movie (person, movie_id) WHERE announced_at IS NULL",
            ])
        migrator.register(
            "feed generations v1",
            ["CREATE TABLE feed_generation (person BIGINT PRIMARY KEY, generation BIGINT NOT NULL)"])
        migrator.register(
            "weekly digests v1",
            [
                """
                CREATE TABLE weekly_digest (
                    person BIGINT PRIMARY KEY,
                    weekday BIGINT NOT NULL, -- 1 = Monday ... 7 = Sunday
                    hour BIGINT NOT NULL, -- Helsinki time
                    push BOOLEAN NOT NULL,
                    feed BOOLEAN NOT NULL,
                    next_slot DOUBLE PRECISION NOT NULL, -- seconds since 1970 UTC
                    -- The last digest sent: its slot and words.
                    last_slot DOUBLE PRECISION,
                    last_title TEXT,
                    last_text TEXT
                )
                """,
                "CREATE INDEX weekly_digest_due ON weekly_digest (next_slot, person)",
            ])
    }

    /// The first key of the advisory locks on persons' wanted movies (the second is the person).
    private static let lockSpace: Int32 = 20_020

    private static let columns =
        "person, movie_id, title, wanted_at, announced_at, area, theatre, first_show, sales_start, show_count"

    public func want(_ movieID: Int, title: String, by person: PersonID, now: Date) throws(WantedMoviesError) -> Bool {
        try run("changed", inTransaction: true) { session in
            // One change of a person's wanted movies at a time (a lock for the transaction, on the
            // person's ID): two instances adding at once count each other's.
            let key = Int32(truncatingIfNeeded: person.rawValue)
            try session.execute("SELECT pg_advisory_xact_lock(\(Self.lockSpace), \(key))")
            let others = try session.query("SELECT movie_id FROM wanted_movie WHERE person = \(person.rawValue)")
                .map { try $0.decode(Int.self) }.filter { $0 != movieID }.count
            guard others < WantedMovieLimits.perPerson else { return false }
            try session.execute(
                """
                INSERT INTO wanted_movie (person, movie_id, title, wanted_at)
                VALUES (\(person.rawValue), \(movieID), \(title), \(now.timeIntervalSince1970))
                ON CONFLICT (person, movie_id) DO UPDATE SET
                    title = excluded.title, wanted_at = excluded.wanted_at, announced_at = NULL,
                    area = NULL, theatre = NULL, first_show = NULL, sales_start = NULL, show_count = NULL
                """)
            return true
        }
    }

    public func unwant(_ movieID: Int, by person: PersonID) throws(WantedMoviesError) {
        try run("changed") { session in
            try session.execute("DELETE FROM wanted_movie WHERE person = \(person.rawValue) AND movie_id = \(movieID)")
        }
    }

    public func wanted(by person: PersonID) throws(WantedMoviesError) -> [WantedMovie] {
        try run("read") { session in
            try session.query(
                """
                SELECT \(unescaped: Self.columns) FROM wanted_movie WHERE person = \(person.rawValue)
                ORDER BY wanted_at DESC, movie_id
                """
            ).map(Self.movie)
        }
    }

    public func wanted(_ movieID: Int, by person: PersonID) throws(WantedMoviesError) -> WantedMovie? {
        try run("read") { session in
            try session.query(
                """
                SELECT \(unescaped: Self.columns) FROM wanted_movie
                WHERE person = \(person.rawValue) AND movie_id = \(movieID)
                """
            ).map(Self.movie).first
        }
    }

    public func waiting(
        after: (person: PersonID, movieID: Int)?, limit: Int
    ) throws(WantedMoviesError) -> [WantedMovie] {
        let (person, movie) = (after?.person.rawValue ?? Int64.min, after?.movieID ?? Int.min)
        return try run("read") { session in
            try session.query(
                """
                SELECT \(unescaped: Self.columns) FROM wanted_movie
                WHERE announced_at IS NULL AND (person, movie_id) > (\(person), \(movie))
                ORDER BY person, movie_id LIMIT \(limit)
                """
            ).map(Self.movie)
        }
    }

    public func markAnnounced(_ announcement: Announcement, at date: Date) throws(WantedMoviesError) -> Bool {
        let (person, movieID) = (announcement.person.rawValue, announcement.movieID)
        let salesStart = announcement.salesStart?.timeIntervalSince1970
        return try run("changed") { session in
            try session.execute(
                """
                UPDATE wanted_movie SET announced_at = \(date.timeIntervalSince1970), area = \(announcement.area),
                    theatre = \(announcement.theatre), first_show = \(announcement.firstShow.timeIntervalSince1970),
                    sales_start = \(salesStart), show_count = \(announcement.showCount)
                WHERE person = \(person) AND movie_id = \(movieID) AND announced_at IS NULL
                """
            ) == 1
        }
    }

    public func personsWanting(among persons: [PersonID]) throws(WantedMoviesError) -> Set<PersonID> {
        guard !persons.isEmpty else { return [] }
        let ids = persons.map(\.rawValue)
        return Set(
            try run("read") { session in
                try session.query("SELECT DISTINCT person FROM wanted_movie WHERE person = ANY(\(ids))")
                    .map { PersonID(rawValue: try $0.decode(Int64.self)) }
            })
    }

    public func feedGeneration(of person: PersonID) throws(WantedMoviesError) -> Int {
        try run("read") { session in
            try session.query("SELECT generation FROM feed_generation WHERE person = \(person.rawValue)")
                .first?.decode(Int.self) ?? 0
        }
    }

    public func renewFeeds(of person: PersonID) throws(WantedMoviesError) -> Int {
        try run("changed") { session in
            try session.query(
                """
                INSERT INTO feed_generation (person, generation) VALUES (\(person.rawValue), 1)
                ON CONFLICT (person) DO UPDATE SET generation = feed_generation.generation + 1
                RETURNING generation
                """
            ).first?.decode(Int.self) ?? 0
        }
    }

    private static let digestColumns =
        "person, weekday, hour, push, feed, next_slot, last_slot, last_title, last_text"

    public func digest(of person: PersonID) throws(WantedMoviesError) -> WeeklyDigest? {
        try run("read") { session in
            try session.query(
                "SELECT \(unescaped: Self.digestColumns) FROM weekly_digest WHERE person = \(person.rawValue)"
            ).first.flatMap(Self.digest)
        }
    }

    public func setDigest(
        _ settings: WeeklyDigest.Settings?, of person: PersonID, now: Date
    ) throws(WantedMoviesError) {
        try run("changed") { session in
            guard let settings else {
                try session.execute("DELETE FROM weekly_digest WHERE person = \(person.rawValue)")
                return
            }
            let next = settings.slot(after: now).timeIntervalSince1970
            try session.execute(
                """
                INSERT INTO weekly_digest (person, weekday, hour, push, feed, next_slot)
                VALUES (\(person.rawValue), \(settings.weekday), \(settings.hour), \(settings.push), \(settings.feed),
                    \(next))
                ON CONFLICT (person) DO UPDATE SET weekday = excluded.weekday, hour = excluded.hour,
                    push = excluded.push, feed = excluded.feed, next_slot = excluded.next_slot
                """)
        }
    }

    public func digestsDue(at now: Date, after: PersonID?, limit: Int) throws(WantedMoviesError) -> [WeeklyDigest] {
        let after = after?.rawValue ?? Int64.min
        return try run("read") { session in
            try session.query(
                """
                SELECT \(unescaped: Self.digestColumns) FROM weekly_digest
                WHERE next_slot <= \(now.timeIntervalSince1970) AND person > \(after) ORDER BY person LIMIT \(limit)
                """
            ).compactMap(Self.digest)
        }
    }

    public func markDigestSent(
        _ sent: WeeklyDigest.Sent, of person: PersonID, next: Date
    ) throws(WantedMoviesError) -> Bool {
        let slot = sent.slot.timeIntervalSince1970
        return try run("changed") { session in
            try session.execute(
                """
                UPDATE weekly_digest SET next_slot = \(next.timeIntervalSince1970), last_slot = \(slot),
                    last_title = \(sent.title), last_text = \(sent.text)
                WHERE person = \(person.rawValue) AND next_slot = \(slot)
                """
            ) == 1
        }
    }

    /// A row of `weekly_digest`; nil for settings no digest has (none is written).
    private static func digest(_ row: PostgresRow) throws -> WeeklyDigest? {
        let (person, weekday, hour, push, feed, next, lastSlot, lastTitle, lastText) =
            try row.decode((Int64, Int, Int, Bool, Bool, Double, Double?, String?, String?).self)
        guard let settings = WeeklyDigest.Settings(weekday: weekday, hour: hour, push: push, feed: feed) else {
            return nil
        }
        var last: WeeklyDigest.Sent?
        if let lastSlot, let lastTitle, let lastText {
            last = WeeklyDigest.Sent(slot: Date(timeIntervalSince1970: lastSlot), title: lastTitle, text: lastText)
        }
        return WeeklyDigest(
            person: PersonID(rawValue: person), settings: settings, nextSlot: Date(timeIntervalSince1970: next),
            last: last)
    }

    public func erase(_ person: PersonID) throws(WantedMoviesError) {
        try run("changed", inTransaction: true) { session in
            try session.execute("DELETE FROM wanted_movie WHERE person = \(person.rawValue)")
            try session.execute("DELETE FROM weekly_digest WHERE person = \(person.rawValue)")
            // (An erased person's addresses are nobody's: the feeds answer only for a person who exists.)
            try session.execute("DELETE FROM feed_generation WHERE person = \(person.rawValue)")
        }
    }

    private static func movie(_ row: PostgresRow) throws -> WantedMovie {
        let (person, movieID, title, wantedAt, announcedAt, area, theatre, firstShow, salesStart, showCount) =
            try row.decode((Int64, Int, String, Double, Double?, Int?, String?, Double?, Double?, Int?).self)
        var announcement: Announcement?
        if let area, let theatre, let firstShow {
            announcement = Announcement(
                person: PersonID(rawValue: person), movieID: movieID, title: title, area: area, theatre: theatre,
                firstShow: Date(timeIntervalSince1970: firstShow),
                salesStart: salesStart.map(Date.init(timeIntervalSince1970:)), showCount: showCount ?? 1)
        }
        return WantedMovie(
            person: PersonID(rawValue: person), movieID: movieID, title: title,
            wantedAt: Date(timeIntervalSince1970: wantedAt),
            announcedAt: announcedAt.map(Date.init(timeIntervalSince1970:)), announcement: announcement)
    }

    /// (A change's row count may go unread.)
    @discardableResult
    private func run<T>(
        _ verb: String, inTransaction: Bool = false, _ body: (PostgresSession) throws -> T
    ) throws(WantedMoviesError) -> T {
        do {
            return try inTransaction ? pool.transaction(body) : pool.withSession(body)
        } catch {
            throw WantedMoviesError("the wanted movies cannot be \(verb): \(error)")
        }
    }
}
