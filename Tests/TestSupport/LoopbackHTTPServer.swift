import Foundation
import NIOConcurrencyHelpers

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The tests' one fake HTTP server, on 127.0.0.1: one request per connection, answers from a
/// closure (a fixed reply, a sample file, the bundled dataset), and can hold a connection open
/// without answering or drip a body (for timeouts and cancellation). Blocking sockets on
/// dedicated threads, so it never occupies Swift's task pool. It keeps every request it was sent.
public final class LoopbackHTTPServer: Sendable {
    public struct Request: Sendable {
        public var method: String
        /// The path and query, as sent (`/xml/Events/?area=1002`).
        public var target: String
        /// Header names in lower case.
        public var headers: [String: String]

        /// The path, without the query.
        public var path: String { String(target.prefix { $0 != "?" }) }

        /// The query's parameters, decoded (the last of a repeated name).
        public var query: [String: String] {
            var parameters: [String: String] = [:]
            for item in URLComponents(string: target)?.queryItems ?? [] { parameters[item.name] = item.value ?? "" }
            return parameters
        }
    }

    public enum Behaviour: Sendable {
        /// Answer with this status, these headers (sent as given) and these exact body bytes.
        case reply(status: Int, headers: [(String, String)], body: Data)

        /// `status` with `body` of `contentType`.
        public static func answer(_ status: Int, _ contentType: String, _ body: Data) -> Behaviour {
            .reply(status: status, headers: [("Content-Type", contentType)], body: body)
        }

        /// `status` with the text `body` of `contentType`.
        public static func answer(_ status: Int, _ contentType: String, _ body: String) -> Behaviour {
            answer(status, contentType, Data(body.utf8))
        }

        /// Never answer; keep the connection open until the client or the server closes it.
        case hold
        /// Send this status and these headers (as given; no Content-Length is added), then
        /// `chunk` `count` times, or until the client closes when `count` is nil, pausing `pause`
        /// before each: an endless or dripping body.
        case stream(status: Int, headers: [(String, String)], chunk: Data, count: Int?, pause: Duration)
    }

    public struct ServerError: Error, CustomStringConvertible {
        public var description: String
    }

    private struct State {
        var requests: [Request] = []
        var openConnections: Set<Int32> = []
        var arrivals: [CheckedContinuation<Void, Never>] = []
        var stopped = false
    }

    public let port: UInt16
    private let listener: Int32
    private let handler: @Sendable (Request) -> Behaviour
    private let state = NIOLockedValueBox(State())

    /// A server on `port` (a free one by default; a server stopped a moment ago gives its port up
    /// within a few seconds, so one can come back on it) answering with `handler`.
    public init(port: UInt16 = 0, handler: @escaping @Sendable (Request) -> Behaviour) throws {
        self.handler = handler
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw ServerError(description: "socket() failed") }
        var reuse: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var bound: Int32 = -1
        // (the last server on this port may still be closing its listener)
        for attempt in 0..<50 {
            if attempt > 0 { Thread.sleep(forTimeInterval: 0.1) }
            bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            if bound == 0 || port == 0 { break }
        }
        guard bound == 0, listen(descriptor, 64) == 0 else {
            close(descriptor)
            throw ServerError(description: "bind/listen failed")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        listener = descriptor
        self.port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// A server answering with `answer`, which may wait (the bundled dataset's transport): each
    /// request's own thread waits for it.
    public convenience init(port: UInt16 = 0, answering answer: @escaping @Sendable (Request) async -> Behaviour) throws
    {
        try self.init(port: port) { request in
            let reply = NIOLockedValueBox<Behaviour?>(nil)
            let done = DispatchSemaphore(value: 0)
            Task {
                let behaviour = await answer(request)
                reply.withLockedValue { $0 = behaviour }
                done.signal()
            }
            done.wait()
            return reply.withLockedValue { $0 } ?? .reply(status: 500, headers: [], body: Data())
        }
    }

    /// `http://127.0.0.1:<port>`.
    public var baseURLString: String { "http://127.0.0.1:\(port)" }

    /// The requests received so far.
    public var requests: [Request] { state.withLockedValue { $0.requests } }

    /// Returns once at least `count` requests have arrived.
    public func waitForRequests(_ count: Int) async {
        while true {
            let arrived = state.withLockedValue { $0.requests.count >= count }
            if arrived { return }
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready = state.withLockedValue { state in
                    if state.requests.count >= count { return true }
                    state.arrivals.append(continuation)
                    return false
                }
                if ready { continuation.resume() }
            }
        }
    }

    /// Stops listening and closes every open connection.
    public func stop() {
        let connections = state.withLockedValue { state in
            state.stopped = true
            return state.openConnections
        }
        // Shut down, not closed: the accept loop closes it once it has returned from accept(). A
        // descriptor closed here could be reused by the next server's listener while this loop
        // still calls accept() on the number, stealing that server's connections.
        shutdown(listener, Int32(SHUT_RDWR))
        for connection in connections { shutdown(connection, Int32(SHUT_RDWR)) }
    }

    private func acceptLoop() {
        defer { close(listener) }
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if state.withLockedValue({ $0.stopped }) { return }
                if errno == EINTR { continue }
                return
            }
            state.withLockedValue { _ = $0.openConnections.insert(connection) }
            let thread = Thread { [self] in serve(connection) }
            thread.start()
        }
    }

    private func serve(_ connection: Int32) {
        defer {
            state.withLockedValue { _ = $0.openConnections.remove(connection) }
            close(connection)
        }
        guard let request = readRequest(connection) else { return }
        let arrivals = state.withLockedValue { state in
            state.requests.append(request)
            let arrivals = state.arrivals
            state.arrivals = []
            return arrivals
        }
        for arrival in arrivals { arrival.resume() }
        switch handler(request) {
        case .hold:
            var byte: UInt8 = 0
            while recv(connection, &byte, 1, 0) > 0 {}
        case .reply(let status, let headers, let body):
            var head = "HTTP/1.1 \(status) \(status == 200 ? "OK" : "Status")\r\n"
            for (name, value) in headers { head += "\(name): \(value)\r\n" }
            head += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
            writeAll(connection, Data(head.utf8) + body)
        case .stream(let status, let headers, let chunk, let count, let pause):
            var head = "HTTP/1.1 \(status) Status\r\n"
            for (name, value) in headers { head += "\(name): \(value)\r\n" }
            head += "Connection: close\r\n\r\n"
            guard writeAll(connection, Data(head.utf8)) else { return }
            var sent = 0
            while count.map({ sent < $0 }) ?? true, !state.withLockedValue({ $0.stopped }) {
                if pause > .zero {
                    let (seconds, attoseconds) = pause.components
                    Thread.sleep(forTimeInterval: Double(seconds) + Double(attoseconds) / 1e18)
                }
                guard writeAll(connection, chunk) else { return }
                sent += 1
            }
        }
    }

    private func readRequest(_ connection: Int32) -> Request? {
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let terminator = Data("\r\n\r\n".utf8)
        while received.range(of: terminator) == nil {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            received.append(contentsOf: buffer[0..<count])
        }
        guard let head = String(data: received, encoding: .utf8) else { return nil }
        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Request(method: String(requestLine[0]), target: String(requestLine[1]), headers: headers)
    }

    /// Writes all of `data`; false when the peer has gone.
    @discardableResult
    private func writeAll(_ connection: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return true }
            var sent = 0
            while sent < raw.count {
                let count = send(connection, base + sent, raw.count - sent, Int32(MSG_NOSIGNAL))
                if count <= 0 { return false }
                sent += count
            }
            return true
        }
    }
}
