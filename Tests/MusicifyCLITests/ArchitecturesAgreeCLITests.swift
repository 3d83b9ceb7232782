import Testing

/// The key test on the command line: whatever builds the screen, a person sees the same thing. For
/// the bundled chart, the real sample and each error, the five architectures print the same bytes
/// and exit the same way.
@Suite struct ArchitecturesAgreeCLITests {
    static let architectures = ["mvc", "mvp", "mvvm", "viper", "redux"]

    /// Each architecture's run of `musicify arguments… --architecture X`.
    static func runs(_ arguments: [String]) async throws -> [String: MusicifyRun] {
        var runs: [String: MusicifyRun] = [:]
        for architecture in architectures {
            runs[architecture] = try await MusicifyRun.run(arguments + ["--architecture", architecture])
        }
        return runs
    }

    /// Every architecture's run equals MVC's; returns MVC's.
    @discardableResult
    static func expectAgreement(_ arguments: [String]) async throws -> MusicifyRun {
        let runs = try await runs(arguments)
        let mvc = try #require(runs["mvc"])
        for (architecture, run) in runs {
            #expect(run == mvc, "\(architecture) differs from mvc for \(arguments)")
        }
        return mvc
    }

    @Test func theBundledChart() async throws {
        // Given the bundled chart (the default source)
        // When each architecture lists the bundled chart as text and as JSON, and opens a song
        let text = try await Self.expectAgreement(["list"])
        let json = try await Self.expectAgreement(["list", "--json"])
        let open = try await Self.expectAgreement(["open", "1900000099"])
        let byArtist = try await Self.expectAgreement(["list", "--sort", "artist"])
        let byArtistJSON = try await Self.expectAgreement(["list", "--sort", "artist", "--json"])
        // Then they print the same (and it is the chart, not five equal failures)
        #expect(text.exitCode == 0 && text.stdout.split(separator: "\n").count == 20)
        #expect(byArtist.exitCode == 0 && byArtist.stdout != text.stdout)
        #expect(byArtistJSON.exitCode == 0 && byArtistJSON.stdout != json.stdout)
        #expect(json.exitCode == 0 && json.stdout.contains("\"1900000134\""))
        #expect(open.stdout == "https://musicify.invalid/songs/1900000099\n")
        try await Self.expectAgreement(["open", "1234"])
    }

    @Test func theRealSample() async throws {
        let server = try await ChartServer.start(answering: .realSample)
        defer { Task { await server.stop() } }
        // Given a server answering with Apple's real chart
        let source = ["--source", server.baseURL]
        // When each architecture lists it as text and JSON and opens a song
        let text = try await Self.expectAgreement(["list"] + source)
        let json = try await Self.expectAgreement(["list", "--json"] + source)
        let open = try await Self.expectAgreement(["open", "1621119107"] + source)
        let byArtist = try await Self.expectAgreement(["list", "--sort", "artist", "--json"] + source)
        // Then they print the same, and it is the real chart
        #expect(text.exitCode == 0 && text.stdout.contains("Bad Bunny & Bomba Estéreo · 2022"))
        #expect(json.exitCode == 0 && json.stdout.contains("\"1621119447\""))
        #expect(open.stdout == "https://music.apple.com/us/album/712pm/1621119097?i=1621119107\n")
        #expect(byArtist.exitCode == 0 && byArtist.stdout != json.stdout)
    }

    @Test func aParsingError() async throws {
        // Given a server whose answer is not JSON
        let server = try await ChartServer.start(answering: .json(status: 200, body: "<html>busy</html>"))
        defer { Task { await server.stop() } }
        // When each architecture lists the chart as text and as JSON
        let text = try await Self.expectAgreement(["list", "--source", server.baseURL])
        let json = try await Self.expectAgreement(["list", "--json", "--source", server.baseURL])
        let byArtist = try await Self.expectAgreement(["list", "--sort", "artist", "--source", server.baseURL])
        // Then all fail the same way, on one line, whatever the format and order asked for
        #expect(text.exitCode == 1 && text.stderr.hasPrefix("JSON parsing error: "))
        #expect(json == text && byArtist == text)
    }

    @Test func aConnectionError() async throws {
        // Given a source where nothing listens, When each architecture lists the chart
        let text = try await Self.expectAgreement(["list", "--source", "http://127.0.0.1:9"])
        let json = try await Self.expectAgreement(["list", "--json", "--source", "http://127.0.0.1:9"])
        let byArtist = try await Self.expectAgreement(["list", "--sort", "artist", "--source", "http://127.0.0.1:9"])
        // Then all fail the same way
        #expect(text.exitCode == 1 && text.stderr.hasPrefix("Connection error: "))
        #expect(json == text && byArtist == text)
    }
}
