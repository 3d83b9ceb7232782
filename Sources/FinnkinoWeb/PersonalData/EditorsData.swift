import FinnkinoKit
import FinnkinoPresentation
import Foundation

/// The person's open editors (on this instance) and their export jobs (everywhere): in the
/// document with their texts but never a server path; erased first, so that a worker running an
/// export of theirs stops and keeps nothing, with the files they sent.
struct EditorsData: PersonalData {
    let sessions: EditorSessions

    /// What a video in the making is made of: never the server's path of a file, only its name.
    struct Work: Encodable, Sendable {
        /// The name shown of what is edited (the movie's title, or the name of the file sent).
        let source: String
        /// The name of the file the person sent, as it was named on their device; absent for a
        /// trailer of the programme (and for an export job, which keeps only the title).
        let file: String?
        let edits: [String]
        /// The texts laid over the video.
        let texts: [String]
    }

    /// An export of a video, queued, running or finished.
    struct Job: Encodable, Sendable {
        let id: Int64
        /// `queued`, `running`, `done`, `failed` or `cancelled`.
        let state: String
        let video: Work
        let message: String?
        let videoID: Int64?
    }

    /// An editor open on this server.
    struct Editor: Encodable, Sendable {
        let lastUsedAt: Date
        let video: Work
    }

    var stores: [any PersonalStore] { [sessions.jobs] }

    func export(of person: PersonID, into document: inout PersonDataDocument) throws {
        document.add(
            "exportJobs",
            try sessions.jobs.jobs(of: person).map {
                Job(
                    id: $0.id, state: $0.state.rawValue, video: Self.work($0.composition, file: nil, edits: $0.edits),
                    message: $0.message, videoID: $0.videoID)
            })
        document.add(
            "editors",
            sessions.sessions(of: person).map {
                Editor(
                    lastUsedAt: $0.lastUsed,
                    video: Self.work(
                        $0.menu.composition, file: $0.uploadName,
                        edits: $0.menu.edits.map(EditorStrings.english.summary)))
            })
    }

    func erase(_ person: PersonID) async throws {
        try sessions.closeAll(of: person)
    }

    /// What a composition is made of: its title, the name of the file sent, never a server path.
    private static func work(_ composition: Composition, file: String?, edits: [String]) -> Work {
        Work(source: composition.source.title, file: file, edits: edits, texts: composition.texts.map(\.text))
    }
}
