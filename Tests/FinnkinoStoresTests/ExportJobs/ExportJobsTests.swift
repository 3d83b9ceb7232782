import AppPatterns
import Foundation
import NIOConcurrencyHelpers
import TestSupport
import Testing

@testable import FinnkinoKit
@testable import FinnkinoStores

/// Every kind of ``ExportJobs`` the server can run on; the tests taking one are the contract.
extension TestBackend {
    /// New, empty export jobs on this backend.
    func makeExportJobs() throws -> any ExportJobs {
        try make(sqlite: { try SQLiteExportJobs(dataDirectory: $0) }, postgres: { try PostgresExportJobs(pool: $0) })
            .store
    }
}

/// The export jobs: one active export a person, each job held by one worker at a time under a
/// lease, taken over when the lease runs out, cancelled and erased as the person asks.
@Suite(.timeLimit(.minutes(3))) struct ExportJobsTests {
    let alice = PersonID(rawValue: 7)
    let bob = PersonID(rawValue: 8)
    let start = Date(timeIntervalSince1970: 1_795_000_000)

    static let composition = Composition(
        source: VideoSource(
            path: "/media/uploads/x.mp4", title: "Klippi", duration: 4, size: FrameSize(width: 480, height: 270),
            hasAudio: true))

    @Test(arguments: TestBackend.onDisk) func aJobIsTakenByOneWorkerAndEndedByIt(kind: TestBackend) throws {
        let jobs = try kind.makeExportJobs()
        // Given A's export queued; A's second is refused while it is, B's is not
        let first = try #require(try jobs.enqueue(Self.composition, edits: ["Käännä 90°"], for: alice, now: start))
        #expect(try jobs.enqueue(Self.composition, edits: [], for: alice, now: start) == nil)
        let bobs = try #require(try jobs.enqueue(Self.composition, edits: [], for: bob, now: start))
        // Then it reads back whole, and only to A
        let queued = try #require(try jobs.job(first, of: alice))
        #expect(queued.state == .queued && queued.composition == Self.composition && queued.edits == ["Käännä 90°"])
        #expect(try jobs.job(first, of: bob) == nil)
        #expect(try jobs.active(among: [first, bobs, 999]) == [first, bobs])
        #expect(try jobs.counts() == ExportJobCounts(queued: 2, running: 0))
        // When three workers ask, the oldest goes to the first, the next to the second, none to the third
        let until = start.addingTimeInterval(30)
        let taken = try #require(try jobs.claim(worker: "w1", until: until, now: start))
        #expect(taken.id == first && taken.state == .running && taken.attempts == 1)
        #expect(try jobs.claim(worker: "w2", until: until, now: start)?.id == bobs)
        #expect(try jobs.claim(worker: "w3", until: until, now: start) == nil)
        #expect(try jobs.counts() == ExportJobCounts(queued: 0, running: 2))
        // When w1 renews with its progress, A reads it
        #expect(try jobs.renew(first, worker: "w1", progress: 0.5, until: until) == .held)
        #expect(try jobs.job(first, of: alice)?.progress == 0.5)
        // And only the holder can end it
        #expect(try jobs.finish(first, worker: "w2", .failed("no"), now: start) == false)
        #expect(try jobs.finish(first, worker: "w1", .done(videoID: 42), now: start))
        let done = try #require(try jobs.job(first, of: alice))
        #expect(done.state == .done && done.videoID == 42 && done.progress == 1)
        #expect(try jobs.active(among: [first]).isEmpty)
        #expect(try jobs.counts() == ExportJobCounts(queued: 0, running: 1))
        // And A may export again
        #expect(try jobs.enqueue(Self.composition, edits: [], for: alice, now: start) != nil)
    }

    @Test(arguments: TestBackend.onDisk) func aDeadWorkersJobIsTakenOverWhenItsLeaseRunsOut(
        kind: TestBackend
    ) throws {
        let jobs = try kind.makeExportJobs()
        let id = try #require(try jobs.enqueue(Self.composition, edits: [], for: alice, now: start))
        // Given w1 holding it for 10 s, then silent (killed)
        _ = try #require(try jobs.claim(worker: "w1", until: start.addingTimeInterval(10), now: start))
        // Then nobody takes it while the lease lasts
        #expect(
            try jobs.claim(worker: "w2", until: start.addingTimeInterval(15), now: start.addingTimeInterval(5)) == nil)
        // When it ran out, w2 takes it, a second attempt from the start
        let later = start.addingTimeInterval(11)
        let retaken = try #require(try jobs.claim(worker: "w2", until: later.addingTimeInterval(10), now: later))
        #expect(retaken.id == id && retaken.attempts == 2 && retaken.progress == 0)
        // And w1, were it only stalled, finds it lost and cannot end it
        #expect(try jobs.renew(id, worker: "w1", progress: 0.9, until: later.addingTimeInterval(10)) == .lost)
        #expect(try jobs.finish(id, worker: "w1", .done(videoID: 1), now: later) == false)
        // When w2 dies too, and w3 after it, the job is failed rather than taken a fourth time
        let third = later.addingTimeInterval(11)
        #expect(try jobs.claim(worker: "w3", until: third.addingTimeInterval(10), now: third)?.attempts == 3)
        let fourth = third.addingTimeInterval(11)
        #expect(try jobs.claim(worker: "w4", until: fourth.addingTimeInterval(10), now: fourth) == nil)
        let failed = try #require(try jobs.job(id, of: alice))
        #expect(failed.state == .failed && failed.message == ExportJobLimits.interrupted)
        // And a day later it is forgotten
        let dayLater = fourth.addingTimeInterval(ExportJobLimits.keptFor + 1)
        #expect(try jobs.claim(worker: "w5", until: dayLater, now: dayLater) == nil)
        #expect(try jobs.job(id, of: alice) == nil)
    }

    @Test(arguments: TestBackend.onDisk) func cancellingAndErasing(kind: TestBackend) throws {
        let jobs = try kind.makeExportJobs()
        let until = start.addingTimeInterval(30)
        // A queued job cancelled is cancelled at once, and never taken
        let queued = try #require(try jobs.enqueue(Self.composition, edits: [], for: alice, now: start))
        try jobs.cancel(queued, of: bob)
        #expect(try jobs.job(queued, of: alice)?.state == .queued)
        try jobs.cancel(queued, of: alice)
        #expect(try jobs.job(queued, of: alice)?.state == .cancelled)
        #expect(try jobs.claim(worker: "w1", until: until, now: start) == nil)
        // A running one is told to its worker at the next renewal, which ends it as cancelled
        let running = try #require(try jobs.enqueue(Self.composition, edits: [], for: alice, now: start))
        _ = try #require(try jobs.claim(worker: "w1", until: until, now: start))
        try jobs.cancel(running, of: alice)
        #expect(try jobs.renew(running, worker: "w1", progress: 0.2, until: until) == .cancelRequested)
        #expect(try jobs.finish(running, worker: "w1", .cancelled, now: start))
        #expect(try jobs.job(running, of: alice)?.state == .cancelled)
        // A cancelled one whose worker died is not taken again
        let orphan = try #require(try jobs.enqueue(Self.composition, edits: [], for: alice, now: start))
        _ = try #require(try jobs.claim(worker: "w1", until: until, now: start))
        try jobs.cancel(orphan, of: alice)
        let after = until.addingTimeInterval(1)
        #expect(try jobs.claim(worker: "w2", until: after.addingTimeInterval(30), now: after) == nil)
        #expect(try jobs.job(orphan, of: alice)?.state == .cancelled)
        // Erasing A forgets A's jobs: a worker holding one loses it; B's stays
        let erased = try #require(try jobs.enqueue(Self.composition, edits: [], for: alice, now: start))
        let bobs = try #require(try jobs.enqueue(Self.composition, edits: [], for: bob, now: start))
        _ = try #require(try jobs.claim(worker: "w3", until: after.addingTimeInterval(30), now: after))
        try jobs.erase(alice)
        #expect(try jobs.job(erased, of: alice) == nil)
        #expect(try jobs.renew(erased, worker: "w3", progress: 0.5, until: after.addingTimeInterval(30)) == .lost)
        #expect(try jobs.job(bobs, of: bob)?.state == .queued)
    }

    @Test(arguments: TestBackend.onDisk) func workersAskingAtOnceNeverTakeOneJobTwice(
        kind: TestBackend
    ) throws {
        let jobs = try kind.makeExportJobs()
        let persons = (0..<40).map { PersonID(rawValue: 100 + Int64($0)) }
        let queued = try Set(
            persons.map { person in try #require(try jobs.enqueue(Self.composition, edits: [], for: person, now: start))
            }
        )
        // When four workers take jobs as fast as they can, at the same time
        let taken = NIOLockedValueBox<[Int64]>([])
        let failures = NIOLockedValueBox<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            do {
                while let job = try jobs.claim(
                    worker: "w\(worker)", until: start.addingTimeInterval(60), now: start)
                {
                    taken.withLockedValue { $0.append(job.id) }
                }
            } catch {
                failures.withLockedValue { $0.append("\(error)") }
            }
        }
        // Then every job was taken exactly once
        #expect(failures.withLockedValue { $0 }.isEmpty)
        let ids = taken.withLockedValue { $0 }
        #expect(ids.count == queued.count && Set(ids) == queued)
    }

    @Test(.enabled(if: TestPostgres.isAvailable)) func overPostgreSQLAJobBeingTakenIsSkippedNotWaitedFor() throws {
        let pool = try TestPostgres.freshPool()
        let jobs = try PostgresExportJobs(pool: pool)
        let first = try #require(try jobs.enqueue(Self.composition, edits: [], for: alice, now: start))
        let second = try #require(try jobs.enqueue(Self.composition, edits: [], for: bob, now: start))
        // Given another instance in the middle of taking the first job (its row locked)
        try pool.transaction { session in
            try session.execute("SELECT id FROM export_job WHERE id = \(first) FOR UPDATE")
            // When a worker asks meanwhile, Then it takes the second at once instead of waiting
            let taken = try jobs.claim(worker: "w2", until: start.addingTimeInterval(30), now: start)
            #expect(taken?.id == second)
        }
        // And once the other let go, the first is there to take
        #expect(try jobs.claim(worker: "w3", until: start.addingTimeInterval(30), now: start)?.id == first)
    }

    @Test(arguments: TestBackend.onDisk) func aStoppingInstanceGivesItsJobBack(kind: TestBackend) throws {
        let jobs = try kind.makeExportJobs()
        let id = try #require(try jobs.enqueue(Self.composition, edits: [], for: alice, now: start))
        _ = try #require(try jobs.claim(worker: "w1", until: start.addingTimeInterval(30), now: start))
        // When w1's instance stops, the job is queued again, that take not counted
        try jobs.release(id, worker: "w1")
        let queued = try #require(try jobs.job(id, of: alice))
        #expect(queued.state == .queued && queued.attempts == 0)
        // And another worker takes it at once, without waiting for the lease
        #expect(try jobs.claim(worker: "w2", until: start.addingTimeInterval(30), now: start)?.attempts == 1)
    }

    @Test(arguments: TestBackend.onDisk) func aPersonKeepsOnlyTheirLastFinishedJobs(kind: TestBackend) throws {
        let jobs = try kind.makeExportJobs()
        // When A queues and cancels many times
        var ids: [Int64] = []
        for _ in 0..<(ExportJobLimits.finishedKept + 5) {
            let id = try #require(try jobs.enqueue(Self.composition, edits: [], for: alice, now: start))
            try jobs.cancel(id, of: alice)
            ids.append(id)
        }
        // Then only the last ones are kept (each enqueue trims before it adds)
        let kept = try ids.filter { try jobs.job($0, of: alice) != nil }
        #expect(kept == Array(ids.suffix(ExportJobLimits.finishedKept + 1)))
    }
}
