import Foundation
import Testing

@testable import FinnkinoKit

@Suite("Decoding TheatreAreas, ScheduleDates, News, NewsCategories, Languages")
struct SmallEndpointsDecodingTests {
    @Test(
        "theatre areas: every area of both samples, placeholder 1029 first",
        arguments: [
            "theatreareas-2018-02.xml", "theatreareas-2019-01.xml",
        ])
    func theatreAreas(name: String) throws {
        // Given a real area list and a DOM reading of it
        let expected = try AnchorFixture.elements(name, "/TheatreAreas/TheatreArea").map {
            TheatreArea(id: Int($0.text("ID") ?? "") ?? -1, name: $0.text("Name") ?? "")
        }

        // When it is decoded
        let areas = try FinnkinoXMLDecoder.decodeTheatreAreas(AnchorFixture.data(name))

        // Then
        #expect(areas == expected)
        #expect(areas.first?.isPlaceholder == true)
        #expect(areas.dropFirst().allSatisfy { !$0.isPlaceholder })
        #expect(areas.contains(TheatreArea(id: 1014, name: "Pääkaupunkiseutu")))
    }

    @Test("a body is read as UTF-8 even when its prolog claims Latin-1")
    func utf8WhateverThePrologSays() throws {
        // Given UTF-8 bytes under a prolog naming ISO-8859-1
        let areas = try FinnkinoXMLDecoder.decodeTheatreAreas(ConstructedFixture.data("theatreareas-latin1-prolog.xml"))
        // Then the names keep their letters (read as Latin-1, "ä" would be "Ã¤")
        #expect(areas.map(\.name) == ["Pääkaupunkiseutu", "Jyväskylä: FANTASIA"])
    }

    @Test("a UTF-8 byte-order mark before a prolog naming Latin-1: read as UTF-8, the mark skipped")
    func utf8ByteOrderMark() throws {
        // Given the Latin-1 prolog's body behind UTF-8's byte-order mark
        let body = try ConstructedFixture.data("theatreareas-latin1-prolog.xml")
        // When it is decoded
        let areas = try FinnkinoXMLDecoder.decodeTheatreAreas(Data([0xEF, 0xBB, 0xBF]) + body)
        // Then the names keep their letters
        #expect(areas.map(\.name) == ["Pääkaupunkiseutu", "Jyväskylä: FANTASIA"])
    }

