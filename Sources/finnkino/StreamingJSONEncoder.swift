import Foundation

/// Writes `Encodable` values as JSON bytes and hands them on in chunks as it goes, so a long list
/// is never held whole and no tree of intermediate values is built.
///
/// Foundation's `JSONEncoder` first builds a tree of every value, then sorts and serialises it,
/// then returns all of it at once: for the CLI's `--json` of a 10 MB schedule that took more time
/// than reading the schedule (docs/PERFORMANCE.md). This encoder writes each value the moment the
/// type's `encode(to:)` gives it.
///
/// What it writes:
/// - keys in the order `encode(to:)` writes them (for a synthesized conformance, the order of the
///   stored properties), not sorted;
/// - `Date` as the string `date` makes of it, `URL` as its absolute string (as `JSONEncoder`);
/// - whole-valued floating-point numbers without a fraction (`7`, as `JSONEncoder`); non-finite
///   numbers are refused, as JSON has none;
/// - strings as UTF-8 with `"`, `\` and control characters escaped, `/` not escaped;
/// - a value that encodes nothing as `{}`;
/// - with `pretty`, two spaces of indentation a level and `"key": value`.
///
/// A list can be written with ``writeList(_:as:)``, which encodes its items on all cores at once.
///
/// One pass: a container is written to in order. Writing to a nested container or super encoder
/// after a later member of its parent, or to any container after its value is done, is a
/// programming error and traps (Foundation's encoder, which keeps every value until the end,
/// allows it). A key written twice appears twice. `Data` is written as its `Encodable` form, an
/// array of numbers (Foundation: Base64), and a dictionary's keys in its own order.
///
/// When encoding throws, what was written before the failure has already been handed on.
final class StreamingJSONEncoder {
    /// How ``writeList(_:as:)`` writes a list.
    enum ListForm: Sendable {
        /// One JSON array, followed by a newline.
        case array
        /// One item a line (JSON Lines).
        case lines
    }

    private let pretty: Bool
    private let formatDate: @Sendable (Date) -> String
    private let chunkSize: Int
    private let write: (UnsafeRawBufferPointer) throws -> Void
    /// Appended to for every value; one encoder is used by one task at a time, so the runtime's
    /// exclusivity check of each access (a thread-local lookup) is left out.
    @exclusivity(unchecked) fileprivate var bytes: [UInt8] = []

    /// - Parameters:
    ///   - pretty: indent nested values, one a line.
    ///   - chunkSize: bytes gathered before they are handed to `write`.
    ///   - date: the text of a date.
    ///   - write: takes the next piece of the output.
    init(
        pretty: Bool = false, chunkSize: Int = 64 << 10, date: @escaping @Sendable (Date) -> String,
        write: @escaping (UnsafeRawBufferPointer) throws -> Void
    ) {
        self.pretty = pretty
        self.chunkSize = max(chunkSize, 1)
        formatDate = date
        self.write = write
        bytes.reserveCapacity(min(self.chunkSize, 64 << 10) + 4_096)
    }

    /// Writes `value` as one JSON text followed by a newline (one line of JSON Lines, unless
    /// `pretty`).
    func writeLine<T: Encodable>(_ value: T) throws {
        try writeValue(value, parent: nil, key: nil, depth: 0)
        bytes.append(0x0A)
        try flushIfFull()
    }

    /// Hands on what is gathered. Call it once the last value is written.
    func flush() throws {
        guard !bytes.isEmpty else { return }
        try bytes.withUnsafeBytes { try write($0) }
        bytes.removeAll(keepingCapacity: true)
    }

    /// `value` as JSON bytes, without a trailing newline.
    static func bytes<T: Encodable>(
        of value: T, pretty: Bool = false, date: @escaping @Sendable (Date) -> String
    ) throws -> [UInt8] {
        var output: [UInt8] = []
        let encoder = StreamingJSONEncoder(pretty: pretty, date: date) { output.append(contentsOf: $0) }
        try encoder.writeLine(value)
        try encoder.flush()
        output.removeLast()
        return output
    }

    /// Writes `items` as ``writeLine(_:)`` writes the array (`.array`) or each item (`.lines`),
    /// but encodes them in batches on all cores at once, writing the batches in order. At most a
    /// few batches are held at a time.
    func writeList<T: Encodable & Sendable>(_ items: [T], as form: ListForm) async throws {
        try await writeList(items, as: form) { $0 }
    }

