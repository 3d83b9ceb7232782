import Foundation
import MusicifyKit
import Testing

@testable import MusicifyWeb

/// The page drawn from the widgets' state, without a server.
@Suite struct LatestSongsPageTests {
    static let bundledRow = SongListCanvas.Row(
        id: "1900000001", title: "Northern Lights Again", subtitle: "Aino Halme · 2026",
        artworkURL: URL(string: "https://musicify.invalid/artwork/1900000001/300x300bb.svg"))
    static let appleRow = SongListCanvas.Row(
        id: "1619580347", title: "First Class", subtitle: "Jack Harlow · 2022",
        artworkURL: URL(string: "https://is1-ssl.mzstatic.com/image/thumb/Music/a/300x300bb.jpg"))

    @Test func rowsAreNumberedLinksWithArtworkNameAndSubtitle() {
        // Given two rows, one from the bundled chart and one from Apple's
        let state = SongListCanvas.State(rows: [Self.bundledRow, Self.appleRow])
        // When the page is drawn
        let page = LatestSongsPage.render(state).markup
        // Then each row links to its selection, with its rank, 60x60 artwork with alt text, name and subtitle
        #expect(page.hasPrefix("<!doctype html>\n<html lang=\"en\">"))
        #expect(page.contains("<title>Latest songs · Musicify</title>"))
        #expect(page.contains("<a class=\"brand\" href=\"/\">"))
        #expect(page.contains("<h1>Latest songs</h1>"))
        #expect(
            page.contains(
                "<li><a class=\"song\" href=\"/songs/1900000001\"><span class=\"rank\">1</span>"
                    + "<img class=\"artwork\" src=\"/bundled/artwork/1900000001/300x300bb.svg\" "
                    + "alt=\"Cover of Northern Lights Again\" width=\"60\" height=\"60\">"
                    + "<span class=\"song-text\"><span class=\"song-title\">Northern Lights Again</span>"
                    + "<span class=\"song-subtitle\">Aino Halme · 2026</span></span></a></li>"))
        // And Apple's https artwork is used as it is
        #expect(
            page.contains(
                "href=\"/songs/1619580347\"><span class=\"rank\">2</span><img class=\"artwork\" "
                    + "src=\"https://is1-ssl.mzstatic.com/image/thumb/Music/a/300x300bb.jpg\""))
        #expect(!page.contains("role=\"alert\""))
        #expect(page.components(separatedBy: "<li>").count == 3)
    }

    @Test func theSortControlIsTwoLinksMarkingTheChosenOrder() {
        // Given the same rows listed in chart order and by artist
        let rows = [Self.bundledRow, Self.appleRow]
        // When each is drawn
        let chart = LatestSongsPage.render(SongListCanvas.State(rows: rows, sortOrder: .chart)).markup
        let artist = LatestSongsPage.render(SongListCanvas.State(rows: rows, sortOrder: .artist)).markup
        // Then each has the two links above the list, the chosen one marked as the current page
        #expect(
            chart.contains(
                "<nav class=\"sort\" aria-label=\"Order of the songs\"><a href=\"/\" aria-current=\"page\">"
                    + "Chart order</a><a href=\"/?sort=artist\">By artist</a></nav>\n<ol class=\"songs\">"))
        #expect(
            artist.contains(
                "<nav class=\"sort\" aria-label=\"Order of the songs\"><a href=\"/\">Chart order</a>"
                    + "<a href=\"/?sort=artist\" aria-current=\"page\">By artist</a></nav>\n<ol class=\"songs\">"))
        #expect(chart.components(separatedBy: "aria-current").count == 2)
        #expect(artist.components(separatedBy: "aria-current").count == 2)
    }

    @Test func hostileTextAndIDsAreEscaped() {
        // Given a row whose every field is markup
        let hostile = "<script>alert('x')</script>"
        let row = SongListCanvas.Row(
            id: "\"><script>1</script>", title: hostile, subtitle: "\(hostile) & co",
            artworkURL: URL(string: "https://example.com/a.jpg?x=1&y='2'"))
        // When the page is drawn
        let page = LatestSongsPage.render(SongListCanvas.State(rows: [row])).markup
        // Then none of it is markup: text escaped, the ID one percent-encoded path segment
        #expect(!page.contains("<script>"))
        #expect(page.contains("<span class=\"song-title\">&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;</span>"))
        #expect(page.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; co"))
        #expect(page.contains("alt=\"Cover of &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;\""))
        #expect(page.contains("href=\"/songs/%22%3E%3Cscript%3E1%3C%2Fscript%3E\""))
        #expect(page.contains("src=\"https://example.com/a.jpg?x=1&amp;y=&#39;2&#39;\""))
    }

    @Test func artworkThatIsNotHTTPSIsLeftOut() {
        // Given rows with an http, a data: and no artwork
        let rows = [
            SongListCanvas.Row(id: "1", title: "A", subtitle: "a", artworkURL: URL(string: "http://example.com/a.jpg")),
            SongListCanvas.Row(id: "2", title: "B", subtitle: "b", artworkURL: URL(string: "data:image/png;base64,AA")),
            SongListCanvas.Row(id: "3", title: "C", subtitle: "c", artworkURL: nil),
        ]
        // When the page is drawn
        let page = LatestSongsPage.render(SongListCanvas.State(rows: rows)).markup
        // Then no image is asked for, and each row keeps an empty square in its place
        #expect(!page.contains("<img class=\"artwork\""))
        #expect(page.components(separatedBy: "artwork-missing").count == 4)
    }

    @Test(arguments: ["Connection error", "JSON parsing error"])
    func anAlertIsABoxWithTryAgain(message: String) {
        // Given the widgets showing an alert and no rows
        let state = SongListCanvas.State(alert: message)
        // When the page is drawn
        let page = LatestSongsPage.render(state).markup
        // Then the alert is a role=alert box with the message and a link to try again, and no list
        #expect(
            page.contains(
                "<div class=\"alert\" role=\"alert\"><p class=\"alert-title\">\(message)</p>"
                    + "<p>The latest songs could not be shown.</p>"
                    + "<p><a class=\"button\" href=\"/\">Try again</a></p></div>"))
        #expect(!page.contains("<ol"))
        #expect(!page.contains("no songs"))
        // And nothing to sort
        #expect(!page.contains("class=\"sort\""))
    }

    @Test func anAlertIsEscapedToo() {
        // Given an alert with markup, When the page is drawn
        let page = LatestSongsPage.render(SongListCanvas.State(alert: "<b>bad</b>")).markup
        // Then it is shown as text
        #expect(page.contains("<p class=\"alert-title\">&lt;b&gt;bad&lt;/b&gt;</p>"))
    }

    @Test func anEmptyChartSaysSoAndLoadingSaysSo() {
        // Given widgets with no rows, and widgets showing the loading indicator, When each is drawn
        let empty = LatestSongsPage.render(SongListCanvas.State()).markup
        let loading = LatestSongsPage.render(SongListCanvas.State(isLoading: true)).markup
        // Then each says what it is, without a list
        #expect(empty.contains("<p class=\"empty\">The chart has no songs right now.</p>"))
        #expect(!empty.contains("Loading"))
        #expect(loading.contains("<p class=\"loading\" role=\"status\">Loading the latest songs…</p>"))
        #expect(!loading.contains("no songs"))
        #expect(!empty.contains("class=\"sort\"") && !loading.contains("class=\"sort\""))
    }

    @Test func thePageNamesNoArchitecture() {
        // Given a full chart and an alert, When each is drawn
        let pages = [
            LatestSongsPage.render(SongListCanvas.State(rows: [Self.bundledRow, Self.appleRow])).markup,
            LatestSongsPage.render(SongListCanvas.State(alert: "Connection error")).markup,
        ]
        // Then neither page says which architecture drew it
        for page in pages {
            for architecture in Architecture.allCases {
                #expect(!page.localizedCaseInsensitiveContains(architecture.title), "\(architecture)")
                #expect(!page.localizedCaseInsensitiveContains(">\(architecture.rawValue)<"), "\(architecture)")
            }
        }
    }
}
