import AppPatternsTesting
import Foundation
import NIOConcurrencyHelpers
import TestSupport
import Testing

@testable import AppPatterns

/// A fetch whose outcomes are scripted; counts its calls and can be made to take time on a clock.
private final class ScriptedFetch: Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let outcomes: NIOLockedValueBox<[Result<Int, Failure>]>
    private let calls = NIOLockedValueBox(0)
    private let duration: Duration?
    private let clock: ManualClock

    init(_ outcomes: [Result<Int, Failure>], takes duration: Duration? = nil, on clock: ManualClock) {
        self.outcomes = NIOLockedValueBox(outcomes)
        self.duration = duration
        self.clock = clock
    }

    private let asked = NIOLockedValueBox<[Freshness]>([])

    var count: Int { calls.withLockedValue { $0 } }
    /// The freshness each call asked for, in order.
    var freshnesses: [Freshness] { asked.withLockedValue { $0 } }

    func callAsFunction(_ freshness: Freshness) async throws -> Int {
        calls.withLockedValue { $0 += 1 }
        asked.withLockedValue { $0.append(freshness) }
        if let duration { try await clock.sleep(for: duration) }
        let outcome = outcomes.withLockedValue { outcomes in
            outcomes.count > 1 ? outcomes.removeFirst() : outcomes.first ?? .failure(Failure(description: "no script"))
        }
        return try outcome.get()
    }
}

