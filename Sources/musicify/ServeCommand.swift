import ArgumentParser
import Foundation
import Hummingbird
import Logging
import MusicifyKit
import MusicifyWeb

/// `musicify serve`: the latest-songs page of one architecture on 127.0.0.1:8080 until Ctrl-C.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Run the web app: the chart as a page, built by one architecture.")

    @OptionGroup var options: ScreenOptions

    @Option(help: "The address to listen on; only this computer can connect unless you change it.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0: any free port).")
    var port = 8080

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
    }

    func run() async throws {
        // Request logs go to standard error; standard output carries only the address line.
        LoggingSystem.bootstrap(StreamLogHandler.standardError)
        let host = self.host
        let title = options.architecture.title
        let configuration = MusicifyWebConfiguration(
            host: host, port: port, architecture: options.architecture,
            transport: try LatestSongsAPI.transport(for: options.dataSource()),
            onServerRunning: { port in
                FileHandle.standardOutput.write(Data("Musicify (\(title)) is running at http://\(host):\(port)\n".utf8))
            },
            logger: Logger(label: "musicify.web"))
        let app = try makeMusicifyApplication(configuration)
        try await app.runService(gracefulShutdownSignals: [.sigterm, .sigint])
    }
}
