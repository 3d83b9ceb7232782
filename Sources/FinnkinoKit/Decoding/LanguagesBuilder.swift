/// Builds `[Language]` from `<Languages><Language>…</Language></Languages>`.
final class LanguagesBuilder: FinnkinoDocumentBuilder {
    private var values = LeafValueParser()
    private var languages: [Language] = []
    private var language = Language(
        id: nil, name: "", localName: nil, nameInLanguage: nil, isoCode: nil, isoTwoLetterCode: nil)

    func start(_ element: FinnkinoElement, in parent: FinnkinoElement) throws(DocumentBuildError) -> ElementRole {
        switch (parent, element) {
        case (.languages, .language):
            language = Language(
                id: nil, name: "", localName: nil, nameInLanguage: nil, isoCode: nil, isoTwoLetterCode: nil)
            return .container
        case (.language, .id), (.language, .name), (.language, .localName), (.language, .nameInLanguage),
            (.language, .isoCode), (.language, .isoTwoLetterCode):
            return .leaf
        default:
            return .ignored
        }
    }

    func end(_ element: FinnkinoElement, in parent: FinnkinoElement, text: UnsafeBufferPointer<UInt8>)
        throws(DocumentBuildError)
    {
        switch (parent, element) {
        case (.languages, .language): languages.append(language)
        case (.language, .id): language.id = try values.int(text, element)
        case (.language, .name): language.name = values.string(text)
        case (.language, .localName): language.localName = values.optionalString(text)
        case (.language, .nameInLanguage): language.nameInLanguage = values.optionalString(text)
        case (.language, .isoCode): language.isoCode = values.optionalString(text)
        case (.language, .isoTwoLetterCode): language.isoTwoLetterCode = values.optionalString(text)
        default: break
        }
    }

    func finish() throws(DocumentBuildError) -> [Language] {
        languages
    }
}