    @Test("a newer list: the Espoo areas gone, 1046 and 1047 added")
    func newerAreas() throws {
        // Given the constructed newer list and the 2019 one
        let old = try FinnkinoXMLDecoder.decodeTheatreAreas(AnchorFixture.data("theatreareas-2019-01.xml"))
        let new = try FinnkinoXMLDecoder.decodeTheatreAreas(ConstructedFixture.data("theatreareas-without-espoo.xml"))
        // Then the new areas decode as areas, and the Espoo ones are gone
        #expect(
            Set(new).subtracting(old) == [
                TheatreArea(id: 1014, name: "Pääkaupunkiseutu (pl. Espoo)"),
                TheatreArea(id: 1046, name: "Raisio: LUXE MYLLY"), TheatreArea(id: 1047, name: "Turku ja Raisio"),
            ])
        #expect(Set(old.map(\.id)).subtracting(new.map(\.id)) == [1012, 1038, 1039])
    }

    @Test("the 2019 list adds Helsinki: ITIS to the 20 areas of 2018")
    func itisAdded() throws {
        // Given both lists (20 and 21 areas in the files)
        let old = try FinnkinoXMLDecoder.decodeTheatreAreas(AnchorFixture.data("theatreareas-2018-02.xml"))
        let new = try FinnkinoXMLDecoder.decodeTheatreAreas(AnchorFixture.data("theatreareas-2019-01.xml"))

        // Then
        #expect(old.count == 20)
        #expect(Set(new).subtracting(old) == [TheatreArea(id: 1045, name: "Helsinki: ITIS")])
    }

    @Test(
        "schedule dates keep the document order",
        arguments: [
            "scheduledates-inkino-testasset-2018.xml", "scheduledates-finnkino2json-mock-2021-12.xml",
        ])
    func scheduleDates(name: String) throws {
        // Given a real Dates answer
        let expected = try AnchorFixture.elements(name, "/Dates/dateTime").compactMap {
            LocalDate(iso: $0.text("") ?? $0.stringValue ?? "")
        }

        // When it is decoded
        let dates = try FinnkinoXMLDecoder.decodeScheduleDates(AnchorFixture.data(name))

        // Then
        #expect(!expected.isEmpty)
        #expect(dates == expected)
    }

    @Test("the unsorted 2018 dates stay unsorted")
    func unsortedDates() throws {
        let dates = try FinnkinoXMLDecoder.decodeScheduleDates(
            AnchorFixture.data("scheduledates-inkino-testasset-2018.xml"))
        #expect(
            dates == [
                LocalDate(year: 2018, month: 2, day: 20), LocalDate(year: 2011, month: 3, day: 10),
                LocalDate(year: 2013, month: 6, day: 12),
            ])
    }

    @Test("the 2013 news sample: title with a raw en dash, date, lead, image, two categories")
    func news2013() throws {
        // Given the abridged 2013 News sample (no prolog, no namespaces; values read from the file)
        let data = try AnchorFixture.data("news-abridged-readme-2013.xml")

        // When it is decoded
        let articles = try FinnkinoXMLDecoder.decodeNews(data)

        // Then
        #expect(articles.count == 2)
        let article = try #require(articles.first)
        #expect(article.title == "Hobitti – Smaugin autioittama maa -liput myyntiin 23.11.")
        #expect(article.publishDate == LocalDate(year: 2013, month: 10, day: 17))
        #expect(article.lead.hasPrefix("Faneilla on mahdollisuus varmistaa lippunsa"))
        #expect(article.htmlContent == "")
        #expect(article.imageURL?.absoluteString == "http://media.finnkino.fi/1012/news/2976/Hobbit2_148em.jpg")
        #expect(article.articleURL == nil && article.thumbnailURL == nil)
        #expect(
            article.categories == [
                NewsCategory(id: 1007, name: "Ajankohtaista"), NewsCategory(id: 1011, name: "Elokuvauutisia"),
            ])
    }

    @Test("news content: HTML entities decoded, markup-significant ones kept escaped; lead is plain text")
    func newsEntities() throws {
        // Given an article whose HTML travels XML-escaped, as the API sends it
        let xml = """
            <News><NewsArticle>
              <Title>Tom &amp; Jerry &amp;ndash; paluu</Title>
              <HTMLLead>&lt;p&gt;Ennakkon&amp;auml;yt&amp;ouml;kset&amp;nbsp;alkavat&lt;/p&gt;</HTMLLead>
              <HTMLContent>&lt;p title="a &amp;amp; b"&gt;N&amp;auml;yt&amp;#246;s &amp;lt;3 &amp;#60; &amp;euro;&amp;hellip; &amp;bogus;&lt;/p&gt;</HTMLContent>
            </NewsArticle></News>
            """

        // When it is decoded
        let article = try #require(try FinnkinoXMLDecoder.decodeNews(Data(xml.utf8)).first)

        // Then
        #expect(article.title == "Tom & Jerry – paluu")
        #expect(article.lead == "Ennakkonäytökset\u{A0}alkavat")
        #expect(article.htmlContent == "<p title=\"a &amp; b\">Näytös &lt;3 &lt; €… &bogus;</p>")
    }

    @Test("news content in CDATA is read as well")
    func newsCDATA() throws {
        let xml =
            "<News><NewsArticle><HTMLContent><![CDATA[<p>Hyv&auml;&nbsp;elokuva</p>]]></HTMLContent></NewsArticle></News>"
        let article = try #require(try FinnkinoXMLDecoder.decodeNews(Data(xml.utf8)).first)
        #expect(article.htmlContent == "<p>Hyvä\u{A0}elokuva</p>")
    }

    @Test("news categories and languages decode from their endpoints' sample data")
    func categoriesAndLanguages() throws {
        // Given the sample answers the endpoints carry
        let categories = try NewsCategoriesEndpoint().decode(NewsCategoriesEndpoint().sampleData)
        let languages = try LanguagesEndpoint().decode(LanguagesEndpoint().sampleData)

        // Then
        #expect(
            categories == [
                NewsCategory(id: 1007, name: "Ajankohtaista"), NewsCategory(id: 1011, name: "Elokuvauutisia"),
            ])
        #expect(languages.map(\.isoTwoLetterCode) == ["FI", "SV"])
        #expect(
            languages.first
                == Language(
                    id: 1, name: "Finnish", localName: "suomi", nameInLanguage: "suomi", isoCode: "fin",
                    isoTwoLetterCode: "FI"))
    }

    @Test("a news category may carry its article count; a language may lack everything but its name")
    func optionalCounts() throws {
        let categories = try FinnkinoXMLDecoder.decodeNewsCategories(
            Data(
                "<NewsCategories><NewsArticleCategory><ID>1079</ID><Name>Leffat</Name><NewsArticleCount>12</NewsArticleCount></NewsArticleCategory></NewsCategories>"
                    .utf8))
        #expect(categories == [NewsCategory(id: 1079, name: "Leffat", articleCount: 12)])
        let languages = try FinnkinoXMLDecoder.decodeLanguages(
            Data("<Languages><Language><Name>suomi</Name><LocalName /></Language></Languages>".utf8))
        #expect(
            languages == [
                Language(
                    id: nil, name: "suomi", localName: nil, nameInLanguage: nil, isoCode: nil, isoTwoLetterCode: nil)
            ])
    }
}
