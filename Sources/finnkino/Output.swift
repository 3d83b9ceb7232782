import AppPatterns
import FinnkinoKit
import Foundation

/// Writes a command's result: text or JSON on standard output, notes on standard error.
struct Output {
    let json: Bool

    func text(_ text: String) {
        print(text)
    }

    func encoded(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let data = try encoder.encode(value)
        print(String(decoding: data, as: UTF8.self))
    }

    /// Prints the value as JSON, or `render`'s text; adds a note when the data is stale.
    func show<Value: Encodable>(_ loaded: Loaded<Value>, render: (Value) -> String) throws {
        if let note = HumanFormat.staleNote(loaded) { note.writeToStandardError() }
        if json { try encoded(loaded.value) } else { text(render(loaded.value)) }
    }
}

extension String {
    func writeToStandardError() {
        FileHandle.standardError.write(Data((self + "\n").utf8))
    }
}
