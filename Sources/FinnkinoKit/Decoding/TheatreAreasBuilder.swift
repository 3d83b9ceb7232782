/// Builds `[TheatreArea]` from `<TheatreAreas><TheatreArea><ID/><Name/></TheatreArea>…`.
final class TheatreAreasBuilder: FinnkinoDocumentBuilder {
    private var values = LeafValueParser()
    private var areas: [TheatreArea] = []
    private var id: Int?
    private var name = ""

    func start(_ element: FinnkinoElement, in parent: FinnkinoElement) throws(DocumentBuildError) -> ElementRole {
        switch (parent, element) {
        case (.theatreAreas, .theatreArea):
            (id, name) = (nil, "")
            return .container
        case (.theatreArea, .id), (.theatreArea, .name): return .leaf
        default: return .ignored
        }
    }

    func end(_ element: FinnkinoElement, in parent: FinnkinoElement, text: UnsafeBufferPointer<UInt8>)
        throws(DocumentBuildError)
    {
        switch (parent, element) {
        case (.theatreAreas, .theatreArea):
            guard let id else { throw .missing(.id, in: .theatreArea) }
            areas.append(TheatreArea(id: id, name: name))
        case (.theatreArea, .id): id = try values.requiredInt(text, element)
        case (.theatreArea, .name): name = values.string(text)
        default: break
        }
    }

    func finish() throws(DocumentBuildError) -> [TheatreArea] {
        areas
    }
}
