import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOHTTPCompression

/// A ``Transport`` over HTTP(S) with AsyncHTTPClient, bounded against a hostile or broken server.
///
/// Builds the URL from the base URL, the request's path and its query; sends the request's headers
/// (conditional validators included) with a User-Agent and `Accept-Encoding: gzip`; returns any
/// status, 304 and errors included, with lower-cased header names and a decompressed body. Throws
/// a ``TransportError`` only when no answer came: unreachable (connection refused, unknown host,
/// no network), timed out, cancelled, too large, or an invalid URL. No HTTP cache is used:
/// revalidation is the web service's job.
///
/// What one answer may cost is bounded: the whole exchange, body included, ends at `timeout` (a
/// server sending a byte a second does not hold a page for minutes); the body is streamed and
/// refused past `maxBodyBytes`, counted after decompression (a small gzip bomb is stopped as it
/// inflates, never held whole); redirects are followed only within the base URL's host
/// (`http` to `https` included), at most ``maxRedirects`` times, so an answer cannot send the
/// server to another host, the loopback interface or a link-local address.
public final class HTTPTransport: Transport {
    /// The User-Agent sent unless another is given.
    public static let defaultUserAgent = "FinnkinoApp/1.0 (+unofficial)"
    /// The largest body accepted by default: far above any real feed answer (a whole Schedule is
    /// under 2 MB) or poster.
    public static let defaultMaxBodyBytes = 32 << 20
    /// Redirects followed at most, within the base URL's host.
    public static let maxRedirects = 3

    /// The URL that request paths are appended to, e.g. `https://www.finnkino.fi`.
    public let baseURL: URL
    /// Seconds the whole exchange may take, from sending to the last byte of the body.
    public let timeout: TimeInterval
    /// The User-Agent header value.
    public let userAgent: String
    /// The largest body accepted, after decompression.
    public let maxBodyBytes: Int

    public var sourceDescription: String { baseURL.host ?? baseURL.absoluteString }

    /// One client for every transport: it keeps its connections and threads for the process's
    /// life (and so is never shut down). It follows no redirect itself (``send(_:)`` does, checked)
    /// and refuses to inflate a body past 64 MB or a 100:1 ratio, whatever a transport allows.
    private static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .disallow
        configuration.decompression = .enabled(limit: .size(64 << 20))
        configuration.timeout = HTTPClient.Configuration.Timeout(connect: .seconds(10), read: .seconds(30))
        configuration.connectionPool = .init(idleTimeout: .seconds(60))
        configuration.connectionPool.retryConnectionEstablishment = false  // a refused connection fails now
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()

    public init(
        baseURL: URL, timeout: TimeInterval = 20, userAgent: String = HTTPTransport.defaultUserAgent,
        maxBodyBytes: Int = HTTPTransport.defaultMaxBodyBytes
    ) {
        self.baseURL = baseURL
        self.timeout = max(timeout, 0.001)
        self.userAgent = userAgent
        self.maxBodyBytes = maxBodyBytes
    }

