import Foundation
import Testing

@testable import FinnkinoKit
@testable import FinnkinoPresentation

@Suite struct UIStringsTests {
    /// Each entry of a language's table, by name (read with `Mirror`, so a new entry is checked too).
    private static func entries(_ strings: UIStrings) -> [String: String] {
        var entries: [String: String] = [:]
        for child in Mirror(reflecting: strings).children {
            guard let name = child.label else { continue }
            switch child.value {
            case let text as String: entries[name] = text
            case let list as [String]: entries[name] = list.joined(separator: "|")
            default: Issue.record("\(name) is neither text nor a list of texts")
            }
        }
        return entries
    }

    @Test(arguments: [UILanguage.sv, .en])
    func everyLanguageFillsEveryEntryAsFinnishDoes(language: UILanguage) {
        // Given the Finnish table and another language's
        let finnish = Self.entries(UILanguage.fi.strings)
        let other = Self.entries(language.strings)
        #expect(finnish.count > 80 && other.keys.sorted() == finnish.keys.sorted())
        for (name, text) in finnish {
            let translated = other[name] ?? ""
            // Then no entry is empty, each takes its value where Finnish does, and lists are as long
            #expect(!translated.isEmpty, "\(language) \(name)")
            #expect(
                translated.components(separatedBy: "%@").count == text.components(separatedBy: "%@").count,
                "\(language) \(name)")
            #expect(
                translated.split(separator: "|").count == text.split(separator: "|").count, "\(language) \(name)")
        }
    }

    @Test func eachLanguageAsksForContentInItself() {
        #expect(UILanguage.allCases.map(\.contentLanguage) == [.fi, .sv, .en])
        #expect(UILanguage.allCases.map(\.name) == ["Suomi", "Svenska", "English"])
    }
}
