import ArgumentParser
import FinnkinoKit

struct AreasCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "areas", abstract: "List the areas and theatres (use a name or ID with --area).")

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let loaded = try await global.makeStore().areas()
        try Output(json: global.json).show(loaded) { areas in
            var table = TextColumns([.init(title: "ID", alignRight: true), .init(title: "Area", flexible: true)])
            for area in areas { table.append([String(area.id), area.name]) }
            return table.render()
        }
    }
}
