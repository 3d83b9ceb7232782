import AppPatterns
import Synchronization
import TestSupport
import Testing

/// The timer of the writes kept behind: one write for every ask within the delay, and a failed
/// write asked for again.
@Suite struct DelayedWriteTests {
    @Test func manyAsksWithinTheDelayMakeOneWrite() async throws {
        // Given a timer with a delay far longer than the asks take
        let timer = DelayedWrite(delay: .milliseconds(300))
        let writes = Atomic(0)
        // When it is asked a hundred times
        for _ in 0..<100 {
            timer.schedule {
                writes.add(1, ordering: .relaxed)
                return true
            }
        }
        // Then one write runs, and only one
        await poll(every: .milliseconds(5)) { writes.load(ordering: .relaxed) > 0 }
        try await Task.sleep(for: .milliseconds(400))
        #expect(writes.load(ordering: .relaxed) == 1)
        // And an ask after it schedules a new write
        timer.schedule {
            writes.add(1, ordering: .relaxed)
            return true
        }
        await poll(every: .milliseconds(5)) { writes.load(ordering: .relaxed) == 2 }
        #expect(writes.load(ordering: .relaxed) == 2)
    }

    @Test func aFailedWriteIsTriedAgainUntilItSucceeds() async throws {
        let timer = DelayedWrite(delay: .milliseconds(10))
        let tries = Atomic(0)
        // When the write fails twice, then succeeds
        timer.schedule { tries.add(1, ordering: .relaxed).newValue >= 3 }
        // Then it is tried three times, and no more
        await poll(every: .milliseconds(5)) { tries.load(ordering: .relaxed) >= 3 }
        try await Task.sleep(for: .milliseconds(100))
        #expect(tries.load(ordering: .relaxed) == 3)
    }
}
