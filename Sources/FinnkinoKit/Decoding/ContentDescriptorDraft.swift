import Foundation

/// The fields of a `<ContentDescriptor>` while it is read.
struct ContentDescriptorDraft {
    private var name = ""
    private var imageURL: URL?

    static func accepts(_ element: FinnkinoElement) -> Bool {
        element == .name || element == .imageURL
    }

    mutating func set(_ element: FinnkinoElement, _ text: UnsafeBufferPointer<UInt8>, values: inout LeafValueParser) {
        switch element {
        case .name: name = values.string(text)
        case .imageURL: imageURL = values.url(text)
        default: break
        }
    }

    /// Nil for an empty descriptor.
    func build() -> ContentDescriptor? {
        if name.isEmpty && imageURL == nil { return nil }
        return ContentDescriptor(name: name, imageURL: imageURL)
    }
}
