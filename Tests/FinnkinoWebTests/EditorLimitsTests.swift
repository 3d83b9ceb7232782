import FinnkinoKit
import FinnkinoStores
import Foundation
import Logging
import NIOConcurrencyHelpers
import Testing

@testable import FinnkinoWeb

/// One client cannot hold every video editor or the server's disk (issue 36): editors are bounded
/// per client address as well as per person, editors nobody edits are closed soon with their sent
/// files, sent files are bounded for the whole server, and an export is bounded in size.
@Suite struct EditorLimitsTests {
    private let source = VideoSource(
        path: "/clip.mp4", title: "Klippi", duration: 4, size: FrameSize(width: 480, height: 270), hasAudio: true)

    private func sessions(
        _ data: URL, perPerson: Int = EditorSessions.hostedLimitPerPerson,
        perClient: Int = EditorSessions.hostedLimitPerClient, total: Int = EditorSessions.defaultMaxUploadBytesTotal,
        unedited: TimeInterval? = EditorSessions.hostedUneditedLifetime, now: @escaping @Sendable () -> Date = Date.init
    ) throws -> EditorSessions {
        EditorSessions(
            library: try SQLiteVideoLibrary(dataDirectory: data), jobs: SQLiteExportJobs(),
            uploads: data.appendingPathComponent("uploads"), perPerson: perPerson, perClient: perClient,
            maxUploadBytesTotal: total, uneditedLifetime: unedited, now: now,
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
    }

    private func upload(_ sessions: EditorSessions, _ name: String) throws -> URL {
        try FileManager.default.createDirectory(at: sessions.uploads, withIntermediateDirectories: true)
        let file = sessions.uploads.appendingPathComponent(name)
        try Data("video".utf8).write(to: file)
        return file
    }

    @Test func oneClientWithManyCookiesHoldsOnlyItsOwnFewEditors() throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("editors-\(UUID())")
        defer { try? FileManager.default.removeItem(at: data) }
        let sessions = try sessions(data)
        // Given another person's editor elsewhere, and a neighbour's behind the same address
        let theirs = try sessions.open(source, for: PersonID(rawValue: 99), client: "198.51.100.7")
        let neighbour = PersonID(rawValue: 98)
        let neighbours = try sessions.open(
            source, upload: try upload(sessions, "n.mp4"), for: neighbour, client: "203.0.113.5")
        // When one client opens 60 editors from that address, each as a new person
        var opened = 0
        for index in 0..<60 {
            let person = PersonID(rawValue: Int64(1000 + index))
            if (try? sessions.open(source, for: person, client: "203.0.113.5")) != nil { opened += 1 }
        }
        // Then it gets only what is left of the address's limit; the rest are refused
        #expect(opened == EditorSessions.hostedLimitPerClient - 1)
        // And nobody else's editor was closed for it: not the neighbour's, with its file, nor the other's
        #expect(sessions.session(neighbours, of: neighbour) != nil)
        #expect(FileManager.default.fileExists(atPath: sessions.uploads.appendingPathComponent("n.mp4").path))
        #expect(sessions.session(theirs, of: PersonID(rawValue: 99)) != nil)
        // And a person at the full address who opens another closes their own oldest there
        let again = try sessions.open(source, for: neighbour, client: "203.0.113.5")
        #expect(sessions.session(again, of: neighbour) != nil && sessions.session(neighbours, of: neighbour) == nil)
        // And another address still opens one
        #expect(throws: Never.self) { try sessions.open(source, for: PersonID(rawValue: 97), client: "192.0.2.1") }
    }

    @Test func anEditorNobodyEditsIsClosedSoonWithItsFileThoughItIsViewed() throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("editors-\(UUID())")
        defer { try? FileManager.default.removeItem(at: data) }
        let clock = NIOLockedValueBox(Date(timeIntervalSince1970: 1_795_000_000))
        let sessions = try sessions(data, now: { clock.withLockedValue { $0 } })
        let file = try upload(sessions, "sent.mp4")
        let idle = try sessions.open(source, upload: file, for: .local, client: "203.0.113.5")
        let edited = try sessions.open(source, for: .local, client: "203.0.113.5")
        // When one is only viewed, the other edited, every few minutes past the idle time
        for _ in 0..<4 {
            clock.withLockedValue { $0 += EditorSessions.hostedUneditedLifetime / 3 }
            _ = sessions.session(idle, of: .local)
            _ = try sessions.edit(edited, of: .local) { (menu) throws(EditError) in
                try menu.rotate(.quarter)
            }
        }
        #expect(sessions.closeIdle() == 1)
        // Then the one nobody edits is closed and its sent file deleted now, and the edited one stays
        #expect(sessions.session(idle, of: .local) == nil)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(sessions.session(edited, of: .local) != nil)
    }

    @Test func onLoopbackTheOnePersonsEditorsStayTillTheServerNeedsRoom() throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("editors-\(UUID())")
        defer { try? FileManager.default.removeItem(at: data) }
        let clock = NIOLockedValueBox(Date(timeIntervalSince1970: 1_795_000_000))
        let sessions = try sessions(data, unedited: nil, now: { clock.withLockedValue { $0 } })
        let id = try sessions.open(source, for: .local)
        clock.withLockedValue { $0 += 3600 }
        #expect(sessions.closeIdle() == 0)
        #expect(sessions.session(id, of: .local) != nil)
    }

    @Test func sentFilesAreBoundedForTheServerAndPerClientInFlight() throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("editors-\(UUID())")
        defer { try? FileManager.default.removeItem(at: data) }
        let sessions = try sessions(data, total: 1_000)
        // Given an open editor holding 600 bytes of a sent file
        _ = try sessions.open(source, upload: try upload(sessions, "a.mp4"), uploadBytes: 600, for: .local, client: "a")
        // When another client sends a file, the server counts its bytes against what is left
        let receipt = try #require(sessions.receiveUpload(from: "b"))
        #expect(receipt.add(300))
        #expect(!receipt.add(200))
        #expect(sessions.uploadBytesKept == 900)
        receipt.finish()
        #expect(sessions.uploadBytesKept == 600)
        // And one client sends only a few files at once
        let sending = (0..<EditorSessions.uploadsInFlightPerClient).compactMap { _ in sessions.receiveUpload(from: "c")
        }
        #expect(sending.count == EditorSessions.uploadsInFlightPerClient)
        #expect(sessions.receiveUpload(from: "c") == nil)
        sending.first?.finish()
        #expect(sessions.receiveUpload(from: "c") != nil)
    }
}
