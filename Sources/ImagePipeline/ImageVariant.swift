/// A named chain of decorators: how one kind of picture in the app looks (a list thumbnail, a
/// bookmark card). Variants are data: a table of these values, not code paths. No decorators is
/// the plain image, served as the source sent it.
public struct ImageVariant: Sendable {
    public let name: String
    /// Applied in order: the first wraps the decoded image, the last is outermost.
    public let decorators: [any ImageDecorator]

    /// Part of the cache key: the whole chain, so that changing a variant's decorators never
    /// serves an image made by the old chain. Worked out once: every cache lookup uses it.
    public let key: String

    public init(_ name: String, _ decorators: [any ImageDecorator] = []) {
        self.name = name
        self.decorators = decorators
        key = decorators.isEmpty ? "plain" : decorators.map(\.key).joined(separator: "+")
    }

    public var isPlain: Bool { decorators.isEmpty }
}
