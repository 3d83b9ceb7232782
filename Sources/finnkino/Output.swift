import AppPatterns
import FinnkinoKit
import Foundation

/// Writes a command's result on standard output, as text, JSON or JSON Lines; notes go to
/// standard error. The JSON of each command is described by its schema in `docs/json/`.
struct Output {
    enum Format {
        case text
        /// One JSON document, indented.
        case json
        /// One JSON object a line: a list item by item, as it is written (nothing is held whole).
        case jsonLines
    }

    let format: Format
    private let json: StreamingJSONEncoder

    init(_ format: Format) {
        self.format = format
        json = Self.jsonEncoder(pretty: format == .json)
    }

    init(_ global: GlobalOptions) { self.init(global.outputFormat) }

    /// Whether the result is written as JSON (either form).
    var isJSON: Bool { format != .text }

    /// The JSON of every command: calendar days as `"2026-11-24"` (``LocalDate``), instants as
    /// ISO 8601 with Helsinki's offset (`"2026-11-24T18:30:00+02:00"`), keys in the order of the
    /// model's properties. Written to standard output in 64 KB pieces as it is made, so a long
    /// list is never held whole. (Straight to the file descriptor, not through `print`'s buffer: a
    /// run writes either JSON or text, never both.)
    static func jsonEncoder(pretty: Bool) -> StreamingJSONEncoder {
        StreamingJSONEncoder(pretty: pretty, date: HelsinkiTime.iso8601) { bytes in
            try FileHandle.standardOutput.write(contentsOf: bytes)
        }
    }

    func text(_ text: String) {
        print(text)
    }

    /// One value as JSON (on one line with `--json-lines`).
    func encoded(_ value: some Encodable) throws {
        try json.writeLine(value)
        try json.flush()
    }

    /// A list as one JSON array, or with `--json-lines` one item a line (encoded on all cores).
    func list<Element: Encodable & Sendable>(_ items: [Element]) async throws {
        try await list(items) { $0 }
    }

    /// The list of what `each` makes of the items, each made as it is encoded (on all cores).
    func list<Item: Sendable, Element: Encodable & Sendable>(
        _ items: [Item], each: @escaping @Sendable (Item) -> Element
    ) async throws {
        try await json.writeList(items, as: format == .jsonLines ? .lines : .array, each: each)
    }

    /// Prints the value as JSON, or `render`'s text; adds a note when the data is stale.
    func show<Value: Encodable>(_ loaded: Loaded<Value>, render: (Value) -> String) throws {
        if let note = Terminal.staleNote(loaded) { note.writeToStandardError() }
        if isJSON { try encoded(loaded.value) } else { text(render(loaded.value)) }
    }

    /// Prints the list as JSON (an array, or one item a line), or `render`'s text; adds a note
    /// when the data is stale.
    func showList<Element: Encodable & Sendable>(_ loaded: Loaded<[Element]>, render: ([Element]) -> String)
        async throws
    {
        if isJSON { return try await showJSON(loaded) }
        if let note = Terminal.staleNote(loaded) { note.writeToStandardError() }
        text(render(loaded.value))
    }

    /// Prints the list as JSON whatever the format asked (a command with only a JSON form of it);
    /// adds a note when the data is stale.
    func showJSON<Element: Encodable & Sendable>(_ loaded: Loaded<[Element]>) async throws {
        try await showJSON(loaded) { $0 }
    }

    /// ``showJSON(_:)`` of what `each` makes of the items.
    func showJSON<Item: Sendable, Element: Encodable & Sendable>(
        _ loaded: Loaded<[Item]>, each: @escaping @Sendable (Item) -> Element
    ) async throws {
        if let note = Terminal.staleNote(loaded) { note.writeToStandardError() }
        try await list(loaded.value, each: each)
    }
}

extension String {
    func writeToStandardError() {
        FileHandle.standardError.write(Data((self + "\n").utf8))
    }
}
