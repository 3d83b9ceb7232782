import FinnkinoKit
import FinnkinoPresentation
import Foundation
import Logging
import ServiceLifecycle

/// Runs the check of everyone's wanted movies (``WantedMovieCheck``) when the server starts and
/// then every `interval`, each time after matching everyone's kept watchlist films again
/// (``WatchlistRematch``: a film that came on is wanted first, then announced by the same check) (the schedule's cache period: each check reads schedules as fresh as a
/// page would), until the server stops. Each announcement is recorded by the check, then pushed
/// to the person's browsers; a push that fails is not tried again (the person finds the
/// announcement on their pages and in their feeds all the same).
struct WantedMovieWatchService: Service {
    let wanted: any WantedMovies
    let watchlists: any Watchlists
    let bookmarks: any BookmarkStores
    let catalog: StoreCatalog
    let people: PersonStates
    let interval: Duration
    let now: @Sendable () -> Date
    let logger: Logger
    /// Pushes each announcement to its person's browsers.
    let pusher: AnnouncementPusher

    /// The areas a person watches: their home area (the capital region until they choose one, as
    /// their pages) and their own theatres.
    static func areas(homeArea: Int?, myTheatres: [Int]?) -> [Int] {
        var areas = [homeArea ?? AreaChoice.helsinki]
        for theatre in myTheatres ?? [] where !areas.contains(theatre) { areas.append(theatre) }
        return areas
    }

    func run() async throws {
        try? await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                await check()
                try await Task.sleep(for: interval)
            }
        }
    }

    /// One check over every wanted movie; returns its announcements (for tests).
    @discardableResult
    func check() async -> [Announcement] {
        do {
            let store = try catalog.store(for: .fi)
            let came = try await WatchlistRematch(
                watchlists: watchlists, wanted: wanted, bookmarks: bookmarks, store: store, logger: logger
            ).run(now: now())
            if came > 0 { logger.info("watchlists: \(came) kept films came on") }
        } catch {
            logger.warning("the watchlists' kept films could not be matched: \(error)")
        }
        do {
            let people = self.people
            let check = WantedMovieCheck(wanted: wanted, store: try catalog.store(for: .fi), logger: logger) { person in
                // Read, not kept: the check goes through every waiting person, and keeping each
                // would push the persons using the app now out of memory.
                let place = people.storedPlace(of: person)
                return Self.areas(homeArea: place.homeArea, myTheatres: place.myTheatres)
            }
            let time = now()
            let announcements = try await check.run(now: time, today: HelsinkiTime.localDate(of: time))
            if !announcements.isEmpty {
                let pushed = await pusher.push(announcements, now: time)
                logger.info("wanted movies: \(announcements.count) announced, \(pushed) pushes taken")
            }
            return announcements
        } catch {
            logger.warning("the check of wanted movies failed: \(error)")
            return []
        }
    }
}
