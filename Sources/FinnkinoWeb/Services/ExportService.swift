import FinnkinoKit
import Foundation
import Logging
import NIOConcurrencyHelpers
import ServiceLifecycle

/// The instance's export workers: each takes the next job of ``ExportJobs`` (any instance's),
/// exports it, and puts the video in its person's library, renewing its lease on the job every
/// ``renewEvery`` with the share done (which any instance reads for the person's page).
///
/// When the lease is found lost (this instance stalled past it and another took the job, or the
/// person was erased) the export stops and keeps nothing; when the person asked to cancel it
/// stops and says so. An instance killed mid-export simply stops renewing: once its lease runs
/// out another instance's worker takes the job and starts it again from the beginning (a video is
/// written whole into the library folder or not at all, see ``TrailerExporter``).
final class ExportService: Service {
    let jobs: ExportJobs
    let library: VideoLibrary
    let exporter: TrailerExporter
    /// How long a job stays this worker's without a renewal.
    let lease: TimeInterval
    /// How often a running job's lease is renewed (and its progress written).
    let renewEvery: Duration
    /// How long an idle worker waits before asking for a job again.
    let poll: Duration
    /// Exports run at once by this instance: as many as it runs ffmpeg at once
    /// (``MediaPrograms/exports``), so no job it takes waits for a slot while another instance
    /// has one free.
    let slots: Int
    /// This instance, as the jobs name their holder: host, process and a random part.
    let name: String
    private let logger: Logger

    init(
        jobs: ExportJobs, library: VideoLibrary, exporter: TrailerExporter = TrailerExporter(),
        lease: TimeInterval = 30, poll: Duration = .seconds(1), slots: Int = MediaPrograms.exports.width,
        logger: Logger
    ) {
        self.jobs = jobs
        self.library = library
        self.exporter = exporter
        self.lease = lease
        renewEvery = .milliseconds(Int(min(1, lease / 3) * 1000))
        self.poll = poll
        self.slots = slots
        name = "\(ProcessInfo.processInfo.hostName)/\(getpid())/\(UInt32.random(in: .min ... .max))"
        self.logger = logger
    }

    /// Runs until the server stops: a job running then goes back to the queue, for another
    /// instance (or this one restarted) to run again.
    func run() async throws {
        await cancelWhenGracefulShutdown { [self] in
            await withDiscardingTaskGroup { group in
                for _ in 0..<slots {
                    group.addTask { [self] in await work() }
                }
            }
        }
    }

    /// Takes and runs jobs until cancelled (the server stopping).
    private func work() async {
        while !Task.isCancelled {
            let job: ExportJob?
            do {
                job = try jobs.claim(worker: name, until: Date().addingTimeInterval(lease), now: Date())
            } catch {
                logger.warning("cannot take an export job: \(error)")
                job = nil
            }
            if let job {
                await run(job)
            } else {
                try? await Task.sleep(for: poll)
            }
        }
    }

    /// Exports `job`, renewing its lease until it is ended (the export, then the video added to
    /// the library), and ends it.
    func run(_ job: ExportJob) async {
        let title = job.composition.source.title
        let share = NIOLockedValueBox(0.0)
        let found = NIOLockedValueBox(ExportLease.held)
        let file = library.newVideoFile()
        let export = Task { [exporter] () -> Result<Void, ExportError> in
            do throws(ExportError) {
                try await exporter.export(job.composition, to: file) { done in share.withLockedValue { $0 = done } }
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        let keeper = Task { [self] in await keep(job.id, share: share, found: found, export: export) }
        defer { keeper.cancel() }
        let result = await withTaskCancellationHandler {
            await export.value
        } onCancel: {
            export.cancel()
        }
        let lost = found.withLockedValue { $0 } == .lost
        if lost || Task.isCancelled {
            // Lost: another worker has it, or it was erased. Cancelled: this instance is stopping;
            // the job goes back to the queue for any instance (this one restarted included).
            try? FileManager.default.removeItem(at: file)
            if !lost { try? jobs.release(job.id, worker: name) }
            logger.info("export job \(job.id) of \(title) stopped here (\(lost ? "lost" : "stopping"))")
            return
        }
        let outcome: ExportOutcome
        switch result {
        case .success:
            do {
                let video = try await library.add(file, title: title, edits: job.edits, for: job.person)
                outcome = .done(videoID: video.id)
                // Erased, or taken by another worker meanwhile: the video is not this job's to keep.
                if (try? jobs.finish(job.id, worker: name, outcome, now: Date())) != true {
                    _ = try? library.delete(id: video.id, of: job.person)
                    return
                }
                logger.info("exported \(title) to the library as \(video.id) (job \(job.id))")
                return
            } catch {
                logger.warning("export job \(job.id) of \(title) could not be kept: \(error)")
                outcome = .failed(EditorSessions.publicReason(error))
            }
        case .failure(.cancelled): outcome = .cancelled
        case .failure(let error):
            logger.warning("export job \(job.id) of \(title) failed: \(error)")
            outcome = .failed(EditorSessions.publicReason(error))
        }
        do {
            try jobs.finish(job.id, worker: name, outcome, now: Date())
        } catch {
            logger.warning("export job \(job.id) could not be ended: \(error)")
        }
    }

    /// Renews the lease of job `id` every ``renewEvery`` until cancelled, writing what it found in
    /// `found`. When the lease is lost or the person asks to cancel, `export` is cancelled (once
    /// the video is made that changes nothing: a lost job's video is then deleted, a cancel comes
    /// too late). A failed renewal is tried again at the next turn: a database that is briefly
    /// away does not stop an export.
    private func keep(
        _ id: Int64, share: NIOLockedValueBox<Double>, found: NIOLockedValueBox<ExportLease>,
        export: Task<Result<Void, ExportError>, Never>
    ) async {
        while (try? await Task.sleep(for: renewEvery)) != nil {
            let lease: ExportLease
            do {
                lease = try jobs.renew(
                    id, worker: name, progress: share.withLockedValue { $0 },
                    until: Date().addingTimeInterval(self.lease))
            } catch {
                logger.warning("cannot renew export job \(id): \(error)")
                continue
            }
            found.withLockedValue { $0 = lease }
            if lease != .held { export.cancel() }
            if lease == .lost { return }
        }
    }
}
