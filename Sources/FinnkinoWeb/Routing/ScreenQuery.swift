import Foundation
import Hummingbird

/// A page's query as a value: what its links print and what its requests are read as, one type
/// per screen, in the screen's feature folder (`MoviesQuery`, `ShowtimesQuery`, …). Reading is
/// forgiving: a part that is not one of the query's, or not a value it takes, is left out, and
/// the page shows its default for it, never an error. Printing puts the parts that are set in a
/// fixed order. No page builds or takes apart a query string by hand.
protocol ScreenQuery: Equatable, Sendable {
    /// The query of a request or an address, as a form reads it (`+` is a space).
    init(values: [String: String])
    /// The parts that are set, in the query's order, not yet encoded.
    var parts: [(name: String, value: String)] { get }
}

extension ScreenQuery {
    /// The query of an address (`area=1002&date=2026-11-29`).
    init(query: String) { self.init(values: FormBody(query).values) }

    /// `area=1002&q=Dyyni%20osa`: each value percent-encoded (ASCII letters, digits and `-._~:` as
    /// they are), so that the text is safe in an address and in an HTML attribute.
    var text: String {
        parts.map { $0.name + "=" + QueryText.encoded($0.value) }.joined(separator: "&")
    }
}

private enum QueryText {
    /// What a query's values keep as they are, made once (a protocol extension keeps no value:
    /// made for each call, this set was 4% of a Movies page's CPU).
    static let plain = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~:"))

    /// `value` percent-encoded but for ``plain``. A value of ASCII letters, digits and `-._~:`
    /// only (an area, a date, a list) is as it is, without Foundation's encoding: a page prints a
    /// few dozen such links.
    static func encoded(_ value: String) -> String {
        let isPlain = value.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: ":"):
                true
            default: false
            }
        }
        return isPlain ? value : value.addingPercentEncoding(withAllowedCharacters: plain) ?? ""
    }
}

extension WebRoute {
    /// This route's address with `query` (without `?` when nothing of it is set).
    func path(_ query: some ScreenQuery) -> String {
        let text = query.text
        return text.isEmpty ? path : path + "?" + text
    }
}

extension Request {
    /// This request's query as `Query` reads it.
    func query<Query: ScreenQuery>(_: Query.Type) -> Query { Query(query: uri.query ?? "") }
}
