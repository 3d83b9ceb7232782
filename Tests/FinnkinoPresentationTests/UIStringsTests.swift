import Foundation
import Testing

@testable import FinnkinoKit
@testable import FinnkinoPresentation

/// The interface's words: eight tables (general, the international lists, the editor, devices, shows,
/// the watchlist import, watch together, the weekly digest),
/// each filled for every language, and one way to put a value into words: a ``Template``.
@Suite struct UIStringsTests {
    /// An entry of a table: its words, and whether it is a template.
    private struct Entry {
        let text: String
        let isTemplate: Bool
    }

    /// Each entry of a table, by name (read with `Mirror`, so a new entry is checked too).
    private static func entries(_ table: Any) -> [String: Entry] {
        var entries: [String: Entry] = [:]
        for child in Mirror(reflecting: table).children {
            guard let name = child.label else { continue }
            switch child.value {
            case let text as String: entries[name] = Entry(text: text, isTemplate: false)
            case let template as Template: entries[name] = Entry(text: template.text, isTemplate: true)
            case let list as [String]: entries[name] = Entry(text: list.joined(separator: "|"), isTemplate: false)
            case let map as [AnyHashable: String]:
                let texts = map.sorted { "\($0.key)" < "\($1.key)" }.map(\.value)
                entries[name] = Entry(text: texts.joined(separator: "|"), isTemplate: false)
            default: Issue.record("\(name) is neither words, a template nor a list of words")
            }
        }
        return entries
    }

    /// Every table of `language`, by name.
    private static func tables(_ language: UILanguage) -> [String: Any] {
        [
            "strings": language.strings.words, "charts": language.charts, "editor": language.editor,
            "devices": language.devices, "shows": language.shows.words, "watchlist": language.watchlist,
            "together": language.together, "digest": language.digest,
        ]
    }

    @Test(arguments: [UILanguage.sv, .en])
    func everyLanguageFillsEveryEntryAsFinnishDoes(language: UILanguage) throws {
        for (table, finnishTable) in Self.tables(.fi) {
            // Given the Finnish table and the same table of another language
            let finnish = Self.entries(finnishTable)
            let other = Self.entries(try #require(Self.tables(language)[table]))
            #expect(finnish.count >= 15 && other.keys.sorted() == finnish.keys.sorted(), "\(table)")
            for (name, entry) in finnish {
                let translated = other[name]?.text ?? ""
                // Then no entry is empty, each takes its value where Finnish does, and lists are as long
                #expect(!translated.isEmpty, "\(language) \(table).\(name)")
                #expect(
                    translated.components(separatedBy: "%@").count == entry.text.components(separatedBy: "%@").count,
                    "\(language) \(table).\(name)")
                #expect(
                    translated.split(separator: "|").count == entry.text.split(separator: "|").count,
                    "\(language) \(table).\(name)")
            }
        }
    }

    @Test(arguments: UILanguage.allCases)
    func anEntryTakesAValueOnlyAsATemplate(language: UILanguage) {
        for (table, words) in Self.tables(language) {
            for (name, entry) in Self.entries(words) {
                // A `%@` in plain words would reach a page as it is; a template without one drops its value
                #expect(entry.text.contains("%@") == entry.isTemplate, "\(language) \(table).\(name)")
            }
        }
    }

    @Test func aTableTemplateIsFilledWhereItSays() {
        #expect(UILanguage.en.strings.removedOne("Dyyni") == "Removed Dyyni")
        #expect(UILanguage.fi.editor.libraryFull("20").contains("20 "))
    }

    @Test func aChangedEntryMakesATableOfItsOwn() {
        // Given a copy of the English table with one entry changed
        var wording = UILanguage.en.strings
        wording.minutes = "minutes"
        // Then the copy has it, the language's table does not, and the two differ
        #expect(wording.minutes == "minutes" && UILanguage.en.strings.minutes == "min")
        #expect(wording != UILanguage.en.strings && wording.words != UILanguage.en.strings.words)
        // And changed back, it equals the language's table again, hashed alike
        wording.minutes = "min"
        #expect(wording == UILanguage.en.strings && wording.hashValue == UILanguage.en.strings.hashValue)
        #expect(UILanguage.en.strings != UILanguage.fi.strings)
    }

    @Test func eachLanguageAsksForContentInItself() {
        #expect(UILanguage.allCases.map(\.contentLanguage) == [.fi, .sv, .en])
        #expect(UILanguage.allCases.map(\.name) == ["Suomi", "Svenska", "English"])
    }
}
