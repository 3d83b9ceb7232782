import ArgumentParser
import FinnkinoKit
import FinnkinoPresentation

struct MovieCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "movie", abstract: "Show one movie: details, cast, synopsis, trailer.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The movie's ID (from `finnkino movies`).")
    var id: Int

    func run() async throws {
        let store = try global.makeStore()
        let output = Output(global)
        if output.isJSON { return try output.encoded(try await store.movie(id: id)) }
        // The Movie screen's view model, as the web app's page has it.
        // (A terminal shows no gallery: none is asked for.)
        var viewModel = MovieViewModel(
            store: store, strings: .english, words: .english, media: try? BundledMedia.bundled(), showsGallery: false)
        viewModel.movieSelected(id)
        await viewModel.load()
        switch viewModel.outputs.outcome {
        case .shown: break
        // The domain's own words, which name the ID; the page's are for a person on the page.
        case .notFound: throw CommandFailure(FeedStoreError.movieNotFound(id: id).description)
        case .unavailable:
            // Why the source could not be read, as the store says it (the page's words say only that).
            _ = try await store.movie(id: id)
            throw CommandFailure(viewModel.outputs.errorMessage ?? UIStrings.english.loadFailed)
        }
        output.text(Self.render(viewModel.outputs))
    }

    /// The Movie screen in the terminal: what the web app's page says, in the same words.
    static func render(_ movie: MovieViewModel.Outputs) -> String {
        let strings = UIStrings.english
        let words = UILanguage.en.shows
        var lines = [movie.title + (movie.originalTitle.map { " (\($0))" } ?? "")]
        lines.append(movie.facts.map { "\($0.label): \($0.value)" }.joined(separator: " · "))
        if let audience = movie.audience { lines.append("\(UILanguage.en.charts.audience): \(audience)") }
        if let directors = movie.directors { lines.append("\(strings.director): \(directors)") }
        if let cast = movie.cast { lines.append("\(strings.cast): \(cast)") }
        if !movie.contentDescriptors.isEmpty {
            lines.append(
                words.contentLabel + ": " + movie.contentDescriptors.map(words.descriptor).joined(separator: ", "))
        }
        // Trailers a person can open from a terminal; a bundled clip plays in the web app and is
        // edited with `finnkino trailer edit ID`.
        if let trailer = movie.trailerURL {
            lines.append("\(strings.trailer): \(trailer.absoluteString)")
        } else if movie.hasTrailerClip, let id = movie.movieID {
            lines.append(
                "\(strings.trailer): a clip (play it in the web app; edit it with `finnkino trailer edit \(id)`)")
        }
        if let id = movie.movieID { lines.append("ID: \(id)") }
        let header = lines.map { Terminal.wrap($0) }.joined(separator: "\n")
        let synopsis = movie.synopsis.map { Terminal.wrap($0) }.joined(separator: "\n\n")
        return synopsis.isEmpty ? header : header + "\n\n" + synopsis
    }
}
