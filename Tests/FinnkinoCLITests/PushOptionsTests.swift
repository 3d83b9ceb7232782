import Foundation
import Testing

/// `serve`'s push options: a bad value stops the start with a message, before anything listens.
@Suite struct PushOptionsTests {
    @Test(arguments: [
        ["--push-service", "ftp://push.example.org"], ["--push-service", "not an address"],
        ["--push-service", "https://user:pw@push.example.org"], ["--push-service", "https://push.example.org/?q=1"],
        ["--wanted-check-interval", "0"], ["--wanted-check-interval", "100000"],
    ])
    func aBadPushOptionStopsTheStart(arguments: [String]) async throws {
        let result = try await CommandLineRun.finnkino(["serve", "--port", "0"] + arguments, timeout: 30)
        #expect(result.exitCode != 0)
        #expect(result.stderr.contains(arguments[0]), "\(result.stderr)")
        #expect(!result.stdout.contains("is running"))
    }
}
