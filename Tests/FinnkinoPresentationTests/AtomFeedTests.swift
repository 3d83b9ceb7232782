import Foundation
import Testing

@testable import FinnkinoPresentation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The Atom feed as text: escaped, without characters XML cannot carry, times in UTC.
@Suite struct AtomFeedTests {
    let time = Date(timeIntervalSince1970: 1_795_600_800)  // 2026-11-25T10:00:00Z

    @Test func aFeedIsWellFormedWithItsEntries() throws {
        let feed = AtomFeed(
            id: "tag:example.org,2026:feed/1", title: "Kino <&> \"feed\"",
            selfLink: try #require(URL(string: "https://example.org/feeds/x/atom.xml?a=1&b=2")),
            alternateLink: URL(string: "https://example.org/bookmarks"), updated: time,
            entries: [
                AtomFeed.Entry(
                    id: "tag:example.org,2026:entry/1", title: "Dune's <b>", updated: time,
                    content: "Line one\nline\u{1}two & more", link: URL(string: "https://example.org/movie/1"))
            ])
        let text = feed.text
        #expect(text.contains("<updated>2026-11-25T10:00:00Z</updated>"))
        #expect(text.contains("<title>Kino &lt;&amp;&gt; &quot;feed&quot;</title>"))
        #expect(text.contains("href=\"https://example.org/feeds/x/atom.xml?a=1&amp;b=2\""))
        #expect(text.contains("<title>Dune&apos;s &lt;b&gt;</title>"))
        #expect(text.contains("<content type=\"text\">Line one\nlinetwo &amp; more</content>"))
        // And an XML parser reads it whole
        let parser = XMLParser(data: Data(text.utf8))
        #expect(parser.parse(), "\(parser.parserError.map(String.init(describing:)) ?? "")")
    }
}
