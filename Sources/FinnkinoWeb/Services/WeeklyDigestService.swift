import FinnkinoKit
import FinnkinoPresentation
import Foundation
import Logging
import ServiceLifecycle

/// Sends the weekly digests that are due (``WeeklyDigest``), every `interval` until the server
/// stops: for each, the movies its person follows (wanted or bookmarked) with their shows in their
/// areas over the week (``WeeklyDigestWriter``), in their language. The store takes each digest's
/// slot once (``WantedMovies/markDigestSent(_:of:next:)``), so of several instances only one sends
/// it; then it goes by push if the person chose that (the feed shows the one the store keeps). A
/// server that was down when digests were due sends each once when it is back, not one per
/// missed week; a digest whose areas' programmes cannot be read now waits for the next round (it
/// would say that nothing is on).
struct WeeklyDigestService: Service {
    let wanted: any WantedMovies
    let bookmarks: any BookmarkStores
    let catalog: StoreCatalog
    let people: PersonStates
    let defaultLanguage: UILanguage
    let interval: Duration
    let now: @Sendable () -> Date
    let logger: Logger
    let pusher: AnnouncementPusher

    /// Digests read at a time.
    static let pageSize = 200

    /// A round every `interval`, the first one `interval` after the start: a digest missed while
    /// the server was down comes within `interval` of its start, and a round never runs while the
    /// server is still starting. (A round at the very start also raced a test's own rounds: under
    /// load it could run after the test had changed the source, and send the digest first.)
    func run() async throws {
        try? await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try await Task.sleep(for: interval)
                await send()
            }
        }
    }

    /// Sends every digest due now; returns those this instance sent (for tests).
    @discardableResult
    func send() async -> [(person: PersonID, digest: WeeklyDigest.Sent)] {
        let time = now()
        var sent: [(person: PersonID, digest: WeeklyDigest.Sent)] = []
        var pushes: [(person: PersonID, text: String)] = []
        // Each area's programme read once per language for all the persons of this round (nil:
        // it cannot be read now).
        var programmes: [String: [Show]?] = [:]
        var after: PersonID?
        do {
            while true {
                let page = try wanted.digestsDue(at: time, after: after, limit: Self.pageSize)
                guard let last = page.last else { break }
                after = last.person
                for due in page {
                    let place = people.storedPlace(of: due.person)
                    let language = place.language ?? defaultLanguage
                    var shows: [Show]? = []
                    for area in WantedMovieWatchService.areas(homeArea: place.homeArea, myTheatres: place.myTheatres) {
                        let key = "\(language.rawValue) \(area)"
                        if programmes[key] == nil {
                            programmes[key] = await programme(of: area, language: language, from: due.nextSlot)
                        }
                        if let listed = programmes[key] ?? nil {
                            shows?.append(contentsOf: listed)
                        } else {
                            shows = nil
                        }
                    }
                    guard let shows else { continue }
                    let next = due.settings.slot(after: max(time, due.nextSlot))
                    let digest = WeeklyDigestWriter.digest(
                        followed: followed(by: due.person), shows: shows, slot: due.nextSlot, next: next,
                        language: language)
                    guard try wanted.markDigestSent(digest, of: due.person, next: next) else { continue }
                    sent.append((due.person, digest))
                    if due.settings.push { pushes.append((due.person, try AnnouncementPusher.digestMessage(digest))) }
                }
            }
        } catch {
            logger.warning("weekly digests: \(error); the rest are sent next time")
        }
        if !pushes.isEmpty {
            let accepted = await pusher.push(pushes, now: time)
            logger.info("weekly digests: \(sent.count) sent, \(accepted) pushes taken")
        }
        return sent
    }

    /// The movies the person follows (``FollowedMovies``).
    private func followed(by person: PersonID) -> Set<Int> {
        Set(FollowedMovies.of(person, wanted: wanted, bookmarks: try? bookmarks.store(for: person)).keys)
    }

    /// The area's programme from the digest's day; nil when it cannot be read.
    private func programme(of area: Int, language: UILanguage, from slot: Date) async -> [Show]? {
        do {
            let store = try catalog.store(for: language.contentLanguage)
            return try await store.programme(area: area, from: HelsinkiTime.localDate(of: slot)).value
        } catch {
            logger.warning("weekly digests: the programme of area \(area) cannot be read now: \(error)")
            return nil
        }
    }
}
