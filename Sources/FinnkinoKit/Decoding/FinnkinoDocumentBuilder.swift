/// What a builder makes of an element it was offered.
enum ElementRole {
    /// Skip it and everything inside it.
    case ignored
    /// An element whose children matter; its text does not.
    case container
    /// An element whose text is a value; the text is handed over when it ends.
    case leaf
}

/// Builds one endpoint's model from the elements of its document, as `SAXDocumentReader`
/// streams them. Only elements whose parent the builder accepted are offered.
protocol FinnkinoDocumentBuilder: AnyObject {
    associatedtype Output

    /// Decides what `element`, found inside `parent`, is; starts a new record when it is one.
    func start(_ element: FinnkinoElement, in parent: FinnkinoElement) throws(DocumentBuildError) -> ElementRole

    /// Takes the value of a leaf (its text, whitespace-trimmed, valid only during the call) or
    /// completes a container (`text` empty).
    func end(_ element: FinnkinoElement, in parent: FinnkinoElement, text: UnsafeBufferPointer<UInt8>)
        throws(DocumentBuildError)

    /// The model, after the root element has ended.
    func finish() throws(DocumentBuildError) -> Output
}
