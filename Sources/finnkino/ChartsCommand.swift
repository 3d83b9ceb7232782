import AppPatterns
import ArgumentParser
import FinnkinoKit
import Foundation

/// `finnkino charts box-office|upcoming|top [--page N]` and `finnkino charts movie ID`: the
/// international lists (TMDB) and a movie's details with critics' scores (OMDb).
struct ChartsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "charts", abstract: "International box office, upcoming and top rated movies (TMDB, OMDb).",
        discussion: """
            Offline on the bundled dataset; with --source live it needs TMDB_API_KEY (and OMDB_API_KEY for the
            critics' scores) in the environment.
            """,
        subcommands: [List.self, Movie.self], defaultSubcommand: List.self)

    enum Chart: String, ExpressibleByArgument, CaseIterable {
        case boxOffice = "box-office"
        case upcoming
        case top

        var list: ChartList {
            switch self {
            case .boxOffice: .boxOffice
            case .upcoming: .upcoming
            case .top: .topRated
            }
        }

        var heading: String {
            switch self {
            case .boxOffice: "Box office"
            case .upcoming: "Upcoming"
            case .top: "Top rated"
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "A list, 20 movies a page: box-office (default), upcoming or top.")

        @Argument(help: "box-office, upcoming or top.")
        var chart: Chart = .boxOffice

        @Option(help: "The page (1 to 500).")
        var page = 1

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            guard (1...500).contains(page) else { throw ValidationError("--page must be 1 to 500") }
        }

        func run() async throws {
            let store = try global.makeStore()
            let loaded: Loaded<ChartPage>
            do { loaded = try await store.chartPage(chart.list, page: page) } catch let error as FeedStoreError {
                throw CommandFailure(error.description)
            }
            let output = Output(global)
            // One movie a line; the page's own figures are in the --json form.
            if output.format == .jsonLines { return try await output.showJSON(loaded.map(\.movies)) }
            try output.show(loaded) { page in render(page) }
        }

        private func render(_ page: ChartPage) -> String {
            guard !page.movies.isEmpty else {
                let pages = page.totalPages == 1 ? "1 page" : "\(page.totalPages) pages"
                return "\(chart.heading): no movies on page \(page.page) (\(pages))."
            }
            var table = TextColumns([
                .init(title: "ID", alignRight: true), .init(title: "Title", flexible: true), .init(title: "Released"),
                .init(title: "Score", alignRight: true), .init(title: "Votes", alignRight: true),
            ])
            for movie in page.movies {
                table.append([
                    String(movie.id), movie.title, movie.releaseDate.map { Terminal.format.date($0) } ?? "–",
                    movie.voteCount > 0 ? String(format: "%.1f", movie.voteAverage) : "–", String(movie.voteCount),
                ])
            }
            let next = page.hasNextPage ? "; next: --page \(page.page + 1)" : ""
            return "\(chart.heading): page \(page.page) of \(page.totalPages) (\(page.totalResults) movies\(next))\n\n"
                + table.render()
        }
    }

    struct Movie: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "movie",
            abstract: "A movie of the lists: details, cast, audience and critics' scores.")

        @Argument(help: "The movie's TMDB ID (from `finnkino charts`).")
        var id: Int

        @OptionGroup var global: GlobalOptions

        struct Report: Encodable {
            var movie: ChartMovieDetails
            var critics: CriticScores?
        }

        func run() async throws {
            let store = try global.makeStore()
            let details: ChartMovieDetails
            do {
                details = try await store.chartMovie(id: id).value
            } catch let error as FeedStoreError {
                throw CommandFailure(error.description)
            } catch WebServiceError.refused(_, 404, _) {
                throw CommandFailure("no movie has the TMDB ID \(id) (see `finnkino charts`)")
            }
            let critics = await store.criticScores(for: details)
            let output = Output(global)
            if output.isJSON { return try output.encoded(Report(movie: details, critics: critics)) }
            print(render(details, critics))
        }

        private func render(_ movie: ChartMovieDetails, _ critics: CriticScores?) -> String {
            var lines = [movie.title + (movie.originalTitle != movie.title ? " (\(movie.originalTitle))" : "")]
            let facts = [
                movie.releaseDate.map { Terminal.format.date($0) }, movie.runtime.map { Terminal.format.length($0) },
                movie.genres.isEmpty ? nil : movie.genres.joined(separator: ", "),
            ].compactMap { $0 }
            if !facts.isEmpty { lines.append(facts.joined(separator: " · ")) }
            if !movie.tagline.isEmpty { lines.append(movie.tagline) }
            if !movie.directors.isEmpty { lines.append("Director: " + movie.directors.joined(separator: ", ")) }
            if !movie.cast.isEmpty {
                lines.append("Cast: " + movie.cast.prefix(5).map(\.name).joined(separator: ", "))
            }
            lines.append(
                movie.voteCount > 0
                    ? String(format: "Audience: %.1f/10 (%d votes, TMDB)", movie.voteAverage, movie.voteCount)
                    : "Audience: no votes yet")
            var scores: [String] = []
            if let rotten = critics?.rottenTomatoes { scores.append("Rotten Tomatoes \(rotten)%") }
            if let meta = critics?.metacritic { scores.append("Metacritic \(meta)/100") }
            if let imdb = critics?.imdbRating { scores.append(String(format: "IMDb %.1f/10", imdb)) }
            if !scores.isEmpty { lines.append("Critics: " + scores.joined(separator: " · ")) }
            if let trailer = movie.trailer?.watchURL { lines.append("Trailer: \(trailer.absoluteString)") }
            lines.append("ID: \(movie.id)")
            let header = lines.map { Terminal.wrap($0) }.joined(separator: "\n")
            return movie.overview.isEmpty ? header : header + "\n\n" + Terminal.wrap(movie.overview)
        }
    }
}
