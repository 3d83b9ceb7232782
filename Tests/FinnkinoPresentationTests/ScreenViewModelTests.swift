import AppPatterns
import Foundation
import Testing

@testable import FinnkinoKit
@testable import FinnkinoPresentation

/// Movie, Showtimes, News and Article screens over the bundled dataset on a fixed day.
@Suite struct ScreenViewModelTests {
    let today = PresentationFixtures.today

    // MARK: Movie

    @Test func movieShowsItsFactsAndPeople() async throws {
        // Given a movie of the bundled list
        let store = try PresentationFixtures.bundledStore()
        let event = try #require(try await store.movies().value.first { !$0.cast.isEmpty })
        var viewModel = MovieViewModel(store: store, strings: .english)
        // When it is opened
        viewModel.movieSelected(event.id)
        await viewModel.load()
        // Then its titles, facts and people are ready to show
        let outputs = viewModel.outputs
        #expect(outputs.errorMessage == nil)
        #expect(outputs.title == event.title)
        #expect(outputs.cast == event.cast.map(\.fullName).joined(separator: ", "))
        #expect(outputs.posterURL == event.images.poster)
        #expect(outputs.facts.map(\.label).contains(UIStrings.english.ageLabel))
        if let year = event.productionYear { #expect(outputs.facts.contains { $0.value == String(year) }) }
        #expect(!outputs.synopsis.isEmpty && outputs.synopsis.allSatisfy { !$0.contains("\n\n") })
        // The bundled trailers are not playable files: no trailer link
        #expect(outputs.trailerURL == nil)
    }

    @Test func movieShowsItsGalleryAsTheEventsDocumentHasIt() async throws {
        // Given the bundled Events document as written: each event's gallery pictures, in order
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(
                "Sources/FinnkinoKit/Bundled/fi/Events-NowInTheatres.xml.gz")
        let text = String(decoding: try Gzip.decompress(try Data(contentsOf: file)), as: UTF8.self)
        var galleries: [Int: [String]] = [:]
        for chunk in text.components(separatedBy: "<Event>").dropFirst() {
            let id = try #require(Int(chunk.components(separatedBy: "<ID>")[1].prefix { $0.isNumber }))
            galleries[id] = chunk.components(separatedBy: "<GalleryImage>").dropFirst().map {
                String($0.components(separatedBy: "<Location>")[1].prefix { $0 != "<" })
            }
        }
        let withPictures = try #require(galleries.first { !$0.value.isEmpty })
        let without = try #require(galleries.first { $0.value.isEmpty })
        let store = try PresentationFixtures.bundledStore()
        // When a movie with pictures is opened, then its gallery is theirs, in the document's order
        var viewModel = MovieViewModel(store: store, strings: .english)
        viewModel.movieSelected(withPictures.key)
        await viewModel.load()
        #expect(viewModel.outputs.gallery.map { $0.location?.absoluteString ?? "" } == withPictures.value)
        #expect(viewModel.outputs.gallery.allSatisfy { $0.thumbnailLocation != nil })
        // And a movie without pictures has none
        viewModel.movieSelected(without.key)
        await viewModel.load()
        #expect(viewModel.outputs.errorMessage == nil && viewModel.outputs.gallery.isEmpty)
    }

    @Test func unknownMovieSaysSo() async throws {
        var viewModel = MovieViewModel(store: try PresentationFixtures.bundledStore(), strings: .finnish)
        viewModel.movieSelected(1)
        await viewModel.load()
        #expect(viewModel.outputs.errorMessage == UIStrings.finnish.movieNotFound)
        #expect(viewModel.outputs.title.isEmpty)
    }

    // MARK: Showtimes

    @Test func showtimesAreGroupedByTheatreForTheChosenDay() async throws {
        // Given tomorrow in Helsinki
        let store = try PresentationFixtures.bundledStore()
        let tomorrow = today.adding(days: 1)
        var viewModel = ShowtimesViewModel(store: store, language: .en, now: { PresentationFixtures.morning })
        viewModel.dateSelected(tomorrow)
        // When the screen loads
        await viewModel.load()
        // Then every show of the day is under its theatre, each theatre once, and the date picker marks tomorrow
        let outputs = viewModel.outputs
        let shows = try await store.showtimes(area: 1002, date: tomorrow).value
        #expect(outputs.showCount == shows.count && !shows.isEmpty)
        #expect(Set(outputs.theatres.map(\.name)).count == outputs.theatres.count)
        #expect(Set(outputs.theatres.map(\.name)) == Set(shows.map(\.theatre)))
        #expect(outputs.dates.filter(\.isSelected).map(\.date) == [tomorrow])
        #expect(outputs.dates.first { $0.date == tomorrow }?.label == "Tomorrow")
        #expect(outputs.dates.first?.label == "Today")
        let row = try #require(outputs.theatres.first?.shows.first)
        #expect(row.time.wholeMatch(of: /\d\d:\d\d–\d\d:\d\d/) != nil)
    }

    @Test func todayLeavesOutShowsThatHaveStarted() async throws {
        // Given the evening of today
        let store = try PresentationFixtures.bundledStore()
        let evening = HelsinkiTime.instant(of: today, hour: 19, minute: 0)
        var viewModel = ShowtimesViewModel(store: store, language: .en, now: { evening })
        // When today's shows load
        await viewModel.load()
        // Then only those starting from 19:00 are shown
        let all = try await store.showtimes(area: 1002, date: today).value
        #expect(viewModel.outputs.showCount == all.filter { $0.start >= evening }.count)
        #expect(viewModel.outputs.showCount < all.count)
        #expect(viewModel.outputs.theatres.flatMap(\.shows).allSatisfy { $0.time >= "19:00" })
    }

    @Test func oneMoviesShowtimesCarryItsTitle() async throws {
        let store = try PresentationFixtures.bundledStore()
        let tomorrow = today.adding(days: 1)
        let show = try #require(try await store.showtimes(area: 1002, date: tomorrow).value.first)
        var viewModel = ShowtimesViewModel(store: store, language: .en, now: { PresentationFixtures.morning })
        viewModel.movieSelected(show.eventID)
        viewModel.dateSelected(tomorrow)
        await viewModel.load()
        #expect(viewModel.outputs.movieTitle == show.title)
        #expect(viewModel.outputs.theatres.flatMap(\.shows).allSatisfy { $0.movieID == show.eventID })
    }

    @Test func aDayWithoutShowsSaysSo() async throws {
        // Given a day outside the dataset's window
        let far = today.adding(days: 200)
        var viewModel = ShowtimesViewModel(
            store: try PresentationFixtures.bundledStore(), language: .fi, now: { PresentationFixtures.morning })
        viewModel.dateSelected(far)
        await viewModel.load()
        // Then the screen says there are no shows, and the picker still offers the chosen day
        #expect(viewModel.outputs.emptyMessage == UIStrings.finnish.noShows)
        #expect(viewModel.outputs.theatres.isEmpty)
        #expect(viewModel.outputs.dates.last?.date == far && viewModel.outputs.dates.last?.isSelected == true)
    }

    @Test func showtimesFailureIsAnError() async {
        var viewModel = ShowtimesViewModel(
            store: PresentationFixtures.unreachableStore(), language: .en, now: { PresentationFixtures.morning })
        await viewModel.load()
        #expect(viewModel.outputs.errorMessage == UIStrings.english.loadFailed)
    }

    // MARK: News and Article

    @Test func newsRowsHoldTheirCategoriesArticles() async throws {
        let store = try PresentationFixtures.bundledStore()
        var viewModel = NewsViewModel(store: store, strings: .english)
        await viewModel.load()
        let articles = try await store.news().value
        let outputs = viewModel.outputs
        #expect(!outputs.categories.isEmpty && outputs.emptyMessage == nil)
        for category in outputs.categories {
            #expect(!category.cards.isEmpty)
            for card in category.cards {
                let article = try #require(articles.first { $0.id == card.id })
                #expect(article.categories.contains { $0.id == category.id })
            }
        }
        // When one category is chosen, only its row is shown
        let chosen = try #require(outputs.categories.last)
        viewModel.categorySelected(chosen.id)
        await viewModel.load()
        #expect(viewModel.outputs.categories.map(\.id) == [chosen.id])
    }

    @Test func newsFailureIsAnError() async {
        var viewModel = NewsViewModel(store: PresentationFixtures.unreachableStore(), strings: .english)
        await viewModel.load()
        #expect(viewModel.outputs.errorMessage == UIStrings.english.loadFailed)
        #expect(viewModel.outputs.categories.isEmpty)
    }

    @Test func articleOpensByItsID() async throws {
        let store = try PresentationFixtures.bundledStore()
        let article = try #require(try await store.news().value.last)
        var viewModel = ArticleViewModel(store: store, strings: .english)
        viewModel.articleSelected(article.id)
        await viewModel.load()
        #expect(viewModel.outputs.title == article.title)
        #expect(viewModel.outputs.contentHTML == article.htmlContent)
        #expect(viewModel.outputs.errorMessage == nil)

        var missing = ArticleViewModel(store: store, strings: .english)
        missing.articleSelected("no-such-article")
        await missing.load()
        #expect(missing.outputs.errorMessage == UIStrings.english.articleNotFound)
    }
}