    /// The URL `request` is sent to: base URL + path + query, with exactly one `/` between base
    /// and path. Nil when that is not a valid URL.
    public func url(for request: TransportRequest) -> URL? {
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        var tail = request.description
        while tail.hasPrefix("/") { tail.removeFirst() }
        return URL(string: base + "/" + tail)
    }

    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        guard let first = url(for: request), Self.isWeb(first) else {
            throw TransportError(.invalidRequest, "\(sourceDescription): \(request) is not a valid URL")
        }
        let what = request.description
        let limit = timeout
        // The deadline covers the whole exchange, redirects and body included.
        return try await withThrowingTaskGroup(of: TransportResponse?.self) { group in
            group.addTask { [self] in
                var url = first
                var redirects = 0
                while true {
                    let response = try await exchange(url, headers: request.headers, what: what)
                    guard (300..<400).contains(response.status), response.status != 304,
                        let location = response.header("location")
                    else { return response }
                    guard redirects < Self.maxRedirects, let next = URL(string: location, relativeTo: url)?.absoluteURL,
                        Self.isWeb(next), next.host?.lowercased() == baseURL.host?.lowercased()
                    else {
                        throw TransportError(
                            .unreachable, "\(sourceDescription): \(what) was redirected where it may not go")
                    }
                    redirects += 1
                    url = next
                }
            }
            group.addTask {
                try await Task.sleep(for: .seconds(limit))
                return nil
            }
            do {
                let answer = try await group.next() ?? nil
                group.cancelAll()
                guard let answer else {
                    throw TransportError(.timedOut, "\(sourceDescription): \(what) timed out after \(limit) s")
                }
                return answer
            } catch let error as TransportError {
                group.cancelAll()
                throw error
            } catch {
                group.cancelAll()
                throw TransportError(.cancelled, "\(sourceDescription): \(what) was cancelled")
            }
        }
    }

    /// One request and its whole answer, the body counted as it streams.
    private func exchange(_ url: URL, headers: [String: String], what: String) async throws -> TransportResponse {
        var outgoing = HTTPClientRequest(url: url.absoluteString)
        outgoing.method = .GET
        outgoing.headers.replaceOrAdd(name: "User-Agent", value: userAgent)
        outgoing.headers.replaceOrAdd(name: "Accept-Encoding", value: "gzip")
        for (name, value) in headers { outgoing.headers.replaceOrAdd(name: name, value: value) }
        do {
            let response = try await Self.client.execute(outgoing, timeout: .milliseconds(Int64(timeout * 1000)))
            let declaredLength = response.headers.first(name: "content-length").flatMap(Int.init)
            let isEncoded = response.headers.first(name: "content-encoding") != nil
            if let declaredLength, declaredLength > maxBodyBytes, !isEncoded {
                throw TransportError(.tooLarge, "\(sourceDescription): \(what) is larger than \(maxBodyBytes) bytes")
            }
            // Always read the body to its end (empty for 204 and 304): a response whose body is
            // left unread keeps its connection, and the request, from completing. The body is
            // gathered straight into the `Data` it is returned as, sized from the declared length
            // of a successful, uncompressed answer: no buffer grown by doubling, no copy of the
            // whole at the end. The declared length is the server's word, so at most 16 MB is set
            // aside on it.
            var body = Data()
            if let declaredLength, !isEncoded, (200..<300).contains(response.status.code) {
                body.reserveCapacity(min(max(0, declaredLength), 16 << 20))
            }
            for try await chunk in response.body {
                guard body.count + chunk.readableBytes <= maxBodyBytes else {
                    throw TransportError(
                        .tooLarge, "\(sourceDescription): \(what) is larger than \(maxBodyBytes) bytes")
                }
                chunk.withUnsafeReadableBytes { body.append(contentsOf: $0) }
            }
            var fields: [String: String] = [:]
            for header in response.headers { fields[header.name.lowercased()] = header.value }
            // AsyncHTTPClient has decompressed the body; what it says of the encoding no longer holds.
            fields["content-encoding"] = nil
            fields["content-length"] = String(body.count)
            return TransportResponse(status: Int(response.status.code), headers: fields, body: body)
        } catch let error as TransportError {
            throw error
        } catch {
            throw transportError(error, what)
        }
    }

    private static func isWeb(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return false }
        return !(url.host ?? "").isEmpty
    }

    private func transportError(_ error: any Error, _ what: String) -> TransportError {
        let source = sourceDescription
        if error is CancellationError {
            return TransportError(.cancelled, "\(source): \(what) was cancelled")
        }
        if let client = error as? HTTPClientError {
            if client == .cancelled { return TransportError(.cancelled, "\(source): \(what) was cancelled") }
            if [.connectTimeout, .readTimeout, .deadlineExceeded, .writeTimeout].contains(client) {
                return TransportError(.timedOut, "\(source): \(what) timed out after \(timeout) s")
            }
            if [.invalidURL, .emptyHost, .emptyScheme].contains(client) {
                return TransportError(.invalidRequest, "\(source): \(what) is not a valid URL")
            }
        }
        if error is NIOHTTPDecompression.DecompressionError {
            return TransportError(.tooLarge, "\(source): \(what) inflates past the size limit")
        }
        let text = String(describing: error)
        if text.contains("connectionRefused") || text.contains("Connection refused") || text.contains("ECONNREFUSED") {
            return TransportError(.unreachable, "\(source): connection refused for \(what)")
        }
        if text.lowercased().contains("dns") || text.contains("resolve") {
            return TransportError(.unreachable, "\(source): host not found for \(what)")
        }
        return TransportError(.unreachable, "\(source): \(what) failed: \(text)")
    }
}
