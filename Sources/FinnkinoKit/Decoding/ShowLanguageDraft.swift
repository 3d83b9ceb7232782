/// The fields of a `<SpokenLanguage>` or `<SubtitleLanguageN>` while it is read.
struct ShowLanguageDraft {
    private var name = ""
    private var nameInLanguage: String?
    private var isoTwoLetterCode = ""

    static func accepts(_ element: FinnkinoElement) -> Bool {
        element == .name || element == .nameInLanguage || element == .isoTwoLetterCode
    }

    mutating func set(_ element: FinnkinoElement, _ text: UnsafeBufferPointer<UInt8>, values: inout LeafValueParser) {
        switch element {
        case .name: name = values.string(text)
        case .nameInLanguage: nameInLanguage = values.optionalString(text)
        case .isoTwoLetterCode:
            let code = values.string(text)
            let hasLowercase = code.utf8.contains { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }
            isoTwoLetterCode = hasLowercase ? code.uppercased() : code
        default: break
        }
    }

    /// Nil when the element was empty (neither a name nor a code).
    func build() -> ShowLanguage? {
        if name.isEmpty && isoTwoLetterCode.isEmpty && nameInLanguage == nil { return nil }
        return ShowLanguage(name: name, nameInLanguage: nameInLanguage, isoTwoLetterCode: isoTwoLetterCode)
    }
}
