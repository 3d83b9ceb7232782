import AppPatterns
import Foundation
import Testing

@testable import finnkino

@Suite struct StreamingJSONEncoderTests {
    private enum Mood: String, Codable, Sendable { case calm, loud }

    private struct Inner: Codable, Equatable, Sendable {
        var name: String
        var tags: [String]
    }

    /// Every kind of value a model holds.
    private struct Sample: Codable, Equatable, Sendable {
        var id: Int
        var text: String
        var missing: String?
        var present: Int?
        var maybeFlag: Bool?
        var maybeRatio: Double?
        var maybeWhen: Date?
        var maybeInner: Inner?
        var maybeMood: Mood?
        var flag: Bool
        var ratio: Double
        var whole: Double
        var small: Float
        var extremes: [Int64]
        var unsigned: UInt64
        var mood: Mood
        var when: Date
        var link: URL
        var inner: Inner
        var inners: [Inner]
        var empty: [Int]
        var table: [String: Int]
        var nested: [[Int]]
    }

    private static let date: @Sendable (Date) -> String = { "t\(Int($0.timeIntervalSince1970))" }

    private func sample(_ id: Int) -> Sample {
        Sample(
            id: id, text: "quote \" backslash \\ newline \n tab \t bell \u{07} slash / é 😀", missing: nil,
            present: 42, maybeFlag: id % 2 == 0 ? false : nil, maybeRatio: id % 2 == 0 ? nil : 0.5,
            maybeWhen: id % 2 == 0 ? Date(timeIntervalSince1970: 1_600_000_000) : nil,
            maybeInner: id % 2 == 0 ? nil : Inner(name: "maybe", tags: ["c"]), maybeMood: id % 2 == 0 ? .calm : nil,
            flag: id % 2 == 0, ratio: 0.1, whole: 7, small: 2.5,
            extremes: [.min, -1, 0, .max], unsigned: .max, mood: .loud,
            when: Date(timeIntervalSince1970: 1_700_000_000 + Double(id)),
            link: URL(
                string: "https://example.fi/a b?x=1&y=ä".addingPercentEncoding(
                    withAllowedCharacters: .urlQueryAllowed)!)!,
            inner: Inner(name: "in", tags: ["a", "b"]), inners: [Inner(name: "x", tags: [])], empty: [],
            table: ["b": 2, "a": 1], nested: [[1, 2], [], [3]])
    }

