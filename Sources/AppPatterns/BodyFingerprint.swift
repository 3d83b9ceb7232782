import Crypto
import Foundation

/// What tells two bodies apart without keeping either: the length and SHA-256 digest of the
/// bytes. A value decoded from a body is kept with its body's fingerprint, not the body: a 10 MB
/// schedule is decoded into values that take less memory than its text, which was kept beside
/// them only to be compared with the next answer (docs/PERFORMANCE.md, "Answers kept by their
/// fingerprint"). Two bodies with one fingerprint are taken for the same bytes: SHA-256 has no known
/// collision, and a source that could make one could as well send the other bytes outright.
struct BodyFingerprint: Hashable, Sendable {
    let count: Int
    let digest: SHA256.Digest

    init(_ body: Data) {
        count = body.count
        digest = SHA256.hash(data: body)
    }
}