    /// ``writeList(_:as:)`` of what `each` makes of every item, made in its batch as it is
    /// encoded: no second list of the whole is made first, one item after the other.
    func writeList<Item: Sendable, T: Encodable & Sendable>(
        _ items: [Item], as form: ListForm, each: @escaping @Sendable (Item) -> T
    ) async throws {
        let batchSize = 128
        let batches = stride(from: 0, to: items.count, by: batchSize).map { $0..<min($0 + batchSize, items.count) }
        // One batch more than there are cores, so that no core waits for the batch to be written next.
        let window = ProcessInfo.processInfo.activeProcessorCount + 1
        let pretty = pretty
        let date = formatDate
        if form == .array { bytes.append(UInt8(ascii: "[")) }
        try await withThrowingTaskGroup(of: (Int, [UInt8]).self) { group in
            var started = 0
            var written = 0
            var finished: [Int: [UInt8]] = [:]
            while started < min(window, batches.count) {
                let index = started
                group.addTask {
                    (index, try Self.encode(items[batches[index]], each, form, first: index == 0, pretty, date))
                }
                started += 1
            }
            while written < batches.count, let (index, batch) = try await group.next() {
                finished[index] = batch
                while let next = finished.removeValue(forKey: written) {
                    bytes.append(contentsOf: next)
                    written += 1
                    try flushIfFull()
                    if started < batches.count {
                        let index = started
                        group.addTask {
                            (index, try Self.encode(items[batches[index]], each, form, first: index == 0, pretty, date))
                        }
                        started += 1
                    }
                }
            }
        }
        if form == .array {
            close(UInt8(ascii: "]"), count: items.count, depth: 0)
            bytes.append(0x0A)
        }
        try flush()
    }

    /// One batch of a list, as ``writeList(_:as:)`` writes it.
    private static func encode<Item, T: Encodable>(
        _ items: ArraySlice<Item>, _ each: (Item) -> T, _ form: ListForm, first: Bool, _ pretty: Bool,
        _ date: @escaping @Sendable (Date) -> String
    ) throws -> [UInt8] {
        let encoder = StreamingJSONEncoder(pretty: pretty, chunkSize: .max, date: date) { _ in }
        for (offset, item) in items.enumerated() {
            switch form {
            case .array:
                encoder.separate(isFirst: first && offset == 0, depth: 1)
                try encoder.writeValue(each(item), parent: nil, key: nil, depth: 1)
            case .lines:
                try encoder.writeValue(each(item), parent: nil, key: nil, depth: 0)
                encoder.bytes.append(0x0A)
            }
        }
        return encoder.bytes
    }

    fileprivate func flushIfFull() throws {
        if bytes.count >= chunkSize { try flush() }
    }

    // MARK: Values

    fileprivate func writeValue<T: Encodable>(
        _ value: T, parent: Frame?, key: (any CodingKey)?, depth: Int
    ) throws {
        // Comparing types, not casting: a cast costs a runtime lookup for every nested value.
        // (The bit casts are of a value to its own type.)
        if T.self == String.self {
            writeString(unsafeBitCast(value, to: String.self))
        } else if T.self == Date.self {
            writeString(formatDate(unsafeBitCast(value, to: Date.self)))
        } else if T.self == URL.self {
            writeString(unsafeBitCast(value, to: URL.self).absoluteString)
        } else {
            let frame = Frame(encoder: self, parent: parent, key: key, depth: depth)
            try value.encode(to: frame)
            frame.finish()
        }
    }

    fileprivate func writeString(_ text: String) {
        var text = text
        bytes.append(0x22)
        text.withUTF8 { utf8 in
            var start = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                appendEscaped(byte)
                start = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        bytes.append(0x22)
    }

    private func appendEscaped(_ byte: UInt8) {
        bytes.append(0x5C)
        switch byte {
        case 0x22, 0x5C: bytes.append(byte)
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        default:
            let hex = Array("0123456789abcdef".utf8)
            bytes.append(contentsOf: [UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]])
        }
    }

    fileprivate func writeInteger<T: FixedWidthInteger>(_ value: T) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = UInt64(truncatingIfNeeded: value.magnitude)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = digits.count
            repeat {
                start -= 1
                digits[start] = 0x30 + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    fileprivate func writeFloatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(
        _ value: T, _ frame: Frame
    ) throws {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(codingPath: frame.codingPath, debugDescription: "\(value) is not a JSON number"))
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
    }

