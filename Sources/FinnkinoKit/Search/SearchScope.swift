/// The two search scopes of the original app's search bar.
public enum SearchScope: String, Sendable, Hashable, Codable, CaseIterable {
    /// The title or the original title begins with the text.
    case beginsWith
    /// The title or the original title contains the text anywhere.
    case contains
}
