import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A ``Transport`` over HTTP(S) with `URLSession`.
///
/// Builds the URL from the base URL, the request's path and its query; sends the request's headers
/// (conditional validators included) with a User-Agent and `Accept-Encoding: gzip`; returns any
/// status, 304 and errors included, with lower-cased header names and a decompressed body. Throws
/// a ``TransportError`` only when no answer came: unreachable (connection refused, unknown host,
/// no network), timed out, cancelled, or an invalid URL. No HTTP cache is used: revalidation is
/// the web service's job.
public final class HTTPTransport: Transport {
    /// The User-Agent sent unless another is given.
    public static let defaultUserAgent = "FinnkinoApp/1.0 (+unofficial)"

    /// The URL that request paths are appended to, e.g. `https://www.finnkino.fi`.
    public let baseURL: URL
    /// Seconds after which a request times out. Rounded up to whole seconds (at least 1):
    /// URLSession on Linux truncates fractions, so 0.3 s would time out at once.
    public let timeout: TimeInterval
    /// The User-Agent header value.
    public let userAgent: String
    private let session: URLSession

    public var sourceDescription: String { baseURL.host ?? baseURL.absoluteString }

    public init(baseURL: URL, timeout: TimeInterval = 20, userAgent: String = HTTPTransport.defaultUserAgent) {
        self.baseURL = baseURL
        self.timeout = max(timeout.rounded(.up), 1)
        self.userAgent = userAgent
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.timeoutIntervalForRequest = self.timeout
        session = URLSession(configuration: configuration)
    }

    deinit {
        session.finishTasksAndInvalidate()
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
        guard let url = url(for: request) else {
            throw TransportError(.invalidRequest, "\(sourceDescription): \(request) is not a valid URL")
        }
        var urlRequest = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        urlRequest.setValue(userAgent, forHTTPHeaderField: "User-Agent")
        urlRequest.setValue("gzip", forHTTPHeaderField: "Accept-Encoding")
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }

        let (body, response) = try await perform(urlRequest, describedAs: request.description)
        guard let http = response as? HTTPURLResponse else {
            throw TransportError(.unreachable, "\(sourceDescription): \(request) got no HTTP answer")
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            headers[String(describing: name).lowercased()] = String(describing: value)
        }
        return TransportResponse(status: http.statusCode, headers: headers, body: decompressed(body, headers))
    }

    /// URLSession normally decompresses gzip itself; this covers a body that arrives still
    /// compressed. A body that cannot be decompressed is returned as it came.
    private func decompressed(_ body: Data, _ headers: [String: String]) -> Data {
        guard headers["content-encoding"]?.lowercased().contains("gzip") == true, Gzip.isCompressed(body),
            let plain = try? Gzip.decompress(body)
        else { return body }
        return plain
    }

    private func perform(_ urlRequest: URLRequest, describedAs what: String) async throws -> (Data, URLResponse) {
        let running = Mutex<URLSessionDataTask?>(nil)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = session.dataTask(with: urlRequest) { data, response, error in
                    if let error {
                        continuation.resume(throwing: self.transportError(error, what))
                    } else if let response {
                        continuation.resume(returning: (data ?? Data(), response))
                    } else {
                        continuation.resume(
                            throwing: TransportError(.unreachable, "\(self.sourceDescription): \(what) got no answer"))
                    }
                }
                running.withLock { $0 = task }
                task.resume()
                if Task.isCancelled { task.cancel() }
            }
        } onCancel: {
            running.withLock { $0 }?.cancel()
        }
    }

    private func transportError(_ error: any Error, _ what: String) -> TransportError {
        let source = sourceDescription
        guard let urlError = error as? URLError else {
            return TransportError(.unreachable, "\(source): \(what) failed: \(error.localizedDescription)")
        }
        switch urlError.code {
        case .cancelled:
            return TransportError(.cancelled, "\(source): \(what) was cancelled")
        case .timedOut:
            return TransportError(.timedOut, "\(source): \(what) timed out after \(timeout) s")
        case .cannotConnectToHost:
            return TransportError(.unreachable, "\(source): connection refused for \(what)")
        case .cannotFindHost, .dnsLookupFailed:
            return TransportError(.unreachable, "\(source): host not found for \(what)")
        case .notConnectedToInternet, .networkConnectionLost:
            return TransportError(.unreachable, "\(source): no network for \(what)")
        case .badURL, .unsupportedURL:
            return TransportError(.invalidRequest, "\(source): \(what) is not a valid URL")
        default:
            return TransportError(.unreachable, "\(source): \(what) failed: \(urlError.localizedDescription)")
        }
    }
}
