import Crypto
import Foundation

/// Message encryption for Web Push (RFC 8291) in the `aes128gcm` content coding (RFC 8188): the
/// body a push service carries to the browser and only the browser can read.
///
/// The server makes a key pair for each message, agrees a secret with the browser's key (ECDH on
/// P-256), mixes in the subscription's authentication secret, and derives the content key and
/// nonce from a random salt (HKDF-SHA-256). The body is one record: the header (salt, record
/// size, the server's public key) and the text sealed with AES-128-GCM.
public enum PushEncryption {
    /// The record size the header announces.
    static let recordSize: UInt32 = 4096
    /// The longest text one message carries: push services take bodies of 4,096 bytes, less the
    /// header (86 bytes), the tag (16) and the padding delimiter (1).
    public static let maximumPlaintext = 3993

    /// The body of a push message with `plaintext` for `subscription`. `senderKey` and `salt` are
    /// new for each message unless given (the RFC's example gives both).
    public static func encrypt(
        _ plaintext: [UInt8], for subscription: PushSubscription,
        senderKey: P256.KeyAgreement.PrivateKey = P256.KeyAgreement.PrivateKey(),
        salt: [UInt8] = randomSalt()
    ) throws -> [UInt8] {
        guard plaintext.count <= maximumPlaintext else { throw PushEncryptionError.tooLong(plaintext.count) }
        guard salt.count == 16 else { throw PushEncryptionError.salt }
        let browserKey = try P256.KeyAgreement.PublicKey(x963Representation: subscription.p256dh)
        let senderPublic = Array(senderKey.publicKey.x963Representation)
        let shared = try senderKey.sharedSecretFromKeyAgreement(with: browserKey)
        // RFC 8291, section 3.4: the input keying material, bound to both public keys.
        let keyInfo = Array("WebPush: info".utf8) + [0] + subscription.p256dh + senderPublic
        let inputKey = shared.hkdfDerivedSymmetricKey(
            using: SHA256.self, salt: subscription.auth, sharedInfo: keyInfo, outputByteCount: 32)
        // RFC 8188, section 2.2 and 2.3: the content encryption key and the nonce.
        let contentKey = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: inputKey, salt: salt, info: Array("Content-Encoding: aes128gcm".utf8) + [0],
            outputByteCount: 16)
        let nonce = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: inputKey, salt: salt, info: Array("Content-Encoding: nonce".utf8) + [0],
            outputByteCount: 12)
        // The one (so the last) record: the text, then the delimiter 2, no padding.
        let sealed = try AES.GCM.seal(
            plaintext + [2], using: contentKey, nonce: AES.GCM.Nonce(data: nonce.withUnsafeBytes { Array($0) }))
        var body = salt
        body += withUnsafeBytes(of: recordSize.bigEndian) { Array($0) }
        body.append(UInt8(senderPublic.count))
        body += senderPublic
        body += sealed.ciphertext
        body += sealed.tag
        return body
    }

    /// 16 random bytes.
    public static func randomSalt() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }
}

/// Why a message could not be encrypted.
public enum PushEncryptionError: Error, Equatable {
    /// The text is longer than ``PushEncryption/maximumPlaintext`` (its length).
    case tooLong(Int)
    /// The salt is not 16 bytes.
    case salt
}
