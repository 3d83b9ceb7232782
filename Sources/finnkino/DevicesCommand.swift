import ArgumentParser
import FinnkinoKit
import FinnkinoStores
import Foundation

/// `finnkino devices code`: a one-time code that joins a browser to the local person (this
/// computer's data, the CLI's), typed on the Devices page of a hosted server that uses the same
/// data folder. On a hosted server no browser is the local person without one.
struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices", abstract: "Join a browser to this computer's data on a hosted server.",
        subcommands: [Code.self], defaultSubcommand: Code.self)

    struct Code: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "code",
            abstract: "Print a one-time code (10 minutes) for the Devices page of a hosted server.")

        @OptionGroup var global: GlobalOptions

        /// What `--json` prints.
        struct JoinCodeOutput: Encodable {
            let code: String
            let expiresAt: Date
        }

        func run() async throws {
            let persons: PersonStore
            let code: JoinCode
            do {
                persons = try SQLitePersonStore(dataDirectory: global.dataDirectory)
                code = try persons.newJoinCode(for: .local)
            } catch {
                throw CommandFailure(error.description)
            }
            let expires = Date().addingTimeInterval(JoinCode.lifetime)
            let output = Output(global)
            if output.isJSON {
                return try output.encoded(JoinCodeOutput(code: code.description, expiresAt: expires))
            }
            output.text(
                "\(code)\n\nType it on the Devices page of the server that uses this data folder; it works once, "
                    + "for 10 minutes. That browser then uses this computer's bookmarks, library and settings.")
        }
    }
}
