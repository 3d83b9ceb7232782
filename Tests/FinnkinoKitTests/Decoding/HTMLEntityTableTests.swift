import Foundation
import Testing

@testable import FinnkinoKit

@Suite("HTML entity table and decoding")
struct HTMLEntityTableTests {
    @Test("the Latin-1 names cover U+00A0 to U+00FF, each once")
    func latin1Complete() {
        // Given the table
        let latin1 = HTMLEntityTable.latin1Names.compactMap { HTMLEntityTable.characters[$0] }

        // Then
        #expect(HTMLEntityTable.latin1Names.count == 96)
        #expect(Set(HTMLEntityTable.latin1Names).count == 96)
        #expect(latin1.map(\.value) == Array(0xA0...0xFF))
    }

    @Test(
        "names agree with the Unicode names of their characters",
        arguments: [
            ("auml", "LATIN SMALL LETTER A WITH DIAERESIS"), ("Ouml", "LATIN CAPITAL LETTER O WITH DIAERESIS"),
            ("aring", "LATIN SMALL LETTER A WITH RING ABOVE"), ("eacute", "LATIN SMALL LETTER E WITH ACUTE"),
            ("szlig", "LATIN SMALL LETTER SHARP S"), ("nbsp", "NO-BREAK SPACE"), ("copy", "COPYRIGHT SIGN"),
            ("ndash", "EN DASH"), ("mdash", "EM DASH"), ("hellip", "HORIZONTAL ELLIPSIS"),
            ("rdquo", "RIGHT DOUBLE QUOTATION MARK"), ("lsquo", "LEFT SINGLE QUOTATION MARK"), ("euro", "EURO SIGN"),
            ("scaron", "LATIN SMALL LETTER S WITH CARON"), ("Zcaron", "LATIN CAPITAL LETTER Z WITH CARON"),
            ("bull", "BULLET"), ("trade", "TRADE MARK SIGN"), ("yuml", "LATIN SMALL LETTER Y WITH DIAERESIS"),
        ])
    func unicodeNames(entity: String, unicodeName: String) {
        #expect(HTMLEntityTable.characters[entity]?.properties.name == unicodeName)
    }

    @Test("every entry decodes in plain text and in HTML, markup ones staying escaped in HTML")
    func everyEntryDecodes() {
        let markup: Set<String> = ["lt", "gt", "amp", "quot", "apos"]
        for (name, scalar) in HTMLEntityTable.characters {
            #expect(HTMLEntityDecoder.plainText("x&\(name);y") == "x\(Character(scalar))y", "\(name)")
            let html = HTMLEntityDecoder.htmlFragment("&\(name);")
            #expect(markup.contains(name) ? html.hasPrefix("&") : html == String(Character(scalar)), "\(name)")
        }
    }

    @Test("numeric references, decimal and hex; invalid and unknown ones stay as written")
    func numericReferences() {
        #expect(HTMLEntityDecoder.plainText("&#228;&#xE4;&#XC4;") == "ääÄ")
        #expect(
            HTMLEntityDecoder.plainText("&#0; &#xD800; &#99999999; &nosuch; & ;")
                == "&#0; &#xD800; &#99999999; &nosuch; & ;")
        #expect(HTMLEntityDecoder.htmlFragment("&#60;b&#62; &#38; &#34; &#39;") == "&lt;b&gt; &amp; &quot; &#39;")
    }

    @Test("plain text drops tags, keeps text that only looks like a tag, breaks lines at <br> and </p>")
    func plainTextTags() {
        #expect(
            HTMLEntityDecoder.plainText("<p><b>Uutta</b> ohjelmistossa</p><p>Toinen<br/>rivi</p>")
                == "Uutta ohjelmistossa\nToinen\nrivi")
        #expect(HTMLEntityDecoder.plainText("1 < 2 and 3 > 2") == "1 < 2 and 3 > 2")
    }

    @Test("synopses: trimmed, indentation after paragraph breaks removed, one blank line between paragraphs")
    func synopsis() {
        #expect(
            SynopsisText.normalized("  Eka.\n\n            Toka rivi\n  jatkuu.\r\n\r\n\n\n   Kolmas.  \n")
                == "Eka.\n\nToka rivi\njatkuu.\n\nKolmas.")
        #expect(SynopsisText.normalized(" \n ") == "")
    }
}