    fileprivate func writeLiteral(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Before a member of an object or an array: the comma, and with `pretty` the line break and
    /// indentation.
    fileprivate func separate(isFirst: Bool, depth: Int) {
        if !isFirst { bytes.append(UInt8(ascii: ",")) }
        if pretty { newline(depth: depth) }
    }

    fileprivate func writeKey(_ key: String) {
        writeString(key)
        if pretty { writeLiteral(": ") } else { bytes.append(UInt8(ascii: ":")) }
    }

    /// Closes an object or array with `count` members.
    fileprivate func close(_ bracket: UInt8, count: Int, depth: Int) {
        if pretty, count > 0 { newline(depth: depth) }
        bytes.append(bracket)
    }

    private func newline(depth: Int) {
        bytes.append(0x0A)
        bytes.append(contentsOf: repeatElement(0x20, count: depth * 2))
    }
}

// MARK: - The Encoder

/// One value being encoded: what `encode(to:)` receives. It remembers which container the value
/// opened, to close it when the value is done, and a nested container or super encoder still
/// open in it, to close that before the next member.
private final class Frame: Encoder {
    enum Shape { case none, object, array, single }

    let encoder: StreamingJSONEncoder
    let parent: Frame?
    let key: (any CodingKey)?
    let depth: Int
    @exclusivity(unchecked) var shape = Shape.none
    @exclusivity(unchecked) var count = 0
    @exclusivity(unchecked) var openChild: Frame?
    @exclusivity(unchecked) var isFinished = false

    init(encoder: StreamingJSONEncoder, parent: Frame?, key: (any CodingKey)?, depth: Int) {
        self.encoder = encoder
        self.parent = parent
        self.key = key
        self.depth = depth
    }

