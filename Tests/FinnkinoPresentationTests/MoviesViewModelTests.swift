import AppPatterns
import AppPatternsTesting
import Foundation
import TestSupport
import Testing

@testable import FinnkinoKit
@testable import FinnkinoPresentation

@Suite struct MoviesViewModelTests {
    func model(_ store: FeedStore, _ strings: UIStrings = .english) -> MoviesViewModel {
        MoviesViewModel(store: store, strings: strings, now: { PresentationFixtures.morning })
    }

    @Test func listIsFiledUnderItsIndexLetters() async throws {
        // Given the bundled dataset
        let store = try PresentationFixtures.bundledStore()
        var viewModel = model(store)
        // When the screen loads with no input
        await viewModel.load()
        // Then every movie now in theatres in Finland is listed once, under its title's letter
        let outputs = viewModel.outputs
        let movies = try await store.movies().value
        #expect(outputs.movieCount == movies.count)
        #expect(outputs.sections.flatMap(\.rows).map(\.id) == movies.map(\.id))
        for section in outputs.sections {
            #expect(section.rows.allSatisfy { FinnishCollation.indexLetter(of: $0.title) == section.letter })
        }
        #expect(outputs.indexLetters == outputs.sections.compactMap(\.letter))
        #expect(Set(outputs.indexLetters).count == outputs.indexLetters.count)
        #expect(outputs.emptyMessage == nil && outputs.errorMessage == nil && outputs.staleNotice == nil)
        #expect(outputs.areas.first?.name == UIStrings.english.allOfFinland)
        #expect(outputs.areas.first?.isSelected == true)
    }

    @Test func cardsCarryTheScoresOfTheirMatchedMovies() async throws {
        // Given the bundled dataset with its international lists
        let store = try #require(PresentationFixtures.sharedStoreWithCharts)
        let events = try await store.movies().value
        // (matched beforehand: the list waits only 300 ms, which a slow machine may need for them)
        let known = await store.scores(of: events, waitingAtMost: .seconds(60))
        var viewModel = model(store)
        await viewModel.load()
        let rows = viewModel.outputs.sections.flatMap(\.rows)
        // Then each card has its movie's scores (the audience's from 10 votes), and a movie matched
        // to none has none
        for event in events {
            let row = try #require(rows.first { $0.id == event.id })
            let scores = known[event.id]
            let audience = (scores?.audienceVotes ?? 0) >= 10 ? scores?.audience : nil
            #expect(row.audience == audience)
            let audienceText = audience.map { String(format: "★ %.1f", $0) }
            let critics = scores?.critics?.rottenTomatoes.map { "RT \($0)%" }
            let text = [audienceText, critics].compactMap { $0 }.joined(separator: " · ")
            #expect(row.scores == (text.isEmpty ? nil : text), "\(event.title)")
        }
        #expect(rows.contains { $0.scores != nil } && rows.contains { $0.scores == nil })
    }

    @Test func aScoreMatchedAfterTheListWasShownIsOnItsCardNextTime() async throws {
        // Given a store whose TMDB answers only when its clock is moved on (2 s each)
        let today = PresentationFixtures.today
        let clock = ManualClock()
        let bundled = try BundledChartsTransport(.tmdb, today: { today })
        let tmdb = StubTransport(delay: .seconds(2), clock: clock) { request in
            let response = bundled.response(for: request)
            return .status(response.status, body: response.body, headers: response.headers)
        }
        let charts = ChartSources(
            tmdb: WebService(transport: tmdb, offlineRetryInterval: 0),
            omdb: WebService(transport: try BundledChartsTransport(.omdb, today: { today })))
        let store = FeedStore(
            webService: WebService(transport: try BundledTransport(today: { today })), charts: .success(charts))
        // When the list is shown before any answer came
        var viewModel = model(store)
        await viewModel.load()
        #expect(viewModel.outputs.sections.flatMap(\.rows).allSatisfy { $0.scores == nil })
        // And then the answers come (as many films matched as the shared store's)
        let reference = try #require(PresentationFixtures.sharedStoreWithCharts)
        let expected = await reference.scores(of: try await reference.movies().value, waitingAtMost: .seconds(60))
        let events = try await store.movies().value
        var known: [Int: MovieScores] = [:]
        await poll(every: .milliseconds(20), upTo: .seconds(30)) {
            clock.advance(by: .seconds(2))
            known = await store.scores(of: events, waitingAtMost: .milliseconds(50))
            return known.count >= expected.count
        }
        #expect(known == expected)
        // Then the same list answer, shown again, has them on its cards (its rows were kept
        // without them before)
        await viewModel.load()
        let scored = viewModel.outputs.sections.flatMap(\.rows).filter { $0.scores != nil }
        #expect(!scored.isEmpty && Set(scored.map(\.id)).isSubset(of: Set(known.keys)))
    }

