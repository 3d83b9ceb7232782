import AppPatterns
import ExternalPrograms
import Foundation
import TestSupport
import Testing

@Suite(.timeLimit(.minutes(1))) struct ExternalProgramTests {
    let shell = URL(fileURLWithPath: "/bin/sh")

    @Test func itsOutputStatusAndLastErrorLinesComeBack() async throws {
        // Given a program that writes lines to both outputs and fails
        let program = ExternalProgram(shell)
        // When it runs
        let outcome = try await program.run(
            ["-c", "echo one; echo two; for i in 1 2 3 4 5 6 7 8 9 10; do echo e$i >&2; done; exit 3"],
            deadline: .seconds(20), limit: ConcurrencyLimit(width: 1))
        // Then its output, exit status and last 8 error lines are what it wrote
        #expect(String(decoding: outcome.output, as: UTF8.self) == "one\ntwo\n")
        #expect(outcome.exitStatus == 3 && !outcome.succeeded)
        #expect(outcome.errorLines == (3...10).map { "e\($0)" })
    }

    @Test func aProgramThatIgnoresSIGTERMIsKilledAtItsDeadline() async throws {
        // Given a program that ignores SIGTERM (as ffprobe does) and would run for a minute
        let program = ExternalProgram(shell)
        let started = ContinuousClock.now
        // When its deadline is half a second
        await #expect(throws: ExternalProgram.Failure.timedOut(seconds: 0.5)) {
            try await program.run(
                ["-c", "trap '' TERM; exec sleep 60"], deadline: .milliseconds(500), limit: ConcurrencyLimit(width: 1))
        }
        // Then the call ended long before the program would have (a loaded 2-core machine took
        // up to 12 s to schedule the kill), the program killed
        #expect(ContinuousClock.now - started < .seconds(30))
    }

    @Test func cancellingTheCallerKillsTheProgram() async throws {
        // Given a long program whose pid it writes first
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("external-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pidFile = folder.appendingPathComponent("pid").path
        let running = Task {
            try await ExternalProgram(shell).run(
                ["-c", "echo $$ > \(pidFile); trap '' TERM; exec sleep 60"], deadline: .seconds(60),
                limit: ConcurrencyLimit(width: 1))
        }
        var pid: Int32?
        await poll {
            pid = (try? String(contentsOfFile: pidFile, encoding: .utf8)).flatMap {
                Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            return pid != nil
        }
        let started = try #require(pid)
        // When the calling task is cancelled
        running.cancel()
        // Then the call ends as cancelled and the process is gone
        await #expect(throws: ExternalProgram.Failure.cancelled) { try await running.value }
        #expect(kill(started, 0) != 0)
    }

    @Test func atMostTheLimitRunAtOnceAndTheRestWaitOrGiveUp() async throws {
        // Given a limit of one and a program holding it for a while
        let limit = ConcurrencyLimit(width: 1)
        let holder = Task {
            try await ExternalProgram(shell).run(["-c", "sleep 2"], deadline: .seconds(30), limit: limit)
        }
        #expect(await poll(every: .milliseconds(5)) { limit.held > 0 })
        // When another asks with a deadline shorter than the wait
        await #expect(throws: ExternalProgram.Failure.busy) {
            try await ExternalProgram(shell).run(["-c", "true"], deadline: .milliseconds(200), limit: limit)
        }
        // Then it never started; and once the slot is free, the next one runs
        #expect(try await holder.value.succeeded)
        #expect(limit.held == 0 && limit.waiting == 0)
        let next = try await ExternalProgram(shell).run(["-c", "true"], deadline: .seconds(10), limit: limit)
        #expect(next.succeeded)
    }

    @Test func outputPastTheLimitStopsTheProgram() async throws {
        // Given a program that writes without end
        // When its output is capped at 64 KB
        await #expect(throws: ExternalProgram.Failure.outputTooLarge(bytes: 65_536)) {
            try await ExternalProgram(shell).run(
                ["-c", "exec yes"], deadline: .seconds(20), limit: ConcurrencyLimit(width: 1), outputLimit: 65_536)
        }
    }

    @Test func aProgramThatCannotStartSaysSo() async throws {
        await #expect(throws: ExternalProgram.Failure.self) {
            try await ExternalProgram(URL(fileURLWithPath: "/no/such/program")).run(
                [], deadline: .seconds(5), limit: ConcurrencyLimit(width: 1))
        }
    }
}
