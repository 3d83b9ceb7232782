import ArgumentParser

/// `musicify`: the latest-songs chart, built in any of five architectures, on the command line or
/// as a web app.
@main
struct MusicifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "musicify",
        abstract: "The latest most-played songs, from a screen built in MVC, MVP, MVVM, VIPER or Redux.",
        discussion: """
            Works offline on a bundled chart of invented songs unless --source says otherwise. Every \
            architecture shows the same chart; --architecture chooses which one builds the screen.
            """,
        subcommands: [ServeCommand.self, ListCommand.self, OpenCommand.self]
    )
}
