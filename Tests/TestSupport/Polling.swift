import Foundation

/// Asks `condition` every `interval` until it holds or `timeout` has passed, and says whether it
/// held: the one poll loop of the tests, for what another thread, process or server does in its own
/// time. The caller's expectation says what was awaited. The default deadline is generous: it only
/// costs time when the test fails, and beside 860 other tests on 2 cores a task can wait tens of
/// seconds to be scheduled (ImagePipelineTests' fetch waited over 10 s in the main pass).
/// Within the test's own tasks, ``yieldUntil(_:sourceLocation:)`` waits without sleeping.
@discardableResult
public func poll(
    every interval: Duration = .milliseconds(10), upTo timeout: Duration = .seconds(60),
    until condition: () async throws -> Bool
) async rethrows -> Bool {
    let deadline = ContinuousClock.now + timeout
    while true {
        if try await condition() { return true }
        if ContinuousClock.now >= deadline { return false }
        try? await Task.sleep(for: interval)
    }
}

/// ``poll(every:upTo:until:)`` for synchronous code: the calling thread sleeps between asks.
@discardableResult
public func pollBlocking(
    every interval: Duration = .milliseconds(10), upTo timeout: Duration = .seconds(60),
    until condition: () throws -> Bool
) rethrows -> Bool {
    let deadline = ContinuousClock.now + timeout
    let seconds = Double(interval.components.seconds) + Double(interval.components.attoseconds) / 1e18
    while true {
        if try condition() { return true }
        if ContinuousClock.now >= deadline { return false }
        Thread.sleep(forTimeInterval: seconds)
    }
}
