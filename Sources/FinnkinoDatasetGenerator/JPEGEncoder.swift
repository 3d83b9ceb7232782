import CJPEG
import Foundation

/// Encodes RGB rasters as baseline JPEG through libjpeg(-turbo), in memory.
enum JPEGEncoder {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// `pixels` holds `width * height * 3` bytes, rows top to bottom, RGB.
    static func encode(_ pixels: [UInt8], width: Int, height: Int, quality: Int32 = 75) throws -> Data {
        guard width > 0, height > 0, pixels.count == width * height * 3 else {
            throw Failure(description: "jpeg: raster of \(pixels.count) bytes does not match \(width)x\(height)")
        }
        var info = jpeg_compress_struct()
        var errors = jpeg_error_mgr()
        info.err = jpeg_std_error(&errors)
        jpeg_CreateCompress(&info, JPEG_LIB_VERSION, MemoryLayout<jpeg_compress_struct>.size)
        defer { jpeg_destroy_compress(&info) }

        var buffer: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        jpeg_mem_dest(&info, &buffer, &size)
        info.image_width = JDIMENSION(width)
        info.image_height = JDIMENSION(height)
        info.input_components = 3
        info.in_color_space = JCS_RGB
        jpeg_set_defaults(&info)
        jpeg_set_quality(&info, quality, 1)
        info.optimize_coding = 1
        jpeg_start_compress(&info, 1)
        let rowBytes = width * 3
        pixels.withUnsafeBufferPointer { raster in
            guard let base = raster.baseAddress else { return }
            while info.next_scanline < info.image_height {
                var row: JSAMPROW? = UnsafeMutablePointer(mutating: base + Int(info.next_scanline) * rowBytes)
                _ = jpeg_write_scanlines(&info, &row, 1)
            }
        }
        jpeg_finish_compress(&info)
        guard let buffer else { throw Failure(description: "jpeg: the encoder produced no output") }
        defer { free(buffer) }
        return Data(bytes: buffer, count: Int(size))
    }
}