    @Test(arguments: [MovieSort.score, .premiere, .length]) func aChosenOrderIsOneListInThatOrder(sort: MovieSort)
        async throws
    {
        let store = try #require(PresentationFixtures.sharedStoreWithCharts)
        for list in [EventListType.nowInTheatres, .comingSoon] {
            _ = await store.scores(of: try await store.movies(list).value, waitingAtMost: .seconds(60))
            // Given the list in its A-Z order
            var viewModel = model(store)
            viewModel.listSelected(list)
            await viewModel.load()
            let alphabetical = viewModel.outputs.sections.flatMap(\.rows)
            // When another order is chosen
            viewModel.sortSelected(sort)
            await viewModel.load()
            // Then the same movies are one list, without letters, in that order; unknowns last
            // and in A-Z order among themselves
            let outputs = viewModel.outputs
            #expect(outputs.sections.count == 1 && outputs.sections[0].letter == nil && outputs.indexLetters.isEmpty)
            let rows = outputs.sections[0].rows
            #expect(Set(rows.map(\.id)) == Set(alphabetical.map(\.id)) && rows.count == alphabetical.count)
            let pairs = zip(rows, rows.dropFirst())
            switch sort {
            case .score:
                #expect(pairs.allSatisfy { ($0.audience ?? -1) >= ($1.audience ?? -1) })
            case .premiere:
                let days = rows.map { $0.premiere?.daysSinceEpoch ?? (list == .comingSoon ? .max : .min) }
                #expect(zip(days, days.dropFirst()).allSatisfy { list == .comingSoon ? $0 <= $1 : $0 >= $1 })
            case .length:
                #expect(pairs.allSatisfy { ($0.minutes ?? .max) <= ($1.minutes ?? .max) })
            case .title:
                break
            }
            let unknown = rows.filter { row in
                switch sort {
                case .score: row.audience == nil
                case .premiere: row.premiere == nil
                case .length: row.minutes == nil
                case .title: false
                }
            }
            let order = alphabetical.map(\.id)
            #expect(unknown.map(\.id) == order.filter { id in unknown.contains { $0.id == id } })
            #expect(rows.suffix(unknown.count).map(\.id) == unknown.map(\.id))
        }
    }

    @Test func rowsCarryPreformattedValues() async throws {
        let store = try PresentationFixtures.bundledStore()
        var viewModel = model(store)
        await viewModel.load()
        let movie = try #require(try await store.movies().value.first { ($0.lengthInMinutes ?? 0) > 60 })
        let row = try #require(viewModel.outputs.sections.flatMap(\.rows).first { $0.id == movie.id })
        let minutes = try #require(movie.lengthInMinutes)
        #expect(row.length == "\(minutes / 60) h \(minutes % 60) min")
        #expect(row.genres == movie.genres.joined(separator: ", "))
        #expect(["S", "7", "12", "16", "18", "–"].contains(row.age))
        #expect(row.thumbnailURL == movie.images.thumbnail)
    }

    @Test func areaAndListNarrowTheScreen() async throws {
        // Given an area chosen by the user
        let store = try PresentationFixtures.bundledStore()
        let lappeenranta = try await store.area(matching: "lappeenranta")
        var viewModel = model(store)
        viewModel.areaSelected(lappeenranta.id)
        // When it loads
        await viewModel.load()
        // Then the list is that area's and the picker shows it chosen
        let expected = try await store.movies(area: lappeenranta.id).value.map(\.id)
        #expect(viewModel.outputs.sections.flatMap(\.rows).map(\.id) == expected)
        #expect(viewModel.outputs.areas.filter(\.isSelected).map(\.id) == [lappeenranta.id])
        // When the user switches to coming soon
        viewModel.listSelected(.comingSoon)
        await viewModel.load()
        let coming = try await store.movies(.comingSoon, area: lappeenranta.id).value.map(\.id)
        #expect(viewModel.outputs.sections.flatMap(\.rows).map(\.id) == coming)
        #expect(viewModel.outputs.list == .comingSoon)
    }

