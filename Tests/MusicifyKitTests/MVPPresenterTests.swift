import AppPatterns
import Foundation
import Testing

@testable import MusicifyKit

/// The MVP presenter with a mock view: the study's three presenter tests (success, network error,
/// invalid JSON), each checking the whole sequence of calls so that a call that never comes fails.
@MainActor
@Suite struct MVPPresenterTests {
    @MainActor
    final class MockView: MVP.View {
        enum Call: Equatable {
            case startLoading, stopLoading
            case showLatestSongs([SongListCanvas.Row])
            case showError(String)
            case showSortOrder(SongSortOrder)
        }
        var calls: [Call] = []
        func startLoading() { calls.append(.startLoading) }
        func stopLoading() { calls.append(.stopLoading) }
        func showLatestSongs(_ rows: [SongListCanvas.Row]) { calls.append(.showLatestSongs(rows)) }
        func showError(message: String) { calls.append(.showError(message)) }
        func showSortOrder(_ order: SongSortOrder) { calls.append(.showSortOrder(order)) }
    }

    private func presenter(_ api: LatestSongsAPI) -> (MVP.Presenter, MockView, RecordingPageOpener) {
        let opener = RecordingPageOpener()
        let presenter = MVP.Presenter(api: api, opener: opener)
        let view = MockView()
        presenter.view = view
        return (presenter, view, opener)
    }

    @Test func loadingSucceeds() async throws {
        // Given a presenter on the real chart
        let (presenter, view, _) = presenter(try Chart.sampleAPI())
        // When the songs are loaded
        await presenter.loadLatestSongs()
        // Then the view was told to start, stop and show exactly these songs
        #expect(view.calls == [.startLoading, .stopLoading, .showLatestSongs(try Chart.expectedRows())])
    }

    @Test func aNetworkErrorIsShown() async {
        let (presenter, view, _) = presenter(Chart.api(.failure(TransportError(.unreachable, "refused"))))
        await presenter.loadLatestSongs()
        #expect(view.calls == [.startLoading, .stopLoading, .showError("Connection error")])
    }

    @Test func invalidJSONIsShown() async {
        let (presenter, view, _) = presenter(Chart.api(.status(200, body: Data("not json".utf8))))
        await presenter.loadLatestSongs()
        #expect(view.calls == [.startLoading, .stopLoading, .showError("JSON parsing error")])
    }

    @Test func aSelectionOpensTheSongsPage() async throws {
        let (presenter, _, opener) = presenter(try Chart.sampleAPI())
        await presenter.loadLatestSongs()
        presenter.didSelectSong(at: 5)
        presenter.didSelectSong(at: -1)
        #expect(opener.opened == [try Chart.expectedPages()[5]])
    }

    @Test func sortingShowsTheOrderThenTheRows() async throws {
        let (presenter, view, _) = presenter(try Chart.sampleAPI())
        await presenter.loadLatestSongs()
        view.calls = []
        presenter.didChooseSortOrder(.artist)
        let sorted = SongSortOrder.artist.sorted(try Chart.songs()).map(SongListCanvas.Row.init)
        #expect(view.calls == [.showSortOrder(.artist), .showLatestSongs(sorted)])
    }

    @Test func aPresenterWhoseViewHasGoneTellsNobody() async throws {
        // Given a presenter whose view was released (the view holds the presenter, not back)
        let (presenter, _, opener) = presenter(try Chart.sampleAPI())
        #expect(presenter.view == nil)
        // When it loads, it still works and selection still navigates
        await presenter.loadLatestSongs()
        presenter.didSelectSong(at: 0)
        #expect(opener.opened == [try Chart.expectedPages()[0]])
    }
}
