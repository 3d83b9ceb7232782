import Foundation

extension String {
    private static let pathSegmentCharacters = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))

    /// Percent-encoded for one path segment.
    func addingPercentEncodingForPath() -> String {
        addingPercentEncoding(withAllowedCharacters: Self.pathSegmentCharacters) ?? ""
    }
}
