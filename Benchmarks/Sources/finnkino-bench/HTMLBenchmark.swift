import ArgumentParser
import Foundation
import Plot
import WebSupport

/// `finnkino-bench html`: one list of movie rows, as the Movies screen writes it (a link with a
/// poster, a title and facts, and a bookmark form per movie), written with the web layer's element
/// API (`HTMLWriter`), with JohnSundell's Plot, and the way the views wrote it before the element
/// API (markup appended to a `String`, values escaped by hand), in the same run. All three must
/// write the same bytes before anything is timed. Also says whether each escapes a hostile
/// attribute value.
struct HTMLBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "html", abstract: "Write the same movie list with the element API and with Plot.")

    @Option(help: "Movies in the list.")
    var rows = 60

    @Option(help: "Lists written per approach (after as many again to warm up).")
    var iterations = 3_000

    struct Row {
        let id: Int
        let title: String
        let facts: String
        let poster: String
        var path: String { "/movie/\(id)" }
    }

    func run() throws {
        // Titles with accents and an ampersand in text (escaped the same way by both); attribute
        // values without markup characters, which Plot would leave unescaped.
        let list = (0..<rows).map { index in
            Row(
                id: 303_000 + index,
                title: "Elokuva \(index): Äiti & tähti – \(String(repeating: "yö ", count: index % 5))",
                facts: "Draama, Komedia · 1 h \(40 + index % 20) min", poster: "/image/plain/\(index)abc.jpg?w=99")
        }
        let ours = Self.elementAPI(list).markup
        // Plot closes void elements XHTML's way (`<img …/>`), which HTML reads the same.
        let plot = Self.plot(list).replacingOccurrences(of: "/>", with: ">")
        guard ours == Self.strings(list) else { throw ValidationError("the String version differs") }
        guard ours == plot else {
            let same = zip(ours, plot).prefix { $0 == $1 }.count
            throw ValidationError(
                "the two differ at character \(same):\n  element API: \(ours.dropFirst(same).prefix(80))\n"
                    + "  Plot:        \(plot.dropFirst(same).prefix(80))")
        }
        print("\(rows) rows, \(ours.utf8.count) bytes per list, \(iterations) lists per approach\n")
        print(
            SearchBenchmark.pad("approach", 24) + SearchBenchmark.pad("p50 µs", 10) + SearchBenchmark.pad("p99 µs", 10)
                + "escapes a hostile attribute value")
        let hostile = "\"><script>alert(1)</script>"
        var sink = 0
        let elementTimes = measure { sink &+= Self.elementAPI(list).utf8.count }
        Self.report(
            "element API", elementTimes,
            escapes: !Self.elementAPI([Row(id: 1, title: "", facts: "", poster: hostile)]).markup.contains("<script>"))
        let stringTimes = measure { sink &+= Self.strings(list).utf8.count }
        Self.report(
            "String, by hand (before)", stringTimes,
            escapes: !Self.strings([Row(id: 1, title: "", facts: "", poster: hostile)]).contains("<script>"))
        let plotTimes = measure { sink &+= Self.plot(list).utf8.count }
        Self.report(
            "Plot 0.14", plotTimes,
            escapes: !Self.plot([Row(id: 1, title: "", facts: "", poster: hostile)]).contains("<script>"))
        print(
            "\nelement API / String by hand, p50: \(String(format: "%.2f", median(elementTimes) / median(stringTimes)))×;"
                + " Plot / element API: \(String(format: "%.1f", median(plotTimes) / median(elementTimes)))×  (\(sink))"
        )
    }

    private func measure(_ body: () -> Void) -> [Double] {
        for _ in 0..<iterations { body() }
        let clock = ContinuousClock()
        return (0..<iterations).map { _ in
            let start = clock.now
            body()
            return SearchBenchmark.milliseconds(clock.now - start) * 1000
        }
        .sorted()
    }

    private func median(_ sorted: [Double]) -> Double { sorted[sorted.count / 2] }

    private static func report(_ name: String, _ sorted: [Double], escapes: Bool) {
        func percentile(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] }
        print(
            SearchBenchmark.pad(name, 24) + SearchBenchmark.pad(String(format: "%.1f", percentile(0.5)), 10)
                + SearchBenchmark.pad(String(format: "%.1f", percentile(0.99)), 10) + (escapes ? "yes" : "no"))
    }

    /// The list as the web layer writes it: a fragment of UTF-8, as a response sends it.
    static func elementAPI(_ rows: [Row]) -> SafeHTML {
        var html = HTMLWriter()
        html.element("ul", .class("movies")) { html in
            for row in rows {
                html.element("li", .class("movie"), .attribute("data-movie", row.id)) { html in
                    html.element("a", .class("movie-link"), .href(row.path)) { html in
                        html.voidElement(
                            "img", .class("poster"), .src(row.poster), .alt("Juliste"), .attribute("width", 99),
                            .attribute("height", 146), .attribute("loading", "lazy"))
                        html.element("span", .class("title"), text: row.title)
                        html.element("span", .class("facts"), text: row.facts)
                    }
                    html.element("form", .class("action"), .method("post"), .action("/action")) { html in
                        html.voidElement("input", .type("hidden"), .name("csrf"), .value("k5RZ0tq3sWm"))
                        html.element(
                            "button", .type("submit"), .name("movie"), .value(row.id),
                            .attribute("aria-pressed", "false"), text: "Lisää kirjanmerkkeihin")
                    }
                }
            }
        }
        return html.fragment
    }

    /// The same list as the views wrote it before: literals with interpolated values appended to a
    /// `String`; feed text (the title, the facts) escaped, the values the program made not.
    static func strings(_ rows: [Row]) -> String {
        var html = ""
        html.reserveCapacity(16_384)
        html.append("<ul class=\"movies\">")
        for row in rows {
            html.append("<li class=\"movie\" data-movie=\"\(row.id)\"><a class=\"movie-link\" href=\"\(row.path)\">")
            html.append("<img class=\"poster\" src=\"\(row.poster)\" alt=\"Juliste\" width=\"99\" height=\"146\"")
            html.append(" loading=\"lazy\"><span class=\"title\">")
            escape(row.title, into: &html)
            html.append("</span><span class=\"facts\">")
            escape(row.facts, into: &html)
            html.append("</span></a><form class=\"action\" method=\"post\" action=\"/action\">")
            html.append("<input type=\"hidden\" name=\"csrf\" value=\"k5RZ0tq3sWm\">")
            html.append("<button type=\"submit\" name=\"movie\" value=\"\(row.id)\" aria-pressed=\"false\">")
            html.append("Lisää kirjanmerkkeihin</button></form></li>")
        }
        html.append("</ul>")
        return html
    }

    /// The escaping of the writer before the element API: into the page's `String`, unchanged
    /// runs appended as substrings.
    private static func escape(_ value: String, into output: inout String) {
        var start = value.utf8.startIndex
        var index = start
        let utf8 = value.utf8
        while index != utf8.endIndex {
            let replacement: String? =
                switch utf8[index] {
                case UInt8(ascii: "&"): "&amp;"
                case UInt8(ascii: "<"): "&lt;"
                case UInt8(ascii: ">"): "&gt;"
                case UInt8(ascii: "\""): "&quot;"
                case UInt8(ascii: "'"): "&#39;"
                default: nil
                }
            if let replacement {
                output.append(contentsOf: value[start..<index])
                output.append(replacement)
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        output.append(contentsOf: value[start..<utf8.endIndex])
    }

    /// The same list in Plot's typed DSL.
    static func plot(_ rows: [Row]) -> String {
        Node<HTML.BodyContext>.ul(
            .class("movies"),
            .forEach(rows) { row in
                .li(
                    .class("movie"), .data(named: "movie", value: String(row.id)),
                    .a(
                        .class("movie-link"), .href(row.path),
                        .img(
                            .class("poster"), .src(row.poster), .alt("Juliste"),
                            .attribute(named: "width", value: "99"),
                            .attribute(named: "height", value: "146"), .attribute(named: "loading", value: "lazy")),
                        .span(.class("title"), .text(row.title)),
                        .span(.class("facts"), .text(row.facts))),
                    .form(
                        .class("action"), .method(.post), .action("/action"),
                        .input(.type(.hidden), .name("csrf"), .value("k5RZ0tq3sWm")),
                        .button(
                            .type(.submit), .name("movie"), .value(String(row.id)),
                            .attribute(named: "aria-pressed", value: "false"), .text("Lisää kirjanmerkkeihin"))))
            }
        )
        .render()
    }
}
