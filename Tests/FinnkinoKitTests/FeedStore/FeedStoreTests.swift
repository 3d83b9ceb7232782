import AppPatterns
import AppPatternsTesting
import Foundation
import NIOConcurrencyHelpers
import Testing

@testable import FinnkinoKit

/// The facade over the bundled dataset (on a fixed day) and over stubbed sources.
@Suite struct FeedStoreTests {
    static let today = LocalDate(year: 2026, month: 11, day: 22)

    /// A store on the bundled dataset with "today" fixed, so the tests do not depend on the date.
    func bundledStore() throws -> FeedStore {
        let transport = try BundledTransport(today: { Self.today })
        return FeedStore(webService: WebService(transport: transport, cache: InMemoryPayloadCache()))
    }

    /// A source whose answer can be changed between calls, and a clock the test moves.
    final class ChangingSource: Sendable {
        let body = NIOLockedValueBox<Data>(Data())
        let failing = NIOLockedValueBox(false)
        let now = NIOLockedValueBox(Date(timeIntervalSince1970: 1_800_000_000))

        var transport: StubTransport {
            StubTransport { [self] _ in
                failing.withLockedValue { $0 }
                    ? .failure(TransportError(.unreachable, "connection refused"))
                    : .response(TransportResponse(status: 200, body: body.withLockedValue { $0 }))
            }
        }

        func store() -> FeedStore {
            let clock: @Sendable () -> Date = { [self] in now.withLockedValue { $0 } }
            let webService = WebService(
                transport: transport, cache: InMemoryPayloadCache(), reachability: Reachability(now: clock), now: clock,
                offlineRetryInterval: 0)
            return FeedStore(webService: webService)
        }

        func advance(_ seconds: TimeInterval) { now.withLockedValue { $0 += seconds } }
    }

    static func eventsDocument(_ titles: [String]) -> Data {
        let events = titles.enumerated().map { index, title in
            "<Event><ID>\(index + 1)</ID><Title>\(title)</Title><OriginalTitle>\(title)</OriginalTitle></Event>"
        }
        return Data("<?xml version=\"1.0\"?><Events>\(events.joined())</Events>".utf8)
    }

    @Test func areasLeaveOutThePlaceholder() async throws {
        let areas = try await bundledStore().areas().value
        #expect(areas.count == 22)
        #expect(!areas.contains { $0.isPlaceholder })
        #expect(try await bundledStore().area(matching: "omena").name == "Espoo: OMENA")
    }

    @Test func moviesAreInFinnishAlphabeticalOrder() async throws {
        let movies = try await bundledStore().movies().value
        #expect(movies.count >= 30)
        let keys = movies.map { FinnishCollation.key($0.title) }
        #expect(zip(keys, keys.dropFirst()).allSatisfy { !$1.lexicographicallyPrecedes($0) })
    }

    @Test func areaNarrowsTheList() async throws {
        let store = try bundledStore()
        let all = try await store.movies().value
        let lappeenranta = try await store.movies(area: store.area(matching: "lappeenranta").id).value
        #expect(!lappeenranta.isEmpty)
        #expect(Set(lappeenranta.map(\.id)).isSubset(of: Set(all.map(\.id))))
    }

    @Test func movieByIDFindsComingSoonToo() async throws {
        let store = try bundledStore()
        let coming = try #require(try await store.movies(.comingSoon).value.first)
        #expect(try await store.movie(id: coming.id) == coming)
        await #expect(throws: FeedStoreError.movieNotFound(id: 1)) { try await store.movie(id: 1) }
    }

