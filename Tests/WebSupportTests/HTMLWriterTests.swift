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
