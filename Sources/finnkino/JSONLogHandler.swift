import Foundation
import Logging
import NIOConcurrencyHelpers

/// `serve --log-format json`: one JSON object a line on standard error, for log shippers
/// (journald's `MESSAGE`, Vector, Fluent Bit, Loki):
/// `{"label":"finnkino.web","level":"info","message":"…","metadata":{…},"time":"2026-11-28T16:05:09.123Z"}`.
/// Keys sorted; the time in UTC with milliseconds; metadata flattened to strings (a nested value
/// as its description). A message's own line breaks stay inside its string, escaped.
struct JSONLogHandler: LogHandler {
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info
    let label: String
    private let write: @Sendable (String) -> Void

    /// The handler writing to standard error, one line at a time.
    init(label: String) {
        self.init(label: label) { line in
            Self.standardError.withLockedValue { _ in FileHandle.standardError.write(Data(line.utf8)) }
        }
    }

    init(label: String, write: @escaping @Sendable (String) -> Void) {
        self.label = label
        self.write = write
    }

    private static let standardError = NIOLockedValueBox(())

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    private struct Line: Encodable {
        var time: String
        var level: String
        var label: String
        var message: String
        var error: String?
        var metadata: [String: String]?
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
        let line = Line(
            time: Date().formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)),
            level: event.level.rawValue, label: label, message: event.message.description,
            error: event.error.map { String(describing: $0) },
            metadata: merged.isEmpty ? nil : merged.mapValues { "\($0)" })
        guard let data = try? Self.encoder.encode(line) else { return }
        write(String(decoding: data, as: UTF8.self) + "\n")
    }
}