@Suite(.timeLimit(.minutes(3))) struct UpdaterTests {
    private let clock = ManualClock()

    private func collect(_ subject: Subject<FeedState<Int>>, count: Int) -> Task<[FeedState<Int>], Never> {
        let stream = subject.values()
        return Task {
            var seen: [FeedState<Int>] = []
            for await state in stream {
                seen.append(state)
                if seen.count == count { break }
            }
            return seen
        }
    }

    @Test func aRefreshPublishesLoadingThenTheValue() async {
        // Given an idle updater whose fetch returns 7
        let fetch = ScriptedFetch([.success(7)], on: clock)
        let updater = Updater(clock: clock) { try await fetch($0) }
        let states = collect(updater.subject, count: 3)
        // When it refreshes
        await updater.refresh()
        // Then observers saw idle, loading without a previous value, then the value
        #expect(await states.value == [.idle, .loading(previous: nil), .loaded(7)])
    }

    @Test func aFailureKeepsTheLastGoodValueAndSaysWhy() async {
        // Given an updater that loaded 1 and then fails
        let fetch = ScriptedFetch(
            [.success(1), .failure(.init(description: "Schedule: the server answered 503"))], on: clock)
        let updater = Updater(clock: clock) { try await fetch($0) }
        await updater.refresh()
        let states = collect(updater.subject, count: 3)
        // When it refreshes again
        await updater.refresh()
        // Then the states keep 1 while loading and after the failure, with the message
        #expect(
            await states.value == [
                .loaded(1), .loading(previous: 1), .failed(message: "Schedule: the server answered 503", previous: 1),
            ])
        #expect(updater.subject.value.value == 1)
        #expect(updater.subject.value.failureMessage == "Schedule: the server answered 503")
        #expect(updater.consecutiveFailures == 1)
    }

    @Test func concurrentRefreshesShareOneFetch() async {
        // Given a fetch that takes 1 s
        let fetch = ScriptedFetch([.success(5)], takes: .seconds(1), on: clock)
        let updater = Updater(clock: clock) { try await fetch($0) }
        // When two refreshes run at once
        let first = Task { await updater.refresh() }
        let second = Task { await updater.refresh() }
        await yieldUntil { updater.refreshCallers == 2 }
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(1))
        await first.value
        await second.value
        // Then one fetch served both
        #expect(fetch.count == 1)
        #expect(updater.subject.value == .loaded(5))
        // And a later refresh fetches again
        let third = Task { await updater.refresh() }
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(1))
        await third.value
        #expect(fetch.count == 2)
    }

    @Test func theScheduleRefreshesEveryInterval() async {
        // Given an updater refreshing every 60 s
        let fetch = ScriptedFetch([.success(1), .success(2), .success(3)], on: clock)
        let updater = Updater(interval: .seconds(60), clock: clock) { try await fetch($0) }
        // When it starts, it fetches at once and then waits
        updater.start()
        await clock.waitForSleepers(1)
        #expect(fetch.count == 1)
        #expect(updater.subject.value == .loaded(1))
        // When 59 s pass nothing happens; at 60 s it fetches again
        clock.advance(by: .seconds(59))
        #expect(fetch.count == 1)
        clock.advance(by: .seconds(1))
        await clock.waitForSleepers(1)
        #expect(fetch.count == 2)
        #expect(updater.subject.value == .loaded(2))
        #expect(clock.requestedSleeps == [.seconds(60), .seconds(60)])
        await updater.stop()
    }

    @Test func theScheduleLetsTheCachePeriodAnswerWhileARefreshRevalidates() async {
        // Given a running schedule that has fetched once
        let fetch = ScriptedFetch([.success(1), .success(2), .success(3)], on: clock)
        let updater = Updater(interval: .seconds(60), clock: clock) { try await fetch($0) }
        updater.start()
        await clock.waitForSleepers(1)
        // When someone asks for a refresh, and then the interval passes
        await updater.refresh()
        clock.advance(by: .seconds(60))
        await clock.waitForSleepers(1)
        // Then the refresh asked the source, and the scheduled fetches let a cache answer
        #expect(fetch.freshnesses == [.cachePeriod, .revalidate, .cachePeriod])
        #expect(updater.subject.value == .loaded(3))
        await updater.stop()
    }

    @Test func failuresBackOffExponentiallyUpToTheMaximumAndASuccessResets() async {
        // Given three failures then successes, backoff 1 s doubling up to 3 s, interval 100 s
        let failure = Result<Int, ScriptedFetch.Failure>.failure(.init(description: "down"))
        let fetch = ScriptedFetch([failure, failure, failure, .success(9), failure], on: clock)
        let updater = Updater(
            interval: .seconds(100), backoff: Backoff(base: .seconds(1), factor: 2, maximum: .seconds(3)), clock: clock
        ) { try await fetch($0) }
        // When it runs through the failures
        updater.start()
        for wait in [1, 2, 3] {
            await clock.waitForSleepers(1)
            clock.advance(by: .seconds(wait))
        }
        await clock.waitForSleepers(1)
        // Then it waited 1, 2 and 3 s (capped) between attempts and, after the success, the interval
        #expect(clock.requestedSleeps == [.seconds(1), .seconds(2), .seconds(3), .seconds(100)])
        #expect(fetch.count == 4)
        #expect(updater.consecutiveFailures == 0)
        #expect(updater.subject.value == .loaded(9))
        // And the next failure starts again at the base delay
        clock.advance(by: .seconds(100))
        await clock.waitForSleepers(1)
        #expect(clock.requestedSleeps.last == .seconds(1))
        #expect(updater.consecutiveFailures == 1)
        await updater.stop()
    }

    @Test func backoffDelaysGrowByTheFactorAndStopAtTheMaximum() {
        // Given a backoff of 5 s doubling up to 60 s
        let backoff = Backoff(base: .seconds(5), factor: 2, maximum: .seconds(60))
        // Then the delays are 0 (no failure), 5, 10, 20, 40, 60, 60
        #expect((0...6).map { backoff.delay(afterFailures: $0) } == [0, 5, 10, 20, 40, 60, 60].map { .seconds($0) })
        #expect(backoff.delay(afterFailures: 10_000) == .seconds(60))
    }

    @Test func theSchedulePausesWhileUnreachableAndResumesWhenReachable() async {
        // Given an unreachable source and an updater watching its reachability
        let reachability = Reachability(now: clock.dateSource)
        reachability.recordFailure(TransportError(.unreachable, "down"))
        let fetch = ScriptedFetch([.success(1), .success(2)], on: clock)
        let updater = Updater(interval: .seconds(60), reachability: reachability, clock: clock) { try await fetch($0) }
        // When it starts, it does not fetch but waits for the source
        updater.start()
        await yieldUntil { reachability.observerCount == 1 }
        #expect(fetch.count == 0)
        // When the source becomes reachable, it fetches at once
        reachability.recordSuccess()
        await clock.waitForSleepers(1)
        #expect(fetch.count == 1)
        // When the source goes away during the interval, the due refresh waits
        reachability.recordFailure(TransportError(.timedOut, "timed out"))
        clock.advance(by: .seconds(60))
        await yieldUntil { reachability.observerCount == 1 }
        #expect(fetch.count == 1)
        // And resumes with a refresh when it is back
        reachability.recordSuccess()
        await clock.waitForSleepers(1)
        #expect(fetch.count == 2)
        #expect(updater.subject.value == .loaded(2))
        await updater.stop()
    }

    @Test func stopLeavesNoTasksSleepersOrObserversBehind() async {
        // Given a running updater paused on reachability, and another sleeping on its interval
        let reachability = Reachability(now: clock.dateSource)
        reachability.recordFailure(TransportError(.unreachable, "down"))
        let fetch = ScriptedFetch([.success(1)], on: clock)
        let paused = Updater(interval: .seconds(60), reachability: reachability, clock: clock) { try await fetch($0) }
        let sleeping = Updater(interval: .seconds(60), clock: clock) { try await fetch($0) }
        paused.start()
        sleeping.start()
        await yieldUntil { reachability.observerCount == 1 }
        await clock.waitForSleepers(1)
        #expect(paused.isRunning && sleeping.isRunning)
        // When both stop
        await paused.stop()
        await sleeping.stop()
        // Then nothing sleeps, nothing observes, and time passing fetches nothing
        #expect(!paused.isRunning && !sleeping.isRunning)
        #expect(clock.sleeperCount == 0)
        #expect(reachability.observerCount == 0)
        reachability.recordSuccess()
        clock.advance(by: .seconds(600))
        #expect(fetch.count == 1)
    }

    @Test func stopCancelsAFetchInFlightAndRestoresTheState() async {
        // Given an updater showing 1 whose next fetch takes 10 s
        let fetch = ScriptedFetch([.success(1), .success(2)], on: clock)
        let slow = ScriptedFetch([.success(2)], takes: .seconds(10), on: clock)
        let useSlow = NIOLockedValueBox(false)
        let updater = Updater(interval: .seconds(60), clock: clock) { freshness in
            useSlow.withLockedValue { $0 } ? try await slow(freshness) : try await fetch(freshness)
        }
        updater.start()
        await clock.waitForSleepers(1)
        useSlow.withLockedValue { $0 = true }
        clock.advance(by: .seconds(60))
        await clock.waitForSleepers(1)
        #expect(updater.subject.value == .loading(previous: 1))
        // When it stops mid-fetch
        await updater.stop()
        // Then the fetch was cancelled, the state is back to the value, and no failure is counted
        await yieldUntil { updater.refreshCallers == 0 }
        #expect(updater.subject.value == .loaded(1))
        #expect(updater.consecutiveFailures == 0)
        #expect(clock.sleeperCount == 0)
    }

    @Test func withoutAnIntervalItFetchesOnceAndEnds() async {
        // Given an updater without an interval
        let fetch = ScriptedFetch([.success(3)], on: clock)
        let updater = Updater(clock: clock) { try await fetch($0) }
        // When it starts
        updater.start()
        await updater.subject.first { $0 == .loaded(3) }
        // Then it fetched once and stopped by itself
        await yieldUntil { !updater.isRunning }
        #expect(fetch.count == 1)
        #expect(clock.sleeperCount == 0)
    }
}

