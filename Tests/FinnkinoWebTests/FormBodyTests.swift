import Testing

@testable import FinnkinoWeb

/// How a form's or a query's text is read into names and values.
@Suite struct FormBodyTests {
    @Test func readsPlainAndEscapedNamesAndValues() {
        let form = FormBody("area=1002&q=Star+Wars%3A+%C3%84&back=%2Fmovies&list=now")
        #expect(form["area"] == "1002")
        #expect(form["q"] == "Star Wars: Ä")
        #expect(form["back"] == "/movies")
        #expect(form["list"] == "now")
        #expect(form.values.count == 4)
    }

    @Test func keepsTheFirstOfARepeatedNameAndEveryValueInOrder() {
        let form = FormBody("day=1&day=2&day=%33")
        #expect(form["day"] == "1")
        #expect(form.all("day") == ["1", "2", "3"])
    }

    @Test func skipsAMalformedNameAndReadsAMalformedValueAsEmpty() {
        let form = FormBody("%ZZ=1&x=%E2%82&y&=4")
        #expect(form.values.keys.sorted() == ["", "x", "y"])
        #expect(form["x"] == "")
        #expect(form["y"] == "")
        #expect(form[""] == "4")
    }
}
