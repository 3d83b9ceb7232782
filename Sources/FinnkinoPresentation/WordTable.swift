/// A table of the interface's words (``UIStrings``, ``ShowStrings``), shared by every copy of it:
/// a copy is one reference, and a changed entry makes a table of its own.
///
/// A page passes its language's tables to a dozen views and caches. As structures of strings, each
/// copy retained every string of the table and released it after, and each comparison compared
/// them all: with the 112 of ``UIStrings`` held this way, the server's CPU a hosted Movies request
/// fell from 152 to 121 µs (docs/PERFORMANCE.md, "Issue 41, sixth steps").
@dynamicMemberLookup
public struct WordTable<Words: Sendable>: Sendable {
    @usableFromInline final class Storage: Sendable {
        @usableFromInline let words: Words
        /// The entries' hash (when they are `Hashable`), worked out once: a table is part of
        /// caches' keys hashed on every request, and hashing its words each time normalized every
        /// Finnish and Swedish word with a letter outside ASCII.
        let entriesHash: Int?

        @usableFromInline init(_ words: Words) {
            self.words = words
            entriesHash = (words as? any Hashable)?.hashValue
        }
    }

    @usableFromInline var storage: Storage

    public init(_ words: Words) {
        storage = Storage(words)
    }

    /// Every entry, as a value (what a test reads entry by entry).
    public var words: Words { storage.words }

    @inlinable public subscript<Value>(dynamicMember entry: WritableKeyPath<Words, Value>) -> Value {
        get { storage.words[keyPath: entry] }
        set {
            var words = storage.words
            words[keyPath: entry] = newValue
            storage = Storage(words)
        }
    }
}

extension WordTable: Equatable where Words: Equatable {
    /// The same table (the language's own, nearly always) without comparing a word.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.words == rhs.storage.words
    }
}

extension WordTable: Hashable where Words: Hashable {
    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.entriesHash)
    }
}

/// A table of words kept in a ``WordTable`` (``UIStrings``, ``ShowStrings``): its entries read as
/// its own (`strings.appName`, a dynamic member), and as a value (``words``).
@dynamicMemberLookup
public protocol WordTableBacked {
    associatedtype Words: Sendable
    var table: WordTable<Words> { get set }
}

extension WordTableBacked {
    /// Every entry, as a value (what a test reads entry by entry).
    public var words: Words { table.words }

    @inlinable public subscript<Value>(dynamicMember entry: WritableKeyPath<Words, Value>) -> Value {
        get { table[dynamicMember: entry] }
        set { table[dynamicMember: entry] = newValue }
    }
}
