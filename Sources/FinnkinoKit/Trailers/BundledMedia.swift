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
        // (A file, said so: a URL left to find out asks the file system on every call.)
        clipPath(video).map { root.appendingPathComponent($0, isDirectory: false) }
    }

    /// The event's bundled trailer clip, if it has one.
    public func trailer(of event: Event) -> URL? {
        event.videos.lazy.compactMap(clip).first
    }

    /// Whether the event has a bundled trailer clip (a movie page's button), told without a file
    /// name made.
    public func hasTrailer(_ event: Event) -> Bool {
        event.videos.contains { clipPath($0) != nil }
    }

    /// The dataset path of `video`'s clip (`media/…mp4`) when it is one of the dataset's.
    private func clipPath(_ video: EventVideo) -> String? {
        let prefix = "bundled:///"
        guard video.format == "Mp4", video.location.hasPrefix(prefix + "media/") else { return nil }
        let path = String(video.location.dropFirst(prefix.count))
        return listed.contains(path) ? path : nil
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