    var codingPath: [any CodingKey] {
        var path: [any CodingKey] = []
        var frame: Frame? = self
        while let current = frame {
            if let key = current.key { path.append(key) }
            frame = current.parent
        }
        return path.reversed()
    }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        open(.object, "{")
        return KeyedEncodingContainer(ObjectContainer<Key>(frame: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        open(.array, "[")
        return ArrayContainer(frame: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        precondition(shape == .none || shape == .single, "a value asked for a single value after a container")
        shape = .single
        return SingleContainer(frame: self)
    }

    private func open(_ wanted: Shape, _ bracket: StaticString) {
        if shape == wanted { return }
        precondition(shape == .none, "a value asked for two kinds of container")
        shape = wanted
        encoder.writeLiteral(bracket)
    }

    /// Starts the next member: closes a nested container still open, then writes the separator
    /// and, in an object, the key.
    func beginMember(key: String?) {
        precondition(!isFinished, "a container was written to after its value was done")
        closeChild()
        encoder.separate(isFirst: count == 0, depth: depth + 1)
        if let key { encoder.writeKey(key) }
        count += 1
    }

    func closeChild() {
        openChild?.finish()
        openChild = nil
    }

    /// A member whose value is encoded by its own `encode(to:)`.
    func member<T: Encodable>(_ value: T, key: (any CodingKey)?) throws {
        try encoder.writeValue(value, parent: self, key: key, depth: depth + 1)
        try encoder.flushIfFull()
    }

    /// A frame for a nested container or super encoder, closed before the next member.
    func child(key: any CodingKey) -> Frame {
        let frame = Frame(encoder: encoder, parent: self, key: key, depth: depth + 1)
        openChild = frame
        return frame
    }

    func finish() {
        isFinished = true
        closeChild()
        switch shape {
        case .object: encoder.close(UInt8(ascii: "}"), count: count, depth: depth)
        case .array: encoder.close(UInt8(ascii: "]"), count: count, depth: depth)
        case .single where count > 0: break
        case .none, .single: encoder.writeLiteral("{}")
        }
    }
}

private struct IndexKey: CodingKey {
    var intValue: Int?
    var stringValue: String { String(intValue ?? 0) }
    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}

private struct SuperKey: CodingKey {
    var stringValue: String { "super" }
    var intValue: Int? { nil }
    init() {}
    init?(stringValue: String) { nil }
    init?(intValue: Int) { nil }
}

private struct ObjectContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let frame: Frame
    var codingPath: [any CodingKey] { frame.codingPath }
    private var encoder: StreamingJSONEncoder { frame.encoder }

    private func begin(_ key: Key) { frame.beginMember(key: key.stringValue) }

    mutating func encodeNil(forKey key: Key) throws {
        begin(key)
        encoder.writeLiteral("null")
    }
    mutating func encode(_ value: Bool, forKey key: Key) throws {
        begin(key)
        encoder.writeLiteral(value ? "true" : "false")
    }
    mutating func encode(_ value: String, forKey key: Key) throws {
        begin(key)
        encoder.writeString(value)
        try encoder.flushIfFull()
    }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        begin(key)
        try encoder.writeFloatingPoint(value, frame)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        begin(key)
        try encoder.writeFloatingPoint(value, frame)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { integer(value, key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { integer(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { integer(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { integer(value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { integer(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { integer(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { integer(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { integer(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { integer(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { integer(value, key) }

    private func integer<T: FixedWidthInteger>(_ value: T, _ key: Key) {
        begin(key)
        encoder.writeInteger(value)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        begin(key)
        try frame.member(value, key: key)
    }

    // The optional members a synthesized `encode(to:)` writes (most of a show's are): the
    // protocol's own `encodeIfPresent` asked the runtime for the optional's type each time
    // (7% of encoding a schedule's shows under `perf`).
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) }
    }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws {
        if let value { integer(value, key) }
    }
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        begin(key)
        return frame.child(key: key).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        begin(key)
        return frame.child(key: key).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        frame.beginMember(key: "super")
        return frame.child(key: SuperKey())
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        begin(key)
        return frame.child(key: key)
    }
}

/// The integer requirements of ``ArrayContainer`` and ``SingleContainer``, which write a member
/// the same way once it has begun.
private protocol PositionalContainer {
    func integer<T: FixedWidthInteger>(_ value: T)
}

extension PositionalContainer {
    mutating func encode(_ value: Int) throws { integer(value) }
    mutating func encode(_ value: Int8) throws { integer(value) }
    mutating func encode(_ value: Int16) throws { integer(value) }
    mutating func encode(_ value: Int32) throws { integer(value) }
    mutating func encode(_ value: Int64) throws { integer(value) }
    mutating func encode(_ value: UInt) throws { integer(value) }
    mutating func encode(_ value: UInt8) throws { integer(value) }
    mutating func encode(_ value: UInt16) throws { integer(value) }
    mutating func encode(_ value: UInt32) throws { integer(value) }
    mutating func encode(_ value: UInt64) throws { integer(value) }
}

private struct ArrayContainer: UnkeyedEncodingContainer, PositionalContainer {
    let frame: Frame
    var codingPath: [any CodingKey] { frame.codingPath }
    var count: Int { frame.count }
    private var encoder: StreamingJSONEncoder { frame.encoder }

    private func begin() { frame.beginMember(key: nil) }
    private var nextKey: IndexKey { IndexKey(intValue: frame.count) }

    mutating func encodeNil() throws {
        begin()
        encoder.writeLiteral("null")
    }
    mutating func encode(_ value: Bool) throws {
        begin()
        encoder.writeLiteral(value ? "true" : "false")
    }
    mutating func encode(_ value: String) throws {
        begin()
        encoder.writeString(value)
        try encoder.flushIfFull()
    }
    mutating func encode(_ value: Double) throws {
        begin()
        try encoder.writeFloatingPoint(value, frame)
    }
    mutating func encode(_ value: Float) throws {
        begin()
        try encoder.writeFloatingPoint(value, frame)
    }

    func integer<T: FixedWidthInteger>(_ value: T) {
        begin()
        encoder.writeInteger(value)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let key = nextKey
        begin()
        try frame.member(value, key: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        let key = nextKey
        begin()
        return frame.child(key: key).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let key = nextKey
        begin()
        return frame.child(key: key).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let key = nextKey
        begin()
        return frame.child(key: key)
    }
}

private struct SingleContainer: SingleValueEncodingContainer, PositionalContainer {
    let frame: Frame
    var codingPath: [any CodingKey] { frame.codingPath }
    private var encoder: StreamingJSONEncoder { frame.encoder }

    /// A single value container holds one value.
    private func begin() {
        precondition(frame.count == 0 && !frame.isFinished, "a single value container was given two values")
        frame.count = 1
    }

    mutating func encodeNil() throws {
        begin()
        encoder.writeLiteral("null")
    }
    mutating func encode(_ value: Bool) throws {
        begin()
        encoder.writeLiteral(value ? "true" : "false")
    }
    mutating func encode(_ value: String) throws {
        begin()
        encoder.writeString(value)
    }
    mutating func encode(_ value: Double) throws {
        begin()
        try encoder.writeFloatingPoint(value, frame)
    }
    mutating func encode(_ value: Float) throws {
        begin()
        try encoder.writeFloatingPoint(value, frame)
    }

    func integer<T: FixedWidthInteger>(_ value: T) {
        begin()
        encoder.writeInteger(value)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        begin()
        try encoder.writeValue(value, parent: frame.parent, key: frame.key, depth: frame.depth)
    }
}
