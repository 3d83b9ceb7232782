import FinnkinoKit
import Foundation

/// The person's videos in the library, with their files and thumbnails: in the document with the
/// address each downloads from (the files are not inside). A person with videos is kept from the
/// sweep of idle persons.
struct VideosData: PersonalData {
    let library: any VideoLibrary

    struct Video: Encodable, Sendable {
        let id: Int64
        let title: String
        let createdAt: Date
        let seconds: Double
        let width: Int
        let height: Int
        let bytes: Int64
        let edits: [String]
        /// Where the file downloads from, on this server.
        let download: String
    }

    var stores: [any PersonalStore] { [library] }

    func export(of person: PersonID, into document: inout PersonDataDocument) throws {
        document.add(
            "videos",
            try library.all(of: person).map {
                Video(
                    id: $0.id, title: $0.title, createdAt: $0.createdAt, seconds: $0.duration, width: $0.size.width,
                    height: $0.size.height, bytes: $0.bytes, edits: $0.edits,
                    download: WebRoute.video(id: $0.id).path(VideoQuery(download: true)))
            })
    }

    func erase(_ person: PersonID) async throws { try library.erase(person) }

    func personsKept(among persons: [PersonID]) throws -> Set<PersonID> {
        try library.personsWithVideos(among: persons)
    }
}
