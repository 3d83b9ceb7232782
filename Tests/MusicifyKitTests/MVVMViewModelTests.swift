import AppPatterns
import AppPatternsTesting
import Foundation
import Testing

@testable import MusicifyKit

/// The MVVM view model without any view: outputs observed through its bindings. The study's
/// loading sequence (true, then false), plus the errors and the sort, each as a complete sequence.
@MainActor
@Suite struct MVVMViewModelTests {
    /// Everything the bindings report, in order.
    @MainActor
    final class Bindings {
        enum Output: Equatable {
            case isLoading(Bool)
            case songs([SongListCanvas.Row])
            case error(String?)
            case sortOrder(SongSortOrder)
        }
        var outputs: [Output] = []

        init(_ viewModel: MVVM.ViewModel) {
            viewModel.isLoadingChanged = { [unowned self] in outputs.append(.isLoading($0)) }
            viewModel.songsChanged = { [unowned self] in outputs.append(.songs($0)) }
            viewModel.errorMessageChanged = { [unowned self] in outputs.append(.error($0)) }
            viewModel.sortOrderChanged = { [unowned self] in outputs.append(.sortOrder($0)) }
        }
    }

    @Test func loadingGoesTrueThenFalseAndTheSongsCome() async throws {
        // Given a view model on the real chart, bound
        let viewModel = MVVM.ViewModel(api: try Chart.sampleAPI(), opener: RecordingPageOpener())
        let bindings = Bindings(viewModel)
        // When the screen appears
        await viewModel.viewDidLoad()
        // Then
        let rows = try Chart.expectedRows()
        #expect(bindings.outputs == [.isLoading(true), .error(nil), .isLoading(false), .songs(rows)])
        #expect(viewModel.songs == rows && viewModel.isLoading == false && viewModel.errorMessage == nil)
    }

    @Test(arguments: [
        (StubTransport.Reply.failure(TransportError(.unreachable, "refused")), "Connection error"),
        (.status(502), "Connection error"),
        (.status(200, body: Data(#"{"feed":{"results":[{}]}}"#.utf8)), "JSON parsing error"),
    ])
    func errorsAreOutputs(reply: StubTransport.Reply, message: String) async {
        let viewModel = MVVM.ViewModel(api: Chart.api(reply), opener: RecordingPageOpener())
        let bindings = Bindings(viewModel)
        await viewModel.viewDidLoad()
        #expect(bindings.outputs == [.isLoading(true), .error(nil), .isLoading(false), .error(message)])
        #expect(viewModel.songs.isEmpty)
    }

    @Test func selectionAndSortAreInputs() async throws {
        let opener = RecordingPageOpener()
        let viewModel = MVVM.ViewModel(api: try Chart.sampleAPI(), opener: opener)
        await viewModel.viewDidLoad()
        let bindings = Bindings(viewModel)
        viewModel.didChooseSortOrder(.artist)
        viewModel.didSelectSong(at: 0)
        let sorted = SongSortOrder.artist.sorted(try Chart.songs())
        #expect(bindings.outputs == [.sortOrder(.artist), .songs(sorted.map(SongListCanvas.Row.init))])
        #expect(opener.opened == [sorted[0].pageURL])
    }
}
