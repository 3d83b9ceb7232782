/// Builds `[LocalDate]` from `<Dates><dateTime>2021-12-26T00:00:00</dateTime>…</Dates>`, in
/// document order.
final class ScheduleDatesBuilder: FinnkinoDocumentBuilder {
    private let values = LeafValueParser()
    private var dates: [LocalDate] = []

    func start(_ element: FinnkinoElement, in parent: FinnkinoElement) throws(DocumentBuildError) -> ElementRole {
        parent == .dates && element == .dateTime ? .leaf : .ignored
    }

    func end(_ element: FinnkinoElement, in parent: FinnkinoElement, text: UnsafeBufferPointer<UInt8>)
        throws(DocumentBuildError)
    {
        guard element == .dateTime else { return }
        guard let date = try values.localDate(text, element) else {
            throw DocumentBuildError("\(element.tag) without a date")
        }
        dates.append(date)
    }

    func finish() throws(DocumentBuildError) -> [LocalDate] {
        dates
    }
}
