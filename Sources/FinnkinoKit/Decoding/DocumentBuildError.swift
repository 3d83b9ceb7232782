/// Why a builder rejected a document. The reader adds the endpoint, line and column of the
/// element being built when it turns this into a `FinnkinoDecodingError`.
struct DocumentBuildError: Error {
    var reason: String

    init(_ reason: String) {
        self.reason = reason
    }

    static func missing(_ child: FinnkinoElement, in parent: FinnkinoElement) -> DocumentBuildError {
        DocumentBuildError("\(parent.tag) without \(child.tag)")
    }
}
