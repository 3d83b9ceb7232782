import Foundation
import Logging

/// The check after a schedule refresh: goes through every wanted movie not yet announced (of
/// everyone, page by page), reads each area's schedule once for all the persons who watch it
/// (never once per person), and announces each movie that has shows in its person's areas, once:
/// the store's ``WantedMovies/markAnnounced(_:to:at:)`` decides, so two instances checking at once
/// tell nobody twice.
public struct WantedMovieCheck: Sendable {
    /// How far ahead the schedules are read: the most one Schedule request gives.
    public static let daysAhead = 31
    static let pageSize = 500

    let wanted: any WantedMovies
    let store: FeedStore
    /// The areas (or single theatres) a person watches: their home area and their own theatres.
    let areas: @Sendable (PersonID) -> [Int]
    let logger: Logger

    public init(
        wanted: any WantedMovies, store: FeedStore, logger: Logger, areas: @escaping @Sendable (PersonID) -> [Int]
    ) {
        self.wanted = wanted
        self.store = store
        self.areas = areas
        self.logger = logger
    }

    /// Checks every waiting movie against the schedules from `today`; returns the announcements
    /// made (each recorded before it is returned), for `announce` to deliver. An area whose
    /// schedule cannot be read is skipped this time: its persons are checked again next time.
    public func run(now: Date, today: LocalDate) async throws -> [Announcement] {
        var schedules: [Int: [Show]?] = [:]
        var announcements: [Announcement] = []
        var after: (person: PersonID, movieID: Int)?
        var personAreas: (person: PersonID, areas: [Int])?
        while true {
            let page = try wanted.waiting(after: after, limit: Self.pageSize)
            guard let last = page.last else { break }
            after = (last.person, last.movieID)
            for movie in page {
                if personAreas?.person != movie.person { personAreas = (movie.person, areas(movie.person)) }
                var shows: [(area: Int, show: Show)] = []
                for area in personAreas?.areas ?? [] {
                    if schedules[area] == nil { schedules[area] = await schedule(of: area, today: today) }
                    let listed = (schedules[area] ?? nil) ?? []
                    shows += listed.filter { $0.eventID == movie.movieID && $0.start > now }.map { (area, $0) }
                }
                guard let first = shows.min(by: { $0.show.start < $1.show.start }) else { continue }
                let onSale = shows.contains { ($0.show.salesStart ?? now) <= now }
                let announcement = Announcement(
                    person: movie.person, movieID: movie.movieID, title: movie.title, area: first.area,
                    theatre: first.show.theatre, firstShow: first.show.start,
                    salesStart: onSale ? nil : shows.compactMap(\.show.salesStart).min(),
                    showCount: Set(shows.map(\.show.id)).count)
                guard try wanted.markAnnounced(announcement, at: now) else { continue }
                announcements.append(announcement)
            }
        }
        return announcements
    }

    private func schedule(of area: Int, today: LocalDate) async -> [Show]? {
        do {
            return try await store.shows(area: area, from: today, days: Self.daysAhead).value
        } catch {
            logger.warning("wanted movies: the schedule of area \(area) cannot be read (\(error)); checked next time")
            return nil
        }
    }
}
