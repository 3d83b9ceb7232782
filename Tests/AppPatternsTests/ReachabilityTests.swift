import AppPatterns
import AppPatternsTesting
import Foundation
import NIOConcurrencyHelpers
import TestSupport
import Testing

@Suite(.timeLimit(.minutes(3))) struct ReachabilityTests {
    private let clock = ManualClock()

    @Test func outcomesOfRequestsDriveTheStatusAndObserversSeeOnlyChanges() async {
        // Given a reachability with an observer
        let reachability = Reachability(now: clock.dateSource)
        let observed = Task {
            var seen: [Reachability.Status] = []
            for await status in reachability.values() {
                seen.append(status)
                if seen.count == 4 { break }
            }
            return seen
        }
        await yieldUntil { reachability.observerCount == 1 }
        // When requests succeed, fail twice (the second a minute later), then succeed
        reachability.recordSuccess()
        reachability.recordSuccess()
        let firstFailure = clock.date
        reachability.recordFailure(TransportError(.unreachable, "refused"))
        clock.advance(by: .seconds(60))
        reachability.recordFailure(TransportError(.timedOut, "timed out"))
        #expect(reachability.status == .unreachable(since: firstFailure))
        #expect(reachability.lastOutcomeAt == clock.date)
        reachability.recordSuccess()
        // Then the observer saw each change once, and "since" is the first failure
        #expect(await observed.value == [.unknown, .reachable, .unreachable(since: firstFailure), .reachable])
    }

    @Test func cancelledAndInvalidRequestsSayNothingAboutTheSource() {
        // Given a reachable source
        let reachability = Reachability(now: clock.dateSource)
        reachability.recordSuccess()
        // When requests are cancelled or invalid
        reachability.recordFailure(TransportError(.cancelled, "cancelled"))
        reachability.recordFailure(TransportError(.invalidRequest, "bad URL"))
        // Then it is still reachable
        #expect(reachability.status == .reachable)
    }

    @Test func waitingForReachabilityReturnsWhenItComesBack() async {
        // Given an unreachable source and a task waiting for it
        let reachability = Reachability(now: clock.dateSource)
        reachability.recordFailure(TransportError(.unreachable, "down"))
        let waiter = Task { await reachability.waitUntilNotUnreachable() }
        await yieldUntil { reachability.observerCount == 1 }
        // When a request succeeds
        reachability.recordSuccess()
        await waiter.value
        // Then the waiter returned and no longer observes
        #expect(reachability.observerCount == 0)
    }

    @Test func aProbeOnAScheduleFeedsTheStatusUntilStopped() async {
        // Given a probe that succeeds while `up` is true, probing every 10 s
        let up = NIOLockedValueBox(true)
        let probes = NIOLockedValueBox(0)
        let reachability = Reachability(now: clock.dateSource)
        reachability.startProbing(every: .seconds(10), clock: clock) {
            probes.withLockedValue { $0 += 1 }
            if !up.withLockedValue({ $0 }) { throw TransportError(.unreachable, "probe refused") }
        }
        // Then the first probe runs at once
        await clock.waitForSleepers(1)
        #expect(reachability.status == .reachable)
        // When the source goes down and 10 s pass
        up.withLockedValue { $0 = false }
        clock.advance(by: .seconds(10))
        await clock.waitForSleepers(1)
        // Then the next probe found it unreachable
        #expect(reachability.status == .unreachable(since: clock.date))
        #expect(probes.withLockedValue { $0 } == 2)
        // When probing stops
        await reachability.stopProbing()
        clock.advance(by: .seconds(100))
        // Then nothing sleeps and no further probe ran
        #expect(clock.sleeperCount == 0)
        #expect(probes.withLockedValue { $0 } == 2)
        #expect(clock.requestedSleeps == [.seconds(10), .seconds(10)])
    }
}
