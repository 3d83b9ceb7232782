import Foundation

/// A request as a transport sees it: a path below the transport's base, query items and headers.
///
/// Values, not `URLRequest`, so that the bundled-data and stub transports can answer them without
/// any networking, and so that identical requests compare equal (used to coalesce them).
public struct TransportRequest: Sendable, Hashable, CustomStringConvertible {
    /// The path below the base URL, starting with `/`, for example `/xml/Schedule/`.
    public var path: String
    /// Query items in the order they are sent.
    public var query: [QueryItem]
    /// Extra request headers (conditional-request validators are added by the web service).
    public var headers: [String: String]

    public struct QueryItem: Sendable, Hashable {
        public var name: String
        public var value: String
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    public init(path: String, query: [QueryItem] = [], headers: [String: String] = [:]) {
        self.path = path
        self.query = query
        self.headers = headers
    }

    /// The value of the first query item called `name`, if any.
    public func queryValue(_ name: String) -> String? {
        query.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// Path and query as they appear in a URL, e.g. `/xml/Schedule/?area=1002&dt=27.02.2022`.
    /// Also the cache key of the request.
    ///
    /// Read on every load (it keys the caches): items made only of unreserved characters
    /// (RFC 3986: letters, digits, `-._~`), which every Finnkino request's are, are joined as they
    /// are, as URLComponents would leave them, without building one.
    public var description: String {
        guard !query.isEmpty else { return path }
        if query.allSatisfy({ Self.isUnreserved($0.name) && Self.isUnreserved($0.value) }) {
            var text = path + "?"
            for (index, item) in query.enumerated() {
                if index > 0 { text += "&" }
                text += item.name + "=" + item.value
            }
            return text
        }
        var components = URLComponents()
        components.queryItems = query.map { URLQueryItem(name: $0.name, value: $0.value) }
        return path + "?" + (components.percentEncodedQuery ?? "")
    }

    private static func isUnreserved(_ text: String) -> Bool {
        text.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                true
            default: false
            }
        }
    }
}

/// What a transport got back. `body` is already decompressed.
public struct TransportResponse: Sendable, Equatable {
    public var status: Int
    /// Header names in lower case.
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String] = [:], body: Data) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
        self.body = body
    }

    public func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// Moves a request to a data source and its answer back: HTTP, the bundled dataset, or a stub.
public protocol Transport: Sendable {
    /// A short human-readable name of the source, for logs and error messages.
    var sourceDescription: String { get }
    /// Sends the request. Throws only when no answer came at all (connection refused, timeout,
    /// cancelled); any HTTP status, including errors, is returned as a response.
    func send(_ request: TransportRequest) async throws -> TransportResponse
}

/// Why a transport got no answer at all.
public struct TransportError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        case unreachable
        case timedOut
        case cancelled
        case invalidRequest
        /// The answer was larger than the transport accepts (counted after decompression).
        case tooLarge
    }
    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
