import Testing
import WebSupport

/// The one escaping function both web apps write feed text with.
@Suite struct HTMLWriterTests {
    @Test func textEscapesTheFiveMarkupCharactersAndNothingElse() {
        // Given a writer with some markup of its own
        var html = HTMLWriter(capacity: 64)
        html.raw("<p title=\"")
        // When feed text full of markup and accents is written as text and as an attribute value
        html.text("\"quoted\" & 'single'")
        html.raw("\">")
        html.text("<script>alert(1)</script> Äiti · 東京")
        html.raw("</p>")
        // Then only &, <, >, " and ' are character references; the markup written raw is kept
        #expect(
            html.html
                == "<p title=\"&quot;quoted&quot; &amp; &#39;single&#39;\">"
                + "&lt;script&gt;alert(1)&lt;/script&gt; Äiti · 東京</p>")
    }

    @Test func escapedGivesTheSameAsText() {
        // Given hostile text, When escaped on its own and through a writer
        let hostile = "<img src=x onerror='a&b'>"
        var html = HTMLWriter()
        html.text(hostile)
        // Then both agree, and an empty string stays empty
        #expect(HTMLWriter.escaped(hostile) == "&lt;img src=x onerror=&#39;a&amp;b&#39;&gt;")
        #expect(html.html == HTMLWriter.escaped(hostile))
        #expect(HTMLWriter.escaped("") == "")
    }

    @Test func escapesASubstringOnlyWithinItsBounds() {
        // Given a substring cut out of a longer text
        let text = "a<b>c&d"
        let middle = text.dropFirst(1).dropLast(2)
        // When escaped, Then only its own characters appear
        #expect(HTMLWriter.escaped(middle) == "&lt;b&gt;c")
    }
}

/// The element API: names are literals, every value is escaped, and an attribute without a value is
/// left out.
@Suite struct HTMLElementTests {
    static let hostile = "\"><script>alert('x')</script>"

    @Test func anElementEscapesItsAttributeValuesAndItsText() {
        // Given a link whose address and text come from a feed
        var html = HTMLWriter()
        // When written as an element
        html.element("a", .class("title-link"), .href("/movie/1?a=1&b=\(Self.hostile)"), text: Self.hostile)
        // Then both the value and the text are escaped, in the order given
        #expect(
            html.html
                == "<a class=\"title-link\" href=\"/movie/1?a=1&amp;b=&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)"
                + "&lt;/script&gt;\">&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;</a>")
    }

    @Test func nestedElementsCloseInOrder() {
        // Given a list of two cards, When written with nested elements
        var html = HTMLWriter()
        html.element("ul", .class("cards")) { html in
            for title in ["A", "B"] {
                html.element("li", .class("card")) { html in html.element("span", text: title) }
            }
        }
        // Then each element is closed where its closure ends
        #expect(
            html.html
                == "<ul class=\"cards\"><li class=\"card\"><span>A</span></li><li class=\"card\"><span>B</span></li></ul>"
        )
    }

    @Test func missingValuesAndFalseConditionsLeaveTheAttributeOut() {
        // Given attributes without a value, or whose condition is false
        var html = HTMLWriter()
        let none: String? = nil
        html.voidElement(
            "input", .type("checkbox"), .id(none), .flag("checked", false), .current(false),
            .attribute("data-x", "y", if: false), .attribute("max", nil as Int?))
        // And the same attributes with values and true conditions
        html.voidElement(
            "input", .type("checkbox"), .id("pick"), .flag("checked"), .current(true),
            .attribute("data-x", "y", if: true), .attribute("max", 10))
        // Then the first has only its type, the second all of them; a void element has no end tag
        #expect(
            html.html
                == "<input type=\"checkbox\">"
                + "<input type=\"checkbox\" id=\"pick\" checked aria-current=\"page\" data-x=\"y\" max=\"10\">")
    }

    @Test func anSVGShapeClosesItselfAndAnElementCanBeEmpty() {
        // Given an SVG with a shape, and an empty element
        var html = HTMLWriter()
        html.element("svg", .attribute("viewBox", "0 0 2 2")) { html in
            html.selfClosingElement("path", .attribute("d", "M0 0h1v1h-1z"), .attribute("aria-label", "<x>"))
        }
        html.element("progress", .attribute("max", 100)) { _ in }
        // Then the shape ends with `/>` (SVG would otherwise nest what follows inside it), its values
        // escaped, and the empty element still has its end tag
        #expect(
            html.html
                == "<svg viewBox=\"0 0 2 2\"><path d=\"M0 0h1v1h-1z\" aria-label=\"&lt;x&gt;\"/></svg>"
                + "<progress max=\"100\"></progress>")
    }

    @Test func aFragmentIsAppendedAsItWasWritten() {
        // Given a fragment with hostile text, written once
        let fragment = HTMLWriter.fragment { html in html.element("p", text: "<b>") }
        // When appended into another writer, twice, between a start tag and an end tag written apart
        var html = HTMLWriter(capacity: 8)
        html.open("div", .id("list"))
        html.append(fragment)
        html.append(fragment)
        html.append(.empty)
        html.close("div")
        // Then the fragment's markup is there as it was, its text still escaped once
        #expect(fragment.markup == "<p>&lt;b&gt;</p>")
        #expect(html.html == "<div id=\"list\"><p>&lt;b&gt;</p><p>&lt;b&gt;</p></div>")
        #expect(html.fragment.markup == html.html)
    }

    @Test func numbersAndLongNonASCIITextAreWrittenWhole() {
        // Given a number, and a part of a text longer than a small string, with accents and quotes
        var html = HTMLWriter()
        let middle = String(repeating: "Äiti ja tähti · 東京 ", count: 40)
        let long = "'" + middle + "'<end>"
        html.element("p", .attribute("data-n", -42)) { html in
            html.text(1234)
            html.text(long.dropLast(5))
        }
        // Then the number is its decimal digits, and the part is whole, escaped nowhere but the quotes
        #expect(html.html == "<p data-n=\"-42\">1234&#39;" + middle + "&#39;</p>")
    }
}
