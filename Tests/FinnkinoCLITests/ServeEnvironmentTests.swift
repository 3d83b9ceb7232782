import Foundation
import Logging
import NIOConcurrencyHelpers
import Testing

@testable import finnkino

/// Every `serve` option as a `FINNKINO_…` variable, and `--log-format json` (issue 39).
@Suite struct ServeEnvironmentTests {
    @Test func theEnvironmentGivesWhatTheCommandLineDoesNot() throws {
        let environment = [
            "FINNKINO_PORT": "8000", "FINNKINO_HOSTED": "yes", "FINNKINO_ALLOWED_HOST": "a.example, b.example,",
            "FINNKINO_PUBLIC_URL": "https://kino.example", "FINNKINO_LOG_FORMAT": "json", "HOME": "/root",
        ]
        let arguments = try ServeEnvironment.arguments(["--port", "9000"], environment: environment)
        // The command line's port wins; the rest come from the environment, a list item by item
        #expect(arguments.first(where: { $0 == "8000" }) == nil)
        #expect(Array(arguments.prefix(2)) == ["--port", "9000"])
        #expect(arguments.contains("--hosted"))
        #expect(pairs(arguments, "--allowed-host") == ["a.example", "b.example"])
        #expect(pairs(arguments, "--public-url") == ["https://kino.example"])
        #expect(pairs(arguments, "--log-format") == ["json"])
        // And they parse as serve's own options
        let command = try ServeCommand.parse(arguments)
        #expect(command.port == 9000 && command.hosted && command.allowedHost == ["a.example", "b.example"])
        #expect(command.logFormat == .json)
    }

    @Test(arguments: ["maybe", "2", "on"]) func aFlagTakesOnlyYesOrNo(value: String) {
        #expect(throws: (any Error).self) {
            try ServeEnvironment.arguments([], environment: ["FINNKINO_HOSTED": value])
        }
    }

    @Test func aFlagSwitchedOffIsLeftOut() throws {
        for value in ["0", "false", "NO", ""] {
            #expect(try ServeEnvironment.arguments([], environment: ["FINNKINO_HOSTED": value]).isEmpty)
        }
    }

    @Test func onlyServeTakesTheEnvironment() throws {
        let environment = ["FINNKINO_PORT": "8000"]
        #expect(
            try ServeEnvironment.appliedIfServing(["movies", "--area", "1002"], environment: environment) == [
                "movies", "--area", "1002",
            ])
        #expect(try ServeEnvironment.appliedIfServing(["--help"], environment: environment) == ["--help"])
        #expect(try ServeEnvironment.appliedIfServing([], environment: environment) == ["--port", "8000"])
        #expect(
            try ServeEnvironment.appliedIfServing(["serve"], environment: environment) == ["serve", "--port", "8000"])
    }

    @Test func everyOptionOfServeHasItsVariableAndTheHostingGuideListsThem() throws {
        // Every long option `serve --help` lists, hidden ones too, is in the table or said not to be
        let help = ServeCommand.helpMessage(includeHidden: true, columns: 1_000)
        let listed = Set(
            help.split(separator: "\n").compactMap { line -> String? in
                let text = line.trimmingCharacters(in: .whitespaces)
                guard let match = text.firstMatch(of: /^(?:-\w, )?--([a-z0-9-]+)/) else { return nil }
                return String(match.1)
            })
        let known = Set(ServeEnvironment.options.map(\.name)).union(ServeEnvironment.notFromTheEnvironment)
        #expect(listed == known)
        // And the guide's table names each variable
        let guide = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
                "../../docs/HOSTING.md"), encoding: .utf8)
        for option in ServeEnvironment.options {
            #expect(guide.contains("`\(option.variable)`"), "\(option.variable)")
        }
    }

    @Test func aJSONLogIsOneObjectALine() throws {
        // Given the JSON handler, writing to a buffer
        let lines = NIOLockedValueBox<[String]>([])
        var handler = JSONLogHandler(label: "finnkino.web") { line in lines.withLockedValue { $0.append(line) } }
        handler[metadataKey: "request"] = "GET /movies"
        // When a message with a line break and metadata of its own is logged
        handler.log(
            event: LogEvent(
                level: .warning, message: "two\nlines \"quoted\"", metadata: ["status": "503"], source: "test",
                file: #fileID, function: #function, line: #line))
        // Then one line is written, an object with the message whole and the metadata merged
        let written = try #require(lines.withLockedValue { $0 }.first)
        #expect(written.hasSuffix("\n") && written.dropLast().allSatisfy { $0 != "\n" })
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(written.utf8)) as? [String: Any])
        #expect(object["message"] as? String == "two\nlines \"quoted\"")
        #expect(object["level"] as? String == "warning" && object["label"] as? String == "finnkino.web")
        #expect(object["metadata"] as? [String: String] == ["request": "GET /movies", "status": "503"])
        let time = try #require(object["time"] as? String)
        #expect(time.hasSuffix("Z") && time.contains("T") && time.contains("."))
    }

    private func pairs(_ arguments: [String], _ flag: String) -> [String] {
        zip(arguments, arguments.dropFirst()).filter { $0.0 == flag }.map(\.1)
    }
}
