import Foundation
import Testing

@testable import FinnkinoWeb

/// Every JSON answer is written by one encoder: a hostile string (quotes, backslashes, control
/// characters, line separators, markup, a lone surrogate's replacement) comes back as it was.
@Suite struct JSONAnswerTests {
    static let hostile = [
        "\"}, \"handled\": true, \"x\": \"", "back\\slash\\", "line\nbreak\r\n\ttab", "\u{0}\u{1}\u{1f}\u{7f}",
        "</script><script>alert(1)</script>", "\u{2028}\u{2029}", "😀 äö \u{FFFD}", "",
    ]

    private static func decoded(_ text: String) throws -> [String: Any] {
        #expect(!text.contains("\n"), "one line")
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test(arguments: hostile) func anActionsAnswer(value: String) throws {
        let answer = ActionController.Answer(handled: true, by: value, message: value, csrf: value)
        let object = try Self.decoded(JSONAnswer.text(answer))
        #expect(object["by"] as? String == value && object["message"] as? String == value)
        #expect(object["csrf"] as? String == value && object["handled"] as? Bool == true)
        // Without a token to hand out, the answer has none
        let without = try Self.decoded(
            JSONAnswer.text(ActionController.Answer(handled: false, by: "", message: value, csrf: nil)))
        #expect(without["csrf"] == nil && without["handled"] as? Bool == false)
    }

    @Test(arguments: hostile) func anExportsState(value: String) throws {
        let object = try Self.decoded(JSONAnswer.text(EditorController.state(.failed(value))))
        #expect(object["state"] as? String == "failed" && object["message"] as? String == value)
    }

    @Test(arguments: hostile) func aLiveFragment(value: String) throws {
        let event = LiveUpdates.event(id: value, html: value)
        let data = try #require(event.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().first)
        let object = try Self.decoded(String(data.dropFirst("data: ".count)))
        #expect(object["id"] as? String == value && object["html"] as? String == value)
    }

    @Test(arguments: hostile) func aToken(value: String) throws {
        #expect(try Self.decoded(JSONAnswer.text(["csrf": value]))["csrf"] as? String == value)
    }
}
