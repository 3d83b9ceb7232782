import Testing

/// Arguments a person gets wrong: exit 64 with ArgumentParser's usage line.
@Suite struct ArgumentTests {
    @Test(arguments: [
        (["list", "--architecture", "mvvc"], "--architecture"),
        (["list", "--architecture"], "--architecture"),
        (
            ["list", "--source", "ftp://example.com"],
            "--source must be bundled, live, or an http(s) URL, not \"ftp://example.com\""
        ),
        (["list", "--source", "nowhere"], "--source must be bundled, live, or an http(s) URL, not \"nowhere\""),
        (["serve", "--port", "70000"], "--port must be between 0 and 65535"),
        (["serve", "--port", "eighty"], "--port"),
        (["open"], "<id>"),
        (["list", "--colour"], "--colour"),
        (["list", "--sort", "name"], "--sort"),
        (["list", "--sort"], "--sort"),
        (["play"], "play"),
    ])
    func badArgumentsExit64WithTheUsage(arguments: [String], named: String) async throws {
        // Given a command line with a mistake, When it is run
        let result = try await MusicifyRun.run(arguments)
        // Then it says what is wrong and how to call it, on stderr, and exits 64
        #expect(result.exitCode == 64, "\(arguments): \(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(named), "\(result.stderr)")
        #expect(result.stderr.contains("Usage: musicify"), "\(result.stderr)")
    }

    @Test func helpListsTheCommandsAndArchitectures() async throws {
        // Given a person who does not know the options, When they ask for help
        let result = try await MusicifyRun.run(["list", "--help"])
        // Then it names the architectures and the sources
        #expect(result.exitCode == 0)
        #expect(result.stdout.contains("--architecture <architecture>"))
        #expect(result.stdout.contains("mvc, mvp, mvvm, viper, redux"))
        #expect(result.stdout.contains("--source <bundled|live|URL>"))
    }
}
