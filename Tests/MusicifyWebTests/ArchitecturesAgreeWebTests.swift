import AppPatterns
import HummingbirdTesting
import MusicifyKit
import Testing

/// The key test on the web: whatever builds the screen, a person gets the same bytes. For the
/// bundled chart, the real sample and each failure, the five architectures answer `/` with the
/// same status and byte-identical HTML, and `/songs/<id>` with the same redirect.
@Suite struct ArchitecturesAgreeWebTests {
    /// What a person gets from `paths` on the app of one architecture.
    struct Answer: Equatable {
        var status: Int
        var location: String?
        var body: String
    }

    static func answers(_ paths: [String], transport: @escaping @Sendable () throws -> any Transport) async throws
        -> [Architecture: [Answer]]
    {
        var answers: [Architecture: [Answer]] = [:]
        for architecture in Architecture.allCases {
            answers[architecture] = try await WebAppUnderTest.test(architecture, transport: try transport()) {
                client in
                var answers: [Answer] = []
                for path in paths {
                    let response = try await client.execute(uri: path, method: .get)
                    answers.append(
                        Answer(status: response.status.code, location: response.headers[.location], body: response.text)
                    )
                }
                return answers
            }
        }
        return answers
    }

    /// Every architecture's answers equal MVC's; returns MVC's.
    static func expectAgreement(
        _ paths: [String], transport: @escaping @Sendable () throws -> any Transport
    ) async throws -> [Answer] {
        let answers = try await answers(paths, transport: transport)
        let mvc = try #require(answers[.mvc])
        for architecture in Architecture.allCases {
            let theirs = try #require(answers[architecture])
            for (index, path) in paths.enumerated() {
                #expect(theirs[index] == mvc[index], "\(architecture) differs from MVC at \(path)")
            }
        }
        return mvc
    }

    @Test func theBundledChart() async throws {
        // Given the bundled chart, When the chart, two songs and a missing one are asked of each architecture
        // Then all answer alike
        let mvc = try await Self.expectAgreement(
            ["/", "/songs/1900000001", "/songs/1900000134", "/songs/7", "/?sort=artist"],
            transport: ChartTransports.bundled)
        // (and what they agree on is the chart, its redirects, a 404 and the chart by artist)
        #expect(mvc.map(\.status) == [200, 303, 303, 404, 200])
        #expect(mvc[4].body.contains("aria-current=\"page\">By artist</a>") && mvc[4].body != mvc[0].body)
        #expect(mvc[0].body.contains("Northern Lights Again"))
        #expect(mvc[1].location == "/bundled/songs/1900000001")
        #expect(mvc[2].location == "/bundled/songs/1900000134")
    }

    @Test func theRealSample() async throws {
        // Given Apple's real chart, When the chart and two songs are asked of each architecture
        // Then all answer alike
        let mvc = try await Self.expectAgreement(
            ["/", "/songs/1621119447", "/songs/1621119107", "/?sort=artist"], transport: ChartTransports.realChart)
        #expect(mvc.map(\.status) == [200, 303, 303, 200])
        #expect(mvc[0].body.contains("Ojitos Lindos"))
        #expect(mvc[2].location == "https://music.apple.com/us/album/712pm/1621119097?i=1621119107")
    }

    @Test(arguments: 0..<4)
    func eachFailure(index: Int) async throws {
        // Given a failing source, When the chart and a song are asked of each architecture
        // Then all answer alike: 502 with the same alert
        let failing = ChartTransports.failing()[index]
        let mvc = try await Self.expectAgreement(["/", "/songs/1900000001", "/?sort=artist"]) {
            ChartTransports.failing()[index].transport
        }
        #expect(mvc.map(\.status) == [502, 502, 502], "\(failing.name)")
        #expect(mvc[0].body.contains(failing.alert))
        #expect(mvc[1] == mvc[0] && mvc[2] == mvc[0])
    }
}
