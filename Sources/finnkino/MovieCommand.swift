import ArgumentParser
import FinnkinoKit

struct MovieCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "movie", abstract: "Show one movie: details, cast, synopsis, trailer.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The movie's ID (from `finnkino movies`).")
    var id: Int

    func run() async throws {
        let movie = try await global.makeStore().movie(id: id)
        let output = Output(global)
        if output.isJSON { return try output.encoded(movie) }
        output.text(render(movie))
    }

    private func render(_ movie: Event) -> String {
        var lines = [
            movie.title
                + (movie.originalTitle != movie.title && !movie.originalTitle.isEmpty
                    ? " (\(movie.originalTitle))" : "")
        ]
        let facts = [
            movie.productionYear.map(String.init), movie.lengthInMinutes.map { HumanFormat.length($0) },
            "age \(HumanFormat.age(movie.rating))", movie.genres.isEmpty ? nil : movie.genres.joined(separator: ", "),
        ].compactMap { $0 }
        lines.append(facts.joined(separator: " · "))
        if let release = movie.localRelease { lines.append("Premiere: \(HumanFormat.date(release))") }
        if !movie.directors.isEmpty {
            lines.append("Director: " + movie.directors.map(\.fullName).joined(separator: ", "))
        }
        if !movie.cast.isEmpty { lines.append("Cast: " + movie.cast.map(\.fullName).joined(separator: ", ")) }
        if !movie.contentDescriptors.isEmpty {
            lines.append("Content: " + movie.contentDescriptors.map(\.name).joined(separator: ", "))
        }
        // Trailers a person can open from a terminal; a bundled clip plays in the web app and is
        // edited with `finnkino trailer edit ID`.
        if let trailer = movie.videos.compactMap(\.watchURL).first(where: {
            ["http", "https"].contains($0.scheme ?? "")
        }) {
            lines.append("Trailer: \(trailer.absoluteString)")
        } else if (try? BundledMedia.standard().trailer(of: movie)) != nil {
            lines.append("Trailer: a clip (play it in the web app; edit it with `finnkino trailer edit \(movie.id)`)")
        }
        lines.append("ID: \(movie.id)")
        let synopsis = movie.synopsis.isEmpty ? movie.shortSynopsis : movie.synopsis
        let header = lines.map { HumanFormat.wrap($0) }.joined(separator: "\n")
        return synopsis.isEmpty ? header : header + "\n\n" + HumanFormat.wrap(synopsis)
    }
}
