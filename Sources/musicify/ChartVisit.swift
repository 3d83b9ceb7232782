import AppPatterns
import ArgumentParser
import Foundation
import MusicifyKit

/// A command's visit to the screen: a new screen of the chosen architecture loads from the chosen
/// source. A failure ends the command with one line on standard error: the screen's alert and
/// what happened, read from the source's last exchange.
@MainActor
struct ChartVisit {
    let visit: LatestSongsVisit
    private let transport: RecordingTransport
    private let endpoint = MostPlayedSongsEndpoint()

    init(architecture: Architecture, source: DataSource) throws {
        transport = RecordingTransport(try LatestSongsAPI.transport(for: source))
        visit = LatestSongsVisit(
            architecture: architecture, api: LatestSongsAPI(transport: transport, endpoint: endpoint))
    }

    /// The screen appears, then the person chooses `order` (unless it is the chart's own); what it
    /// shows then. Exits 1 after one line when it shows an alert.
    func loadedState(sortedBy order: SongSortOrder = .chart) async throws -> SongListCanvas.State {
        let state = await visit.appear()
        if let alert = state.alert {
            standardError("\(alert): \(whatHappened())")
            throw ExitCode.failure
        }
        return order == .chart ? state : await visit.choose(order)
    }

    /// The last exchange with the source, in words: no answer, an error status, or why the answer
    /// is not a chart.
    private func whatHappened() -> String {
        let words: String
        switch transport.lastOutcome {
        case nil:
            words = "nothing was sent to \(transport.sourceDescription)"
        case .failed(let error):
            words = "no answer: \(error)"
        case .answered(let response) where !(200..<300).contains(response.status):
            words = "\(transport.sourceDescription) answered \(response.status)"
        case .answered(let response):
            do {
                _ = try endpoint.decode(response.body)
                words = "the answer of \(transport.sourceDescription) could not be read"
            } catch {
                words = "\(error)"
            }
        }
        return words.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}

/// Writes `line` and a newline to standard error.
func standardError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}
