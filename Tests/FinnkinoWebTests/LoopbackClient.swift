import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A minimal HTTP/1.1 client over a loopback socket, so tests see exactly what the server sends:
/// status, every header (cookies and redirects untouched), and streamed bodies as they arrive.
struct LoopbackClient {
    let port: Int

    struct Reply {
        var status: Int
        var headers: [(name: String, value: String)]
        /// The body's bytes (after de-chunking), for images.
        var bytes: [UInt8]
        /// The body as text.
        var body: String { String(decoding: bytes, as: UTF8.self) }

        func header(_ name: String) -> String? {
            headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
        }

        /// `name=value` of every Set-Cookie.
        var cookies: [String: String] {
            var cookies: [String: String] = [:]
            for (name, value) in headers where name.lowercased() == "set-cookie" {
                let pair =
                    value.split(separator: ";").first?.split(
                        separator: "=", maxSplits: 1, omittingEmptySubsequences: false) ?? []
                if pair.count == 2 { cookies[String(pair[0])] = String(pair[1]) }
            }
            return cookies
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Sends one request and reads the whole reply, on a thread of its own, so that blocking
    /// socket calls never hold a thread of the concurrency pool the server also runs on.
    func request(
        _ method: String = "GET", _ path: String, headers: [String: String] = [:], body: String = ""
    ) async throws -> Reply {
        try await Self.offPool { try send(method, path, headers: headers, body: body) }
    }

    /// Sends one request whose body is `bytes` (a file).
    func request(
        _ method: String, _ path: String, headers: [String: String] = [:], bytes: [UInt8]
    ) async throws -> Reply {
        try await Self.offPool {
            let connection = try Connection(port: port)
            defer { connection.close() }
            var head = headers
            head["Content-Length"] = String(bytes.count)
            try connection.write(Array(Self.request(method, path, headers: head, body: "").utf8) + bytes)
            var raw = Data()
            while let chunk = try connection.read() { raw.append(chunk) }
            return try Self.parse(raw)
        }
    }

    /// Runs blocking work on a new thread.
    static func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread { continuation.resume(with: Result { try work() }) }
            thread.start()
        }
    }

    /// Sends one request (`Connection: close`) and reads the whole reply.
    func send(
        _ method: String = "GET", _ path: String, headers: [String: String] = [:], body: String = ""
    ) throws -> Reply {
        let connection = try Connection(port: port)
        defer { connection.close() }
        try connection.write(Self.request(method, path, headers: headers, body: body))
        var raw = Data()
        while let chunk = try connection.read() { raw.append(chunk) }
        return try Self.parse(raw)
    }

    static func request(_ method: String, _ path: String, headers: [String: String], body: String) -> String {
        var text = "\(method) \(path) HTTP/1.1\r\nConnection: close\r\n"
        if !headers.keys.contains(where: { $0.lowercased() == "host" }) { text += "Host: 127.0.0.1\r\n" }
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        let givesLength = headers.keys.contains { $0.lowercased() == "content-length" }
        if !givesLength, !body.isEmpty || method == "POST" { text += "Content-Length: \(body.utf8.count)\r\n" }
        return text + "\r\n" + body
    }

    static func parse(_ raw: Data) throws -> Reply {
        let raw = [UInt8](raw)
        let end: [UInt8] = Array("\r\n\r\n".utf8)
        guard let headerEnd = (0..<max(0, raw.count - 3)).first(where: { raw[$0..<$0 + 4].elementsEqual(end) }) else {
            throw Failure(description: "no header end in \(String(decoding: raw, as: UTF8.self))")
        }
        let lines = String(decoding: raw[..<headerEnd], as: UTF8.self).components(separatedBy: "\r\n")
        guard let statusLine = lines.first, let status = Int(statusLine.split(separator: " ").dropFirst().first ?? "")
        else { throw Failure(description: "bad status line") }
        let headers = lines.dropFirst().compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        var body = Array(raw[(headerEnd + 4)...])
        if headers.contains(where: { $0.0.lowercased() == "transfer-encoding" && $0.1.contains("chunked") }) {
            body = dechunk(body)
        }
        return Reply(status: status, headers: headers, bytes: body)
    }

    static func dechunk(_ body: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        var rest = body[...]
        while let lineEnd = (rest.startIndex..<max(rest.startIndex, rest.endIndex - 1)).first(where: {
            rest[$0] == 13 && rest[$0 + 1] == 10
        }), let size = Int(String(decoding: rest[..<lineEnd], as: UTF8.self), radix: 16), size > 0 {
            let start = lineEnd + 2
            guard rest.endIndex - start >= size else { break }
            output += rest[start..<start + size]
            rest = rest[min(rest.endIndex, start + size + 2)...]
        }
        return output
    }

    /// One socket, blocking, with a receive timeout so a test never hangs. The timeout is long:
    /// in a full parallel run other suites block the concurrency pool (waiting for processes) for
    /// tens of seconds on two cores, and the server's handlers wait with them.
    final class Connection: @unchecked Sendable {
        private let descriptor: Int32

        init(port: Int, timeoutSeconds: Int = 180) throws {
            #if canImport(Glibc)
                descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            #else
                descriptor = socket(AF_INET, SOCK_STREAM, 0)
            #endif
            guard descriptor >= 0 else { throw Failure(description: "socket() failed") }
            var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
            setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard result == 0 else {
                Glibc.close(descriptor)
                throw Failure(description: "connect to port \(port) failed")
            }
        }

        func write(_ text: String) throws {
            try write(Array(text.utf8))
        }

        func write(_ bytes: [UInt8]) throws {
            var sent = 0
            while sent < bytes.count {
                let count = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, 0) }
                guard count > 0 else { throw Failure(description: "send failed") }
                sent += count
            }
        }

        /// The next bytes received; nil at the end of the stream. Throws on timeout.
        func read() throws -> Data? {
            var buffer = [UInt8](repeating: 0, count: 65_536)
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count == 0 { return nil }
            guard count > 0 else { throw Failure(description: "receive timed out or failed") }
            return Data(buffer[..<count])
        }

        /// Like ``read()``, waiting at most `milliseconds` (and from then on).
        func readFor(milliseconds: Int) throws -> Data? {
            var timeout = timeval(tv_sec: milliseconds / 1000, tv_usec: Int((milliseconds % 1000) * 1000))
            setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            return try read()
        }

        func close() {
            Glibc.close(descriptor)
        }
    }
}