    @Test func showtimesOfOneMovieOnADayAreThatDayInHelsinkiByStartTime() async throws {
        // Given tomorrow in Helsinki and a movie that plays then
        let store = try bundledStore()
        let tomorrow = Self.today.adding(days: 1)
        let all = try await store.showtimes(area: 1002, date: tomorrow).value
        let movieID = try #require(all.first?.eventID)
        // When its showtimes are asked for
        let shows = try await store.showtimes(area: 1002, date: tomorrow, movieID: movieID).value
        // Then they are only its shows, on that Helsinki day, in start order
        #expect(!shows.isEmpty)
        #expect(shows.allSatisfy { $0.eventID == movieID && HelsinkiTime.localDate(of: $0.start) == tomorrow })
        #expect(zip(shows, shows.dropFirst()).allSatisfy { $0.start <= $1.start })
        #expect(try await store.scheduleDates(area: 1002).value.first == Self.today)
    }

    @Test func aDaysShowsAreByStartThenTheatreThenIDAndAListInOrderIsNotCopied() async throws {
        // Given a day's shows in the store's order, and the same shows reversed and turned round
        let ordered = try await bundledStore().showtimes(area: 1002, date: Self.today.adding(days: 1)).value
        #expect(ordered.count > 10)
        let reversed: [Show] = ordered.reversed()
        let mixed = Array(reversed.dropFirst(5) + reversed.prefix(5))
        // Then the store's order is by start, then theatre, then ID
        for (earlier, later) in zip(ordered, ordered.dropFirst()) {
            #expect(
                earlier.start < later.start
                    || (earlier.start == later.start
                        && (earlier.theatre < later.theatre
                            || (earlier.theatre == later.theatre && earlier.id < later.id)))
            )
        }
        // And the mixed list is put in that order
        #expect(FeedStore.inShowOrder(mixed).map(\.id) == ordered.map(\.id))
        // And shows at one start in two theatres, and two in one, are told apart by theatre, then ID
        let first = ordered[0]
        var atOnce = [first, first, first]
        (atOnce[0].id, atOnce[0].theatre) = (3, "Tennispalatsi")
        (atOnce[1].id, atOnce[1].theatre) = (2, "Kinopalatsi")
        (atOnce[2].id, atOnce[2].theatre) = (1, "Tennispalatsi")
        #expect(FeedStore.inShowOrder(atOnce).map(\.id) == [2, 1, 3])
        // And a list already in order comes back as it is, not copied
        let kept = FeedStore.inShowOrder(ordered)
        #expect(kept.withUnsafeBufferPointer { $0.baseAddress } == ordered.withUnsafeBufferPointer { $0.baseAddress })
    }

    @Test func newsNewestFirstAndByCategory() async throws {
        let store = try bundledStore()
        let news = try await store.news().value
        #expect(news.count >= 20)
        let dates = news.compactMap(\.publishDate)
        #expect(zip(dates, dates.dropFirst()).allSatisfy { $0 >= $1 })
        let category = try #require(try await store.newsCategories().value.first)
        let inCategory = try await store.news(categoryID: category.id).value
        #expect(!inCategory.isEmpty)
        #expect(inCategory.allSatisfy { $0.categories.contains { $0.id == category.id } })
    }

    @Test func searchFollowsTheListWhenItChanges() async throws {
        // Given a source listing one movie
        let source = ChangingSource()
        source.body.withLockedValue { $0 = Self.eventsDocument(["Äiti ja meri"]) }
        let store = source.store()
        #expect(try await store.searchMovies("aiti", scope: .beginsWith).value.map(\.title) == ["Äiti ja meri"])
        // When the list changes and its cache period has passed
        source.body.withLockedValue { $0 = Self.eventsDocument(["Äiti ja meri", "Äitienpäivä"]) }
        source.advance(store.policy.events + 1)
        // Then the search sees the new list (the index was rebuilt)
        #expect(
            try await store.searchMovies("aiti", scope: .beginsWith).value.map(\.title) == [
                "Äiti ja meri", "Äitienpäivä",
            ])
    }

    @Test func lastGoodDataIsServedWithItsAgeWhenTheSourceFails() async throws {
        // Given a successful load
        let source = ChangingSource()
        source.body.withLockedValue { $0 = Self.eventsDocument(["Dyyni"]) }
        let store = source.store()
        let fresh = try await store.movies()
        #expect(!fresh.isStale)
        // When the source goes down and the cache period has passed
        source.failing.withLockedValue { $0 = true }
        source.advance(2 * 3600)
        let stale = try await store.movies()
        // Then the last good list comes back, marked stale, two hours old
        #expect(stale.isStale)
        #expect(stale.value.map(\.title) == ["Dyyni"])
        #expect(stale.age(at: source.now.withLockedValue { $0 }) == 2 * 3600)
    }

    @Test func aRefreshAskedForAsksTheSourceWithinTheCachePeriod() async throws {
        // Given a feed loaded a minute ago, well within the Events cache period
        let source = ChangingSource()
        source.body.withLockedValue { $0 = Self.eventsDocument(["Dyyni"]) }
        let store = source.store()
        let feed = store.moviesFeed(.nowInTheatres, area: nil)
        await feed.refresh()
        source.advance(60)
        // When the list changes at the source, a load within the cache period still has the old one
        source.body.withLockedValue { $0 = Self.eventsDocument(["Dyyni", "Wicked"]) }
        #expect(try await store.movies().value.map(\.title) == ["Dyyni"])
        // But a refresh asked for has the new one
        await feed.refresh()
        #expect(feed.subject.value.value?.value.map(\.title) == ["Dyyni", "Wicked"])
        // And when the source is down, that refresh says so and keeps the list, marked stale
        source.failing.withLockedValue { $0 = true }
        await feed.refresh()
        let stale = try #require(feed.subject.value.value)
        #expect(stale.isStale)
        #expect(stale.value.count == 2)
        #expect(store.reachability.status.isUnreachable)
        await store.stopFeeds()
    }

    @Test func nothingCachedAndTheSourceDownIsAnError() async throws {
        let source = ChangingSource()
        source.failing.withLockedValue { $0 = true }
        await #expect(throws: WebServiceError.self) { try await source.store().movies() }
    }

    @Test func feedsAreSharedPerKeyAndPublishWhatTheyLoad() async throws {
        // Given a store
        let store = try bundledStore()
        // When the same feed is asked for twice and refreshed
        let feed = store.moviesFeed(.nowInTheatres, area: 1002)
        #expect(feed === store.moviesFeed(.nowInTheatres, area: 1002))
        #expect(feed !== store.moviesFeed(.comingSoon, area: 1002))
        await feed.refresh()
        // Then its subject holds the loaded list
        let state = feed.subject.value
        let loaded = try #require(state.value)
        #expect(loaded.value.count == (try await store.movies(area: 1002).value.count))
        // And stopping the feeds forgets them
        await store.stopFeeds()
        #expect(store.feedRegistry.count == 0)
    }

    @Test func feedsNobodyUsesAreForgottenAndUsedOnesKept() async throws {
        // Given a store, and one feed a page watches
        let store = try bundledStore()
        let watched = store.showtimesFeed(area: 1002, date: Self.today)
        let observation = watched.subject.values()
        watched.start()
        // When a visitor opens 1,000 other pages' feeds (a new date each) and leaves them
        var day = Self.today
        for _ in 0..<1_000 {
            day = day.adding(days: 1)
            _ = store.showtimesFeed(area: 1014, date: day)
        }
        // Then the registry holds no more than its bound, and the watched feed is the same one
        #expect(store.feedRegistry.count <= FeedRegistry.idleKept + 1)
        #expect(store.showtimesFeed(area: 1002, date: Self.today) === watched)
        _ = observation
        await store.stopFeeds()
    }

    @Test func sortedMovieListsAreBoundedWhateverAreasAreAskedFor() async throws {
        // Given a store on the bundled dataset, which answers any area number
        let store = try bundledStore()
        // When a visitor asks for the movies of 1,000 made-up areas
        for area in 100_000..<101_000 {
            _ = try? await store.movies(area: area)
        }
        // Then no more sorted lists are kept than the bound
        #expect(store.movieListCount > 0)
        #expect(store.movieListCount <= FeedStore.movieListsKept)
    }
}