    private func foundationJSON(_ value: some Encodable) throws -> Any {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(Self.date(date))
        }
        return try JSONSerialization.jsonObject(with: encoder.encode(value), options: [.fragmentsAllowed])
    }

    private func streamed(_ value: some Encodable, pretty: Bool = false) throws -> String {
        String(decoding: try StreamingJSONEncoder.bytes(of: value, pretty: pretty, date: Self.date), as: UTF8.self)
    }

    private func parsed(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    }

    private func same(_ lhs: Any, _ rhs: Any) -> Bool {
        NSArray(array: [lhs]).isEqual(NSArray(array: [rhs]))
    }

    @Test func theJSONOfEveryKindOfValueIsFoundationsJSON() throws {
        // Given values with every kind of field, escapes and extremes included
        for value in [sample(1), sample(2)] {
            // When written by the streaming encoder, compact and pretty
            for pretty in [false, true] {
                let text = try streamed(value, pretty: pretty)
                // Then a JSON reader gets what it gets from Foundation's encoder of the same value
                #expect(same(try parsed(text), try foundationJSON(value)), "\(text)")
                // And Foundation's decoder reads the value back
                let decoder = JSONDecoder()
                decoder.dateDecodingStrategy = .custom { decoder in
                    let text = try decoder.singleValueContainer().decode(String.self)
                    return Date(timeIntervalSince1970: Double(text.dropFirst())!)
                }
                #expect(try decoder.decode(Sample.self, from: Data(text.utf8)) == value)
            }
        }
    }

    @Test func keysComeInTheOrderOfTheProperties() throws {
        struct Ordered: Encodable {
            var zebra = 1
            var apple = "a"
            var missing: Int? = nil
        }
        #expect(try streamed(Ordered()) == #"{"zebra":1,"apple":"a"}"#)
    }

    @Test func stringsEscapeOnlyWhatJSONRequires() throws {
        #expect(try streamed("a\"b\\c\nd\re\tf\u{08}g\u{0C}h\u{01}i/j é😀") == #""a\"b\\c\nd\re\tf\bg\fh\u0001i/j é😀""#)
    }

    @Test func numbersAreWrittenAsFoundationWritesThem() throws {
        #expect(try streamed([7.0, -2.0, 0.5]) == "[7,-2,0.5]")
        #expect(try streamed([Int.min, 0, Int.max]) == "[\(Int.min),0,\(Int.max)]")
        #expect(try streamed(UInt64.max) == "18446744073709551615")
        #expect(try streamed(Float(1.25)) == "1.25")
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func aNumberJSONCannotHoldIsRefused(number: Double) throws {
        #expect(throws: EncodingError.self) { try streamed(["x": number]) }
    }

    @Test func prettyOutputIndentsTwoSpacesALevel() throws {
        let value = Inner(name: "n", tags: ["a"])
        let expected = """
            [
              {
                "name": "n",
                "tags": [
                  "a"
                ]
              },
              {
                "name": "e",
                "tags": []
              }
            ]
            """
        #expect(try streamed([value, Inner(name: "e", tags: [])], pretty: true) == expected)
    }

    @Test func aValueThatEncodesNothingIsAnEmptyObject() throws {
        struct Nothing: Encodable {
            func encode(to encoder: any Encoder) throws {}
        }
        #expect(try streamed([Nothing()]) == "[{}]")
    }

    @Test func nestedContainersAndSuperEncodersCloseWhereTheyBelong() throws {
        struct Manual: Encodable {
            enum Keys: String, CodingKey { case first, box, list, parent, last }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                try container.encode(1, forKey: .first)
                var box = container.nestedContainer(keyedBy: Keys.self, forKey: .box)
                try box.encode("inside", forKey: .first)
                var list = container.nestedUnkeyedContainer(forKey: .list)
                try list.encode(true)
                var listBox = list.nestedContainer(keyedBy: Keys.self)
                try listBox.encode(2, forKey: .last)
                try list.encodeNil()
                try Inner(name: "super", tags: []).encode(to: container.superEncoder(forKey: .parent))
                try container.encode("end", forKey: .last)
            }
        }
        let text = try streamed(Manual())
        #expect(same(try parsed(text), try foundationJSON(Manual())), "\(text)")
        #expect(
            text
                == #"{"first":1,"box":{"first":"inside"},"list":[true,{"last":2},null],"parent":{"name":"super","tags":[]},"last":"end"}"#
        )
    }

    @Test func aLongListIsHandedOnInPiecesAsItIsWritten() throws {
        // Given an encoder that hands on 1 KB pieces
        var pieces: [Int] = []
        var output: [UInt8] = []
        let encoder = StreamingJSONEncoder(chunkSize: 1_024, date: Self.date) { bytes in
            pieces.append(bytes.count)
            output.append(contentsOf: bytes)
        }
        // When 20,000 numbers are written as one array
        try encoder.writeLine(Array(0..<20_000))
        try encoder.flush()
        // Then the text came in many pieces, none much larger than asked, and is the whole array
        #expect(pieces.count > 100)
        #expect(pieces.max()! < 1_100)
        #expect(
            String(decoding: output, as: UTF8.self) == "[" + (0..<20_000).map(String.init).joined(separator: ",")
                + "]\n")
    }

    @Test(arguments: [false, true])
    func aListWrittenOnAllCoresIsTheSameTextAsTheWholeArray(pretty: Bool) async throws {
        // Given 1,000 values (several batches) and none
        let values = (0..<1_000).map(sample)
        for list in [values, []] {
            // When written as a list, as an array and as lines
            let array = try await written(pretty: pretty) { try await $0.writeList(list, as: .array) }
            let lines = try await written(pretty: pretty) { try await $0.writeList(list, as: .lines) }
            // Then the array is the array written at once, and the lines are the items one by one, in order
            #expect(array == (try streamed(list, pretty: pretty)) + "\n")
            #expect(lines == (try list.map { try streamed($0, pretty: pretty) + "\n" }.joined()))
        }
    }

    @Test(arguments: [false, true])
    func aListOfWhatIsMadeOfEachItemIsTheListOfThoseValues(pretty: Bool) async throws {
        // Given 1,000 numbers (several batches), each made into a value as it is encoded
        let ids = Array(0..<1_000)
        let make: @Sendable (Int) -> Sample = { id in
            let parity = id % 2 == 0 ? "even" : "odd"
            return Sample(
                id: id, text: parity, missing: nil, present: id, maybeFlag: nil, maybeRatio: nil, maybeWhen: nil,
                maybeInner: nil, maybeMood: nil, flag: false, ratio: 1, whole: 2, small: 3, extremes: [],
                unsigned: 0, mood: .calm, when: Date(timeIntervalSince1970: 0), link: URL(string: "https://x.fi")!,
                inner: Inner(name: parity, tags: []), inners: [], empty: [], table: [:], nested: [])
        }
        // When written as a list of what is made of each, as an array and as lines
        let array = try await written(pretty: pretty) { try await $0.writeList(ids, as: .array, each: make) }
        let lines = try await written(pretty: pretty) { try await $0.writeList(ids, as: .lines, each: make) }
        // Then they are the lists of the made values, in order
        let values = ids.map(make)
        #expect(array == (try await written(pretty: pretty) { try await $0.writeList(values, as: .array) }))
        #expect(lines == (try await written(pretty: pretty) { try await $0.writeList(values, as: .lines) }))
        #expect(array.contains("\"id\":999") || array.contains("\"id\": 999"))
    }

    private func written(pretty: Bool, _ body: (StreamingJSONEncoder) async throws -> Void) async throws -> String {
        let output = Collected()
        let encoder = StreamingJSONEncoder(pretty: pretty, date: Self.date) { output.bytes.append(contentsOf: $0) }
        try await body(encoder)
        return String(decoding: output.bytes, as: UTF8.self)
    }

    private final class Collected {
        var bytes: [UInt8] = []
    }
}
