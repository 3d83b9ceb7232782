import Foundation
import Hummingbird

/// A video (or thumbnail) file as an HTTP answer, with byte ranges: the browser's player asks for
/// parts of the file to start playing and to seek (`Range: bytes=a-b`, answered 206).
enum VideoFile {
    /// The file at `file`; `download` names it as an attachment (the library's Download link).
    static func response(
        _ file: URL, contentType: String, download: String? = nil, request: Request,
        context: some RequestContext
    ) async throws -> Response {
        guard let size = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? Int, size > 0 else {
            throw HTTPError(.notFound)
        }
        var headers: HTTPFields = [
            .contentType: contentType, .acceptRanges: "bytes", .cacheControl: "private, max-age=3600",
        ]
        if let download {
            let plain = String(download.unicodeScalars.filter { $0.isASCII && $0.value >= 0x20 && $0 != "\"" })
            headers[.contentDisposition] = "attachment; filename=\"\(plain)\""
        }
        let io = FileIO()
        guard let header = request.headers[.range] else {
            headers[.contentLength] = String(size)
            return Response(
                status: .ok, headers: headers, body: try await io.loadFile(path: file.path, context: context))
        }
        guard let range = byteRange(header, size: size) else {
            headers[.contentRange] = "bytes */\(size)"
            return Response(status: .rangeNotSatisfiable, headers: headers)
        }
        headers[.contentRange] = "bytes \(range.lowerBound)-\(range.upperBound)/\(size)"
        headers[.contentLength] = String(range.count)
        return Response(
            status: .partialContent, headers: headers,
            body: try await io.loadFile(path: file.path, range: range, context: context))
    }

    /// One range of `bytes=a-b`, `bytes=a-` or `bytes=-n` within `size` bytes; nil when it is
    /// not one range, or lies outside the file (an empty file has no range).
    static func byteRange(_ header: String, size: Int) -> ClosedRange<Int>? {
        guard size > 0, header.hasPrefix("bytes="), !header.contains(",") else { return nil }
        let spec = header.dropFirst("bytes=".count)
        let parts = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        let first = parts[0].trimmingCharacters(in: .whitespaces)
        let last = parts[1].trimmingCharacters(in: .whitespaces)
        if first.isEmpty {
            guard let suffix = Int(last), suffix > 0 else { return nil }
            return max(0, size - suffix)...(size - 1)
        }
        guard let start = Int(first), start >= 0, start < size else { return nil }
        if last.isEmpty { return start...(size - 1) }
        guard let end = Int(last), end >= start else { return nil }
        return start...min(end, size - 1)
    }
}
