import FinnkinoKit
import FinnkinoStores
import Foundation
import Logging
import TestSupport
import Testing

@testable import FinnkinoWeb

/// The export workers: a job whose worker died is finished by another once its lease runs out,
/// and a running export stops when its person cancels it or is erased.
@Suite(.timeLimit(.minutes(2))) struct ExportServiceTests {
    let alice = PersonID(rawValue: 7)
    let logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })

    private func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("worker-\(UUID())")
    }

    /// The bundled 4 s trailer clip, as the editor opens it.
    private func clip() async throws -> Composition {
        let video = EventVideo(
            title: "Trailer", location: "bundled:///media/Event_14001/trailer.mp4", thumbnailLocation: nil,
            subType: "EventTrailer", format: "Mp4")
        let file = try #require(try BundledMedia.bundled().clip(video))
        return Composition(source: try await VideoProbe.source(file.path, title: "Klippi"))
    }

    /// An "ffmpeg" that runs until it is killed: an export that is still running when asked.
    private func endlessFFmpeg(in data: URL) throws -> URL {
        let script = data.appendingPathComponent("ffmpeg")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try Data("#!/bin/sh\nexec sleep 600\n".utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return script
    }

    /// Waits until `job` of `person` is in a state `done` accepts; the state it was last in.
    private func wait(
        for id: Int64, of person: PersonID, in jobs: ExportJobs, until done: (ExportJob?) -> Bool
    ) async throws -> ExportJob? {
        var job: ExportJob?
        try await poll(every: .milliseconds(100), upTo: .seconds(30)) {
            job = try jobs.job(id, of: person)
            return done(job)
        }
        return job
    }

    @Test func anExportWhoseWorkerDiedIsFinishedByAnotherWhenTheLeaseRunsOut() async throws {
        let data = folder()
        defer { try? FileManager.default.removeItem(at: data) }
        let jobs = try SQLiteExportJobs(dataDirectory: data)
        let library = try SQLiteVideoLibrary(dataDirectory: data)
        let id = try #require(try jobs.enqueue(try await clip(), edits: ["Käännä 90°"], for: alice, now: Date()))
        // Given the job taken by a worker that then died (it never renews), for one more second
        _ = try #require(try jobs.claim(worker: "killed", until: Date().addingTimeInterval(1), now: Date()))
        // When another instance's worker runs
        let worker = ExportService(jobs: jobs, library: library, lease: 5, poll: .milliseconds(100), logger: logger)
        let running = Task { try await worker.run() }
        defer { running.cancel() }
        // Then once the lease ran out it takes the job, and the video is in A's library
        let job = try await wait(for: id, of: alice, in: jobs) { $0?.state.isActive == false }
        #expect(job?.state == .done && job?.attempts == 2, "\(String(describing: job))")
        let videos = try library.all(of: alice)
        #expect(videos.map(\.id) == [try #require(job?.videoID)] && videos.first?.edits == ["Käännä 90°"])
        #expect(FileManager.default.fileExists(atPath: library.file(of: try #require(videos.first)).path))
    }

    @Test func aRunningExportStopsWhenItsPersonCancelsItOrIsErased() async throws {
        let data = folder()
        defer { try? FileManager.default.removeItem(at: data) }
        let jobs = try SQLiteExportJobs(dataDirectory: data)
        let library = try SQLiteVideoLibrary(dataDirectory: data)
        let exporter = TrailerExporter(ffmpeg: try endlessFFmpeg(in: data), timeLimit: .seconds(600))
        let worker = ExportService(
            jobs: jobs, library: library, exporter: exporter, lease: 1, poll: .milliseconds(100), slots: 1,
            logger: logger)
        let running = Task { try await worker.run() }
        defer { running.cancel() }
        let composition = try await clip()
        // Given A's export running
        let cancelled = try #require(try jobs.enqueue(composition, edits: [], for: alice, now: Date()))
        #expect(try await wait(for: cancelled, of: alice, in: jobs) { $0?.state == .running }?.state == .running)
        // When A cancels it, Then the worker stops it and says so
        try jobs.cancel(cancelled, of: alice)
        #expect(try await wait(for: cancelled, of: alice, in: jobs) { $0?.state == .cancelled }?.state == .cancelled)
        // Given A's next export running
        let erased = try #require(try jobs.enqueue(composition, edits: [], for: alice, now: Date()))
        #expect(try await wait(for: erased, of: alice, in: jobs) { $0?.state == .running }?.state == .running)
        // When A is erased, Then the worker drops it and, free again, takes the next person's job
        try jobs.erase(alice)
        let bob = PersonID(rawValue: 8)
        let bobs = try #require(try jobs.enqueue(composition, edits: [], for: bob, now: Date()))
        #expect(try await wait(for: bobs, of: bob, in: jobs) { $0?.state == .running }?.state == .running)
        // And nothing was kept of A's exports
        #expect(try library.all(of: alice).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: library.folder.path).isEmpty)
    }
}
