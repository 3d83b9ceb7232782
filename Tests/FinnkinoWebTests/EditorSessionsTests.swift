import FinnkinoKit
import FinnkinoStores
import Foundation
import Logging
import Testing

@testable import FinnkinoWeb

/// The editing sessions: bounded, the least recently used going first with the file sent for it,
/// and each session's menu its own.
@Suite struct EditorSessionsTests {
    private func sessions(_ data: URL) throws -> EditorSessions {
        EditorSessions(
            library: try SQLiteVideoLibrary(dataDirectory: data), jobs: SQLiteExportJobs(),
            uploads: data.appendingPathComponent("uploads"),
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
    }

    private let source = VideoSource(
        path: "/clip.mp4", title: "Klippi", duration: 4, size: FrameSize(width: 480, height: 270), hasAudio: true)

    @Test func aFailedExportTellsThePersonNoServerPathOrFFmpegWords() {
        // Given ffmpeg's own failure, naming a server path
        let failed = ExportError.failed("/srv/finnkino/uploads/1F2E.mkv: Invalid data found when processing input")
        // Then the person is told only that the video could not be made
        #expect(EditorSessions.publicReason(failed) == "the video could not be made")
        #expect(EditorSessions.publicReason(ExportError.ffmpegMissing) == "the video could not be made")
        // And what they can act on is said as it is
        #expect(EditorSessions.publicReason(ExportError.timedOut(seconds: 600)).contains("600 s"))
        #expect(EditorSessions.publicReason(ExportError.busy).contains("busy"))
    }

    @Test func theLeastRecentlyUsedSessionGoesWithItsUpload() throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("sessions-\(UUID())")
        defer { try? FileManager.default.removeItem(at: data) }
        let sessions = try sessions(data)
        try FileManager.default.createDirectory(at: sessions.uploads, withIntermediateDirectories: true)
        let upload = sessions.uploads.appendingPathComponent("sent.mp4")
        try Data("video".utf8).write(to: upload)
        // Given a session for a sent file, and a full house of others, the first of them used again
        let first = try sessions.open(source, upload: upload, for: .local)
        let others = try (1..<EditorSessions.limit).map { _ in try sessions.open(source, for: .local) }
        #expect(sessions.session(first, of: .local) != nil)
        #expect(sessions.session(others[0], of: .local) != nil)
        // When one more opens, Then the least recently used goes (others[1]), and the rest stay
        let newest = try sessions.open(source, for: .local)
        #expect(sessions.session(others[1], of: .local) == nil)
        #expect(sessions.session(first, of: .local) != nil && sessions.session(newest, of: .local) != nil)
        #expect(FileManager.default.fileExists(atPath: upload.path))
        // When the sent file's session is the oldest and another opens, Then its file goes with it
        for other in others.dropFirst(2) { _ = sessions.session(other, of: .local) }
        _ = sessions.session(others[0], of: .local)
        _ = sessions.session(newest, of: .local)
        _ = try sessions.open(source, for: .local)
        #expect(sessions.session(first, of: .local) == nil)
        #expect(!FileManager.default.fileExists(atPath: upload.path))
    }

    @Test func editsChangeOnlyTheirOwnSession() throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("sessions-\(UUID())")
        defer { try? FileManager.default.removeItem(at: data) }
        let sessions = try sessions(data)
        let a = try sessions.open(source, for: .local)
        let b = try sessions.open(source, for: .local)
        #expect(try sessions.edit(a, of: .local) { (menu) throws(EditError) in try menu.rotate(.half) } != nil)
        #expect(sessions.session(a, of: .local)?.menu.composition.rotation == .half)
        #expect(sessions.session(b, of: .local)?.menu.composition.rotation == Rotation.none)
        // A refused edit leaves the session as it was
        #expect(throws: EditError.self) {
            try sessions.edit(a, of: .local) { (menu) throws(EditError) in try menu.trim(TimeRange(start: 3, end: 1)) }
        }
        #expect(sessions.session(a, of: .local)?.menu.edits.count == 1)
        #expect(try sessions.edit("nosuch", of: .local) { (menu) throws(EditError) in menu.undo() } == nil)
    }

    @Test func aSessionIsItsPersonsOnly() throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("sessions-\(UUID())")
        defer { try? FileManager.default.removeItem(at: data) }
        let sessions = try sessions(data)
        let alice = PersonID(rawValue: 7)
        let bob = PersonID(rawValue: 8)
        // Given A's session
        let a = try sessions.open(source, for: alice)
        // Then B cannot open, edit, export or cancel it: to B it does not exist
        #expect(sessions.session(a, of: bob) == nil)
        #expect(try sessions.edit(a, of: bob) { (menu) throws(EditError) in try menu.rotate(.half) } == nil)
        #expect(throws: EditorSessions.ExportRefusal.notFound) { try sessions.startExport(a, of: bob) }
        sessions.cancelExport(a, of: bob)
        // And A's session is as A left it
        #expect(sessions.session(a, of: alice)?.menu.edits.isEmpty == true)
        #expect(sessions.session(a, of: alice)?.exportJob == nil)
    }
}
