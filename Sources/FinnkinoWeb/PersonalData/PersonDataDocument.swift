import FinnkinoKit
import Foundation

/// "Download my data": everything the server keeps of a person, as one JSON document
/// (`docs/HOSTING.md` describes it field by field). Each kind of ``PersonalData`` in the
/// registry adds its fields; the videos' files are not inside, each video names the address it
/// downloads from.
struct PersonDataDocument: Encodable, Sendable {
    /// The version of this document.
    static let format = "finnkino-person-data/1"

    let exportedAt: Date
    private var fields: [String: Field] = [:]

    /// A document of `person` with every kind in `registry`.
    init(of person: PersonID, registry: PersonalDataRegistry, now: Date) throws {
        exportedAt = now
        for kind in registry.kinds { try kind.export(of: person, into: &self) }
    }

    /// The fields the kinds added, by name.
    var names: Set<String> { Set(fields.keys) }

    /// Adds the field `name`; nothing for nil (the field is then left out). Each field is one
    /// kind's: a second kind adding one of the same name is a mistake of the code, and stops it.
    mutating func add(_ name: String, _ value: (some Encodable & Sendable)?) {
        precondition(fields[name] == nil && name != "format" && name != "exportedAt", "\(name) added twice")
        guard let value else { return }
        fields[name] = Field(value: value)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Name.self)
        try container.encode(Self.format, forKey: Name("format"))
        try container.encode(exportedAt, forKey: Name("exportedAt"))
        for (name, field) in fields { try container.encode(field, forKey: Name(name)) }
    }

    /// The document as pretty JSON with sorted keys and ISO 8601 dates (UTC).
    func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(self)
    }

    private struct Field: Encodable, Sendable {
        let value: any Encodable & Sendable

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(value)
        }
    }

    private struct Name: CodingKey {
        let stringValue: String
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }
}
