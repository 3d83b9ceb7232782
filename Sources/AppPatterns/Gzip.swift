import CZlibShim
import Foundation

/// gzip compression and decompression through zlib.
public enum Gzip {
    public struct Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// True when `data` starts with the gzip magic bytes.
    public static func isCompressed(_ data: Data) -> Bool {
        data.count >= 2 && data[data.startIndex] == 0x1f && data[data.startIndex + 1] == 0x8b
    }

    /// Compresses `data` into a gzip member (deterministic: no file name, no time stamp).
    public static func compress(_ data: Data, level: Int32 = 9) throws(Error) -> Data {
        var stream = z_stream()
        // windowBits 15 + 16 selects the gzip wrapper.
        guard
            deflateInit2_(
                &stream, level, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { throw Error(description: "gzip: cannot initialise the compressor") }
        defer { deflateEnd(&stream) }
        var output = Data(count: Int(deflateBound(&stream, uLong(data.count))) + 32)
        let status: Int32 = data.withUnsafeBytes { input in
            output.withUnsafeMutableBytes { out in
                stream.next_in = UnsafeMutablePointer(
                    mutating: input.bindMemory(to: Bytef.self).baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = out.bindMemory(to: Bytef.self).baseAddress
                stream.avail_out = uInt(out.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { throw Error(description: "gzip: compression failed (\(status))") }
        output.count = Int(stream.total_out)
        return output
    }

    /// Decompresses a gzip member. Refuses output larger than `limit` bytes, so a small hostile
    /// input cannot fill memory.
    public static func decompress(_ data: Data, limit: Int = 256 << 20) throws(Error) -> Data {
        var stream = z_stream()
        guard inflateInit2_(&stream, 15 + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { throw Error(description: "gzip: cannot initialise the decompressor") }
        defer { inflateEnd(&stream) }
        var output = Data()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var status: Int32 = Z_OK
        data.withUnsafeBytes { input in
            stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
            stream.avail_in = uInt(input.count)
            while status == Z_OK {
                chunk.withUnsafeMutableBytes { out in
                    stream.next_out = out.bindMemory(to: Bytef.self).baseAddress
                    stream.avail_out = uInt(out.count)
                    status = inflate(&stream, Z_NO_FLUSH)
                    let produced = out.count - Int(stream.avail_out)
                    output.append(contentsOf: UnsafeRawBufferPointer(rebasing: out[..<produced]))
                }
                if output.count > limit { status = Z_MEM_ERROR }
            }
        }
        switch status {
        case Z_STREAM_END: return output
        case Z_MEM_ERROR: throw Error(description: "gzip: output larger than \(limit) bytes")
        case Z_BUF_ERROR: throw Error(description: "gzip: input is truncated")
        default: throw Error(description: "gzip: input is corrupt (\(status))")
        }
    }
}
