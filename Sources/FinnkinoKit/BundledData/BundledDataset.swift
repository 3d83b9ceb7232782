import AppPatterns
import Foundation

/// The files of the bundled dataset: finds the folder, reads the manifest, and loads, decompresses
/// and indexes each file once, on first use, keeping it in memory. Only files the manifest lists
/// are ever read, so no request path can reach outside the dataset.
///
/// The schedule days are the exception: 14 days take 27 MB a language decompressed, more than
/// half of a hosted server's heap, though the server reads each answer of the transport once per
/// cache period. Their indexes are kept (which shows a day has, where); their bytes only for the
/// days read last (``scheduleDocumentBytes``), and read and decompressed again (about 5 ms for a
/// day) when asked for after that.
final class BundledDataset: @unchecked Sendable {
    /// The decompressed schedule days kept at most, in bytes: one day (the largest of the bundled
    /// dataset is 2.25 MB), what indexing a day and reading its shows for the answer being made
    /// share, and the next answers for the same day. Not more: an answer of several days reads each
    /// once, and a few days kept by recency over a read of 14 in turn keep none of them, while a
    /// server makes each answer once a cache period and keeps what it decoded. With 8 MB, the
    /// hosted benchmark's server held 6.2 MB of days after the load (docs/PERFORMANCE.md, "One
    /// schedule day kept").
    static let scheduleDocumentBytes = 3 << 20

    let root: URL
    let manifest: BundledManifest
    let anchor: LocalDate
    private let listedFiles: Set<String>

    // Guarded by `lock`.
    private let lock = NSLock()
    private var raw: [String: [UInt8]] = [:]
    private var scheduleDays: [String: ScheduleDayIndex] = [:]
    /// The bytes of the schedule days read last, by path (a cache of its own lock).
    private let scheduleDocuments: MemoryCache<String, WireBytes>
    private var eventLists: [String: EventListIndex] = [:]
    private var newsDocuments: [String: NewsIndex] = [:]

    /// The dataset shipped inside FinnkinoKit.
    static func bundledRoot() throws(BundledDatasetError) -> URL {
        guard let url = Bundle.module.url(forResource: "Bundled", withExtension: nil) else {
            throw BundledDatasetError("bundled dataset: the resource folder `Bundled` is missing from FinnkinoKit")
        }
        return url
    }

    /// The dataset in `root`, keeping at most `scheduleDocumentBytes` of schedule days' bytes.
    init(root: URL, scheduleDocumentBytes: Int = BundledDataset.scheduleDocumentBytes) throws(BundledDatasetError) {
        self.root = root
        scheduleDocuments = MemoryCache(costLimit: scheduleDocumentBytes)
        let manifestURL = root.appendingPathComponent("manifest.json")
        let manifest: BundledManifest
        do {
            manifest = try JSONDecoder().decode(BundledManifest.self, from: Data(contentsOf: manifestURL))
        } catch {
            throw BundledDatasetError("\(manifestURL.path): unreadable manifest (\(error))")
        }
        guard manifest.formatVersion == BundledManifest.supportedFormatVersion else {
            throw BundledDatasetError(
                "\(manifestURL.path): format version \(manifest.formatVersion), expected \(BundledManifest.supportedFormatVersion)"
            )
        }
        guard let anchor = LocalDate(iso: manifest.anchorDate) else {
            throw BundledDatasetError("\(manifestURL.path): anchorDate `\(manifest.anchorDate)` is not yyyy-mm-dd")
        }
        guard manifest.scheduleDays.count == manifest.dayCount,
            manifest.languages.values.allSatisfy({ $0.schedule.count == manifest.dayCount })
        else {
            throw BundledDatasetError("\(manifestURL.path): schedule files do not match dayCount \(manifest.dayCount)")
        }
        self.manifest = manifest
        self.anchor = anchor
        listedFiles = Set(manifest.files.map(\.path))
    }

    /// The documents for a language code (`fi`, `en`, `sv`), following fallbacks; nil if unknown.
    func documents(for language: String) -> BundledManifest.Documents? {
        if let documents = manifest.languages[language] { return documents }
        guard let fallback = manifest.languageFallbacks[language] else { return nil }
        return manifest.languages[fallback]
    }

    /// The listed files whose paths start with `prefix`, in order.
    func files(under prefix: String) -> [String] {
        listedFiles.filter { $0.hasPrefix(prefix) }.sorted()
    }

    /// True when `path` (relative) is a file of the dataset.
    func contains(_ path: String) -> Bool {
        listedFiles.contains(path)
    }

    /// The bytes of a listed file, decompressed when it ends in `.gz`; kept for the next time
    /// unless `keep` is false (an image: 5 MB in all, each asked for once by whoever caches it).
    func bytes(_ path: String, keep: Bool = true) throws(BundledDatasetError) -> [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        return try loadLocked(path, keep: keep)
    }

    /// Which shows the schedule day of `path` has, and where in its bytes.
    func scheduleDay(_ path: String) throws(BundledDatasetError) -> ScheduleDayIndex {
        lock.lock()
        defer { lock.unlock() }
        if let index = scheduleDays[path] { return index }
        let document = WireBytes(try loadLocked(path, keep: false))
        let index = try ScheduleDayIndex(document, name: path)
        scheduleDays[path] = index
        scheduleDocuments.set(document, for: path, cost: document.bytes.count)
        return index
    }

    /// The bytes of schedule days kept now.
    var keptScheduleBytes: Int { scheduleDocuments.totalCost }

    /// The bytes of the schedule day of `path`, which ``scheduleDay(_:)``'s ranges point into.
    func scheduleDocument(_ path: String) throws(BundledDatasetError) -> WireBytes {
        if let document = scheduleDocuments.value(for: path) { return document }
        let document: WireBytes
        do {
            lock.lock()
            defer { lock.unlock() }
            document = WireBytes(try loadLocked(path, keep: false))
        }
        scheduleDocuments.set(document, for: path, cost: document.bytes.count)
        return document
    }

    func eventList(_ path: String) throws(BundledDatasetError) -> EventListIndex {
        lock.lock()
        defer { lock.unlock() }
        if let index = eventLists[path] { return index }
        let index = try EventListIndex(try loadLocked(path, keep: false), name: path)
        eventLists[path] = index
        return index
    }

    func news(_ path: String) throws(BundledDatasetError) -> NewsIndex {
        lock.lock()
        defer { lock.unlock() }
        if let index = newsDocuments[path] { return index }
        let index = NewsIndex(try loadLocked(path, keep: false), name: path)
        newsDocuments[path] = index
        return index
    }

    private func loadLocked(_ path: String, keep: Bool = true) throws(BundledDatasetError) -> [UInt8] {
        if let bytes = raw[path] { return bytes }
        guard listedFiles.contains(path) else {
            throw BundledDatasetError("bundled dataset: `\(path)` is not a file of the dataset")
        }
        let url = root.appendingPathComponent(path)
        var data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw BundledDatasetError("\(url.path): cannot read (\(error.localizedDescription))")
        }
        if path.hasSuffix(".gz") {
            do {
                data = try Gzip.decompress(data)
            } catch {
                throw BundledDatasetError("\(url.path): \(error.description)")
            }
        }
        let bytes = [UInt8](data)
        if keep { raw[path] = bytes }
        return bytes
    }
}
