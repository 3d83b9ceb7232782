import AppPatterns
import Foundation
import NIOConcurrencyHelpers

/// Sends a Swedish or English request to the path form that works (a Decorator of the live
/// transport): first ``ContentLanguage/pathPrefix`` (`/en/xml/…`); when that answers 404 or an
/// HTML page instead of XML, the same request under ``ContentLanguage/alternativePathPrefix``
/// (`/eng/xml/…`). A language whose alternative answered is sent there directly from then on.
public final class LanguagePathTransport: Transport {
    public let inner: any Transport
    /// The languages whose alternative prefix answered when the first did not.
    private let alternativeWorks = NIOLockedValueBox<Set<ContentLanguage>>([])

    public init(_ inner: any Transport) {
        self.inner = inner
    }

    public var sourceDescription: String { inner.sourceDescription }

    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        guard let (language, rest) = Self.split(request.path), let alternative = language.alternativePathPrefix else {
            return try await inner.send(request)
        }
        var moved = request
        moved.path = alternative + rest
        if alternativeWorks.withLockedValue({ $0.contains(language) }) { return try await inner.send(moved) }
        let first = try await inner.send(request)
        guard Self.isMissing(first) else { return first }
        let second = try await inner.send(moved)
        guard !Self.isMissing(second) else { return first }
        alternativeWorks.withLockedValue { _ = $0.insert(language) }
        return second
    }

    /// The language of a path under a primary prefix, and the path after it (`/xml/…`).
    static func split(_ path: String) -> (ContentLanguage, String)? {
        for language in ContentLanguage.allCases where !language.pathPrefix.isEmpty {
            let prefix = language.pathPrefix + "/xml/"
            if path.hasPrefix(prefix) { return (language, String(path.dropFirst(language.pathPrefix.count))) }
        }
        return nil
    }

    /// Whether an answer says the path is not there: a 404, or a page of the web site (HTML)
    /// where a feed (XML) was asked for.
    static func isMissing(_ response: TransportResponse) -> Bool {
        response.status == 404 || BodyKind.of(response) == .html
    }
}
