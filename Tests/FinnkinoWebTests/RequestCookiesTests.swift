import Testing

@testable import FinnkinoWeb

/// How a request's `Cookie` headers are read: as Hummingbird reads them, once.
@Suite struct RequestCookiesTests {
    @Test func readsEachPairOfEveryHeader() {
        let cookies = RequestCookies(headers: ["session=abc; lang=sv;area=1002", "flash=Tallennettu%21"])
        #expect(cookies["session"] == "abc")
        #expect(cookies["lang"] == "sv")
        #expect(cookies["area"] == "1002")
        #expect(cookies["flash"] == "Tallennettu%21")
        #expect(cookies["csrf"] == nil)
    }

    @Test func theFirstOfARepeatedNameWinsAndAValueKeepsItsEqualsSigns() {
        let cookies = RequestCookies(headers: ["area=1041; area=1002", "area=all", "token=a=b=="])
        #expect(cookies["area"] == "1041")
        #expect(cookies["token"] == "a=b==")
    }

    @Test func aPairWithoutEqualsSignIsNoCookieAndAnEmptyValueIsOne() {
        let cookies = RequestCookies(headers: ["lang; ; =x; csrf=", ""])
        #expect(cookies["lang"] == nil)
        #expect(cookies[""] == "x")
        #expect(cookies["csrf"] == "")
    }

    @Test func namesAreMatchedExactly() {
        let cookies = RequestCookies(headers: ["Session=abc;  lang =sv"])
        #expect(cookies["session"] == nil)
        #expect(cookies["Session"] == "abc")
        // (a space after a name is part of it, as Hummingbird reads it)
        #expect(cookies["lang"] == nil)
        #expect(cookies["lang "] == "sv")
    }
}
