import Foundation
import Testing
import WebSupport

@testable import FinnkinoWeb

/// The join code's QR code: an SVG whose dark modules make a QR symbol (its three finder patterns
/// where a reader looks for them), inside a quiet zone, with the label escaped.
@Suite struct QRCodeSVGTests {
    @Test func theSymbolHasItsFinderPatternsInsideAQuietZone() throws {
        var html = HTMLWriter()
        #expect(QRCodeSVG.write("https://kino.example.org/devices?code=ABCD-EFGH", label: "Koodi <x>", into: &html))
        let svg = html.html
        #expect(svg.contains("aria-label=\"Koodi &lt;x&gt;\""))
        // The size: a version's 17 + 4v modules, and 4 of quiet zone on each side
        let viewBox = try #require(svg.firstMatch(of: /viewBox="0 0 (\d+) (\d+)"/))
        let size = try #require(Int(viewBox.1))
        let width = size - 8
        #expect(width >= 21 && (width - 17) % 4 == 0)
        // The dark modules, from the path's squares
        let dark = Set(svg.matches(of: /M(\d+) (\d+)h1v1h-1z/).map { "\($0.1),\($0.2)" })
        #expect(!dark.isEmpty)
        // Nothing is drawn in the quiet zone
        for module in dark {
            let parts = module.split(separator: ",").compactMap { Int($0) }
            #expect(parts.allSatisfy { $0 >= 4 && $0 < 4 + width }, "\(module)")
        }
        // Each finder pattern: a dark 7x7 ring, a light ring inside it, a dark 3x3 centre
        for (left, top) in [(4, 4), (4 + width - 7, 4), (4, 4 + width - 7)] {
            for dy in 0..<7 {
                for dx in 0..<7 {
                    let ring = max(abs(dx - 3), abs(dy - 3))
                    let expected = ring == 3 || ring <= 1
                    #expect(dark.contains("\(left + dx),\(top + dy)") == expected, "\(left),\(top) +\(dx),\(dy)")
                }
            }
        }
    }
}
