import Foundation

/// The bundled dataset's trailer clips and the editor's music tunes, as files ffmpeg and the web
/// app can read. Only files the dataset's manifest lists are ever named.
public struct BundledMedia: Sendable {
    /// A tune of the editor's music menu.
    public struct Tune: Sendable, Hashable {
        /// `aamu`: what `--music` and the web form take.
        public var name: String
        public var file: URL
    }

    private let root: URL
    private let listed: Set<String>

    /// The dataset inside FinnkinoKit's resources. Its manifest is read on each call: a program
    /// makes one where it starts (the web app's routes, a command's `run`) and hands it on.
    public static func bundled() throws(BundledDatasetError) -> BundledMedia {
        try BundledMedia(root: try BundledDataset.bundledRoot())
    }

    init(root: URL) throws(BundledDatasetError) {
        let dataset = try BundledDataset(root: root)
        self.root = root
        listed = Set(dataset.manifest.files.map(\.path))
    }

    /// The clip file of `video` when it is one of the dataset's (`bundled:///media/…mp4`).
    public func clip(_ video: EventVideo) -> URL? {
        let prefix = "bundled:///"
        guard video.format == "Mp4", video.location.hasPrefix(prefix + "media/") else { return nil }
        let path = String(video.location.dropFirst(prefix.count))
        guard listed.contains(path) else { return nil }
        return root.appendingPathComponent(path)
    }

    /// The event's bundled trailer clip, if it has one.
    public func trailer(of event: Event) -> URL? {
        event.videos.lazy.compactMap(clip).first
    }

    /// The music menu, by name.
    public var tunes: [Tune] {
        listed.filter { $0.hasPrefix("music/") && $0.hasSuffix(".m4a") }.sorted().map { path in
            Tune(
                name: String(path.dropFirst("music/".count).dropLast(".m4a".count)),
                file: root.appendingPathComponent(path))
        }
    }

    public func tune(named name: String) -> Tune? {
        tunes.first { $0.name == name.lowercased() }
    }
}
