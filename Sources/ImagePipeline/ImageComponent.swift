/// Something that renders to a ``Bitmap``: a decoded image (the concrete component) or a
/// decorator around another component (Decorator pattern).
public protocol ImageComponent: Sendable {
    /// Renders the image. `minimumSize` tells the component that nothing larger is needed: a
    /// decoder may then decode smaller (never below it); nil asks for the full size.
    func render(minimumSize: PixelSize?) throws(ImageError) -> Bitmap
}

/// One responsibility added to an image: a shadow, a transform, rounded corners, a tone, a size.
/// Wrapped around a component with ``ImageComponent/decorated(with:)``; a new decorator is a new
/// conforming type, and existing ones are not edited.
public protocol ImageDecorator: Sendable {
    /// Names the decorator and its parameters, stable across runs: part of the cache key.
    var key: String { get }
    /// The least size the decorator needs of its input to make an output from an input of at
    /// least `outputMinimum` (nil: the full size). Decorators that do not change the geometry pass
    /// the hint through; a resize asks for its own box.
    func inputMinimum(forOutputMinimum outputMinimum: PixelSize?) -> PixelSize?
    /// The decorated bitmap.
    func apply(to bitmap: Bitmap) -> Bitmap
}

extension ImageDecorator {
    public func inputMinimum(forOutputMinimum outputMinimum: PixelSize?) -> PixelSize? { nil }
}

/// A component wrapped in one decorator.
public struct DecoratedImage: ImageComponent {
    public let base: any ImageComponent
    public let decorator: any ImageDecorator

    public init(_ base: any ImageComponent, decorator: any ImageDecorator) {
        self.base = base
        self.decorator = decorator
    }

    public func render(minimumSize: PixelSize?) throws(ImageError) -> Bitmap {
        let input = try base.render(minimumSize: decorator.inputMinimum(forOutputMinimum: minimumSize))
        if Task.isCancelled { throw .cancelled }
        return decorator.apply(to: input)
    }
}

extension ImageComponent {
    /// This component inside `decorator`.
    public func decorated(with decorator: any ImageDecorator) -> any ImageComponent {
        DecoratedImage(self, decorator: decorator)
    }

    /// This component inside each of `decorators`, the first innermost (applied first).
    public func decorated(with decorators: [any ImageDecorator]) -> any ImageComponent {
        decorators.reduce(self as any ImageComponent) { $0.decorated(with: $1) }
    }
}

/// The concrete component: encoded bytes, decoded when rendered.
public struct EncodedComponent: ImageComponent {
    public let bytes: [UInt8]
    public let codec: ImageCodec

    public init(_ bytes: [UInt8], codec: ImageCodec = ImageCodec()) {
        self.bytes = bytes
        self.codec = codec
    }

    public func render(minimumSize: PixelSize?) throws(ImageError) -> Bitmap {
        try codec.decode(bytes, minimumSize: minimumSize)
    }
}

/// An already decoded bitmap as a component.
public struct BitmapComponent: ImageComponent {
    public let bitmap: Bitmap

    public init(_ bitmap: Bitmap) { self.bitmap = bitmap }

    public func render(minimumSize: PixelSize?) throws(ImageError) -> Bitmap { bitmap }
}
