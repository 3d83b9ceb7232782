import Dispatch
import Foundation

/// Ends the test process when `work` has not finished within `limit`, naming the test.
///
/// A deadlock on the concurrency pool's threads (2 on a 2-core machine) leaves no thread to run a
/// time limit of Swift Testing's own, so the test would hang instead of failing: this watchdog runs
/// on a Dispatch timer outside that pool, prints what hung and exits with a failure.
public func failingOnDeadlock<Result: Sendable>(
    _ name: String, within limit: Duration, _ work: @Sendable () async -> Result
) async -> Result {
    let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "deadlock-watchdog"))
    let seconds = Double(limit.components.seconds) + Double(limit.components.attoseconds) / 1e18
    timer.schedule(deadline: .now() + seconds)
    timer.setEventHandler {
        FileHandle.standardError.write(
            Data("DEADLOCK: \(name) did not finish within \(limit); ending the test run\n".utf8))
        exit(70)
    }
    timer.resume()
    defer { timer.cancel() }
    return await work()
}
