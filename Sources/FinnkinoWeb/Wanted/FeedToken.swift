import AppPatterns
import Crypto
import FinnkinoKit
import Foundation

/// What makes the address of one of a person's private feeds (their wanted movies' calendar, or
/// their Atom feed) theirs: `base64url(MAC ‖ body ⊕ pad(MAC))`, the body being person, generation
/// and feed, the MAC an HMAC-SHA256 of the body under a key derived from the server secret, cut
/// to 128 bits, and the pad an HMAC of the MAC under a second key (a deterministic authenticated
/// encryption, as SIV). So a token says nothing of whose it is: two addresses of one person (before
/// and after *New addresses*, or the calendar's and the Atom feed's) share no byte that links them.
/// Each feed has its own token: the calendar's address, shared with a calendar app, does not open
/// the Atom feed.
/// Nothing is stored per token: the MAC proves the server made it, and the person's generation
/// (``WantedMovies/feedGeneration(of:)``) says whether it is still valid (a renewal counts it up,
/// and every address made before stops working). A calendar app fetches the address without
/// cookies, so the address is all there is.
struct FeedToken: Sendable, Equatable {
    /// Which of the person's feeds a token opens.
    enum Feed: UInt8, Sendable {
        case calendar = 1
        case atom = 2
    }

    let person: PersonID
    let generation: Int
    let feed: Feed

    /// The label of the key (``CSRFSecret/derivedKey(_:)``).
    /// (v2: tokens that name no person; every v1 address, which began with the person's ID, is
    /// refused, so the feeds' addresses changed once with that release.)
    static let keyLabel = "finnkino feed tokens v2"
    private static let macLength = 16
    private static let bodyLength = 8 + 4 + 1

    init(person: PersonID, generation: Int, feed: Feed) {
        self.person = person
        self.generation = generation
        self.feed = feed
    }

    /// The token `text` stands for, if the server made it: nil for anything else (wrong length,
    /// not base64url, a MAC that does not match).
    init?(text: some StringProtocol, key: SymmetricKey) {
        guard text.utf8.count <= 64, let bytes = Base64URL.decode(String(text)),
            bytes.count == Self.bodyLength + Self.macLength
        else { return nil }
        // The token carries the MAC's first 16 bytes, then the body under the MAC's pad.
        let mac = Array(bytes.prefix(Self.macLength))
        let body = zip(bytes.suffix(Self.bodyLength), Self.pad(mac, key: key)).map { $0 ^ $1 }
        guard Self.constantTimeEqual(mac, Array(Self.mac(body, key: key).prefix(Self.macLength))),
            let feed = Feed(rawValue: body[12])
        else { return nil }
        let person = body.prefix(8).reduce(Int64(0)) { $0 << 8 | Int64($1) }
        let generation = body[8..<12].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        self.init(person: PersonID(rawValue: person), generation: Int(generation), feed: feed)
    }

    /// The token as the address carries it: 39 base64url characters.
    func text(key: SymmetricKey) -> String {
        let id = UInt64(bitPattern: person.rawValue)
        let count = UInt32(truncatingIfNeeded: generation)
        let body =
            (0..<8).reversed().map { UInt8(truncatingIfNeeded: id >> ($0 * 8)) }
            + (0..<4).reversed().map { UInt8(truncatingIfNeeded: count >> ($0 * 8)) } + [feed.rawValue]
        let mac = Array(Self.mac(body, key: key).prefix(Self.macLength))
        return Base64URL.encode(mac + zip(body, Self.pad(mac, key: key)).map { $0 ^ $1 })
    }

    /// An ID of the person's feeds of this generation that says nothing of whose they are, for
    /// the Atom feed's `<id>` (stable while the addresses are; new with *New addresses*).
    func feedID(key: SymmetricKey) -> String {
        let id = UInt64(bitPattern: person.rawValue)
        let count = UInt32(truncatingIfNeeded: generation)
        let body =
            Array("feed id".utf8) + (0..<8).reversed().map { UInt8(truncatingIfNeeded: id >> ($0 * 8)) }
            + (0..<4).reversed().map { UInt8(truncatingIfNeeded: count >> ($0 * 8)) }
        return Base64URL.encode(Array(Self.mac(body, key: key).prefix(Self.macLength)))
    }

    private static func mac(_ body: [UInt8], key: SymmetricKey) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: body, using: key))
    }

    /// The bytes the body is hidden under: an HMAC of the token's MAC under a key of its own.
    private static func pad(_ mac: [UInt8], key: SymmetricKey) -> [UInt8] {
        let padKey = SymmetricKey(data: HMAC<SHA256>.authenticationCode(for: Array("pad".utf8), using: key))
        return Array(HMAC<SHA256>.authenticationCode(for: mac, using: padKey).prefix(bodyLength))
    }

    private static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