/// The schedule's waits are sliced: a cancelled sleep keeps its runtime timer until its deadline,
/// so one long sleep per start and stop (every page that opens and closes) held memory for an
/// hour.
@Suite struct UpdaterSleepTests {
    /// A real clock that records how long each sleep it is asked for lasts.
    final class RecordingClock: Clock {
        let base = ContinuousClock()
        let waits = NIOLockedValueBox<[Duration]>([])
        var now: ContinuousClock.Instant { base.now }
        var minimumResolution: Duration { base.minimumResolution }
        func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {
            waits.withLockedValue { $0.append(deadline - base.now) }
            try await base.sleep(until: deadline, tolerance: tolerance)
        }
    }

    @Test func aLongWaitIsMadeOfShortSleepsTowardsOneDeadline() async throws {
        let clock = RecordingClock()
        let started = clock.now
        try await Updater<Int>.sleep(on: clock, for: .milliseconds(2_500))
        // (How many slices depends on how late a loaded machine wakes each one; none is longer.)
        let waits = clock.waits.withLockedValue { $0 }
        #expect(!waits.isEmpty)
        #expect(waits.allSatisfy { $0 <= Updater<Int>.sleepSlice })
        #expect(clock.now - started >= .milliseconds(2_500))
    }

    @Test func aTestClockAdvancedPastTheDeadlineWakesItOnce() async throws {
        let clock = ManualClock()
        let sleeping = Task { try await Updater<Int>.sleep(on: clock, for: .seconds(3_600)) }
        while clock.sleeperCount == 0 { await Task.yield() }
        clock.advance(by: .seconds(3_600))
        try await sleeping.value
    }
}