    @Test func searchScopesBeginsWithAndContains() async throws {
        // Given a word that occurs inside some titles
        let store = try PresentationFixtures.bundledStore()
        let movies = try await store.movies().value
        let title = try #require(movies.first { $0.title.split(separator: " ").count > 1 }?.title)
        let word = String(try #require(title.split(separator: " ").last)).lowercased()
        var viewModel = model(store)
        viewModel.searchTextChanged(word)
        // When searching with Begins with, then Contains
        await viewModel.load()
        let begins = viewModel.outputs.sections.flatMap(\.rows)
        viewModel.scopeChanged(.contains)
        await viewModel.load()
        let contains = viewModel.outputs.sections.flatMap(\.rows)
        // Then results are one unlettered, ranked section; Contains finds the title, Begins with a subset
        #expect(contains.contains { $0.title == title })
        #expect(Set(begins.map(\.id)).isSubset(of: Set(contains.map(\.id))))
        #expect(viewModel.outputs.sections.count == 1 && viewModel.outputs.sections.first?.letter == nil)
        #expect(viewModel.outputs.indexLetters.isEmpty)
    }

    @Test func noMatchSaysSoInPlainWords() async throws {
        var viewModel = model(try PresentationFixtures.bundledStore(), .finnish)
        viewModel.searchTextChanged("qqqzzz")
        await viewModel.load()
        #expect(viewModel.outputs.sections.isEmpty)
        #expect(viewModel.outputs.emptyMessage == "Hakua ”qqqzzz” vastaavia elokuvia ei löytynyt.")
        #expect(viewModel.outputs.errorMessage == nil)
    }

    @Test func unreachableSourceGivesAnErrorNotACrash() async {
        // Given a source that cannot be reached and nothing cached
        var viewModel = model(PresentationFixtures.unreachableStore())
        // When the screen loads
        await viewModel.load()
        // Then it says so, and lists nothing
        #expect(viewModel.outputs.errorMessage == UIStrings.english.loadFailed)
        #expect(viewModel.outputs.sections.isEmpty && viewModel.outputs.emptyMessage == nil)
    }

    @Test func staleDataIsShownWithANotice() async throws {
        // Given a list loaded once, then a source that goes down after the cache period
        let source = PresentationFixtures.SwitchableSource(
            body: PresentationFixtures.eventsDocument(["Äiti", "Zorro"]))
        let store = source.store()
        var viewModel = MoviesViewModel(store: store, strings: .english, now: source.clock)
        await viewModel.load()
        #expect(viewModel.outputs.staleNotice == nil)
        source.failing.withLockedValue { $0 = true }
        source.advance(store.policy.events + 60)
        // When the screen loads again
        await viewModel.load()
        // Then the last good list is shown with a notice, Finnish order (Ä after Z)
        #expect(viewModel.outputs.sections.flatMap(\.rows).map(\.title) == ["Zorro", "Äiti"])
        #expect(viewModel.outputs.indexLetters == ["Z", "Ä"])
        let notice = try #require(viewModel.outputs.staleNotice)
        #expect(notice.contains("1 h ago"))
    }

    @Test func aListIsMadeIntoRowsOncePerAnswerAndWording() async throws {
        // Given a list of two movies one visitor loaded
        let source = PresentationFixtures.SwitchableSource(
            body: PresentationFixtures.eventsDocument(["Äiti", "Zorro"]))
        let store = source.store()
        func load(_ strings: UIStrings = .english) async -> MoviesViewModel.Outputs {
            var viewModel = MoviesViewModel(store: store, strings: strings, now: source.clock)
            await viewModel.load()
            return viewModel.outputs
        }
        let first = await load()
        // When another visitor loads the same answer
        let second = await load()
        // Then the sections made for the first are shown, not made again
        #expect(Self.storage(of: second.sections) == Self.storage(of: first.sections))
        // When a visitor whose wording differs loads it
        var wording = UIStrings.english
        wording.minutes = "minutes"
        let third = await load(wording)
        // Then the rows are worded that visitor's way, and still the others' way for them
        #expect(third.sections.flatMap(\.rows).map(\.length) == ["1 h 52 minutes", "1 h 52 minutes"])
        #expect(await load().sections.flatMap(\.rows).map(\.length) == ["1 h 52 min", "1 h 52 min"])
        // When the source has a new answer with as many movies, after the cache period
        source.body.withLockedValue { $0 = PresentationFixtures.eventsDocument(["Äiti", "Bambi"]) }
        source.advance(store.policy.events + 60)
        // Then the new answer is listed
        #expect(await load().sections.flatMap(\.rows).map(\.title) == ["Bambi", "Äiti"])
    }

    /// Where an array's elements are: equal for two arrays alive at once only when they share them.
    static func storage(of sections: [MoviesViewModel.Section]) -> UInt {
        sections.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    }
}
