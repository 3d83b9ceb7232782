import ArgumentParser
import FinnkinoKit

struct AreasCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "areas", abstract: "List the areas and theatres (use a name or ID with --area).")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var nearOption: NearOption

    func run() async throws {
        let loaded = try await global.makeStore().areas()
        let output = Output(global)
        guard let location = try nearOption.location() else {
            return try await output.showList(loaded) { areas in
                var table = TextColumns([.init(title: "ID", alignRight: true), .init(title: "Area", flexible: true)])
                for area in areas { table.append([String(area.id), area.name]) }
                return table.render()
            }
        }
        try await output.showList(loaded.map { TheatreLocations.byDistance($0, from: location.coordinate) }) { sorted in
            var table = TextColumns([
                .init(title: "ID", alignRight: true), .init(title: "Area", flexible: true),
                .init(title: "Distance", alignRight: true),
            ])
            for entry in sorted {
                table.append([
                    String(entry.area.id), entry.area.name, entry.kilometres.map(Terminal.format.distance) ?? "–",
                ])
            }
            return "Areas by distance from \(location.label)\n\n" + table.render()
        }
    }
}
