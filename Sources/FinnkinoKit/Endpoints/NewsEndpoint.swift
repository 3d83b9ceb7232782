import AppPatterns
import Foundation

/// `GET /xml/News/`: Finnkino's news articles, optionally for an area or a category.
public struct NewsEndpoint: FinnkinoEndpoint, Hashable {
    public var area: Int?
    public var categoryID: Int?
    public var language: ContentLanguage

    public init(area: Int? = nil, categoryID: Int? = nil, language: ContentLanguage = .fi) {
        self.area = area
        self.categoryID = categoryID
        self.language = language
    }

    public var name: String { "News" }

    public var request: TransportRequest {
        var query: [TransportRequest.QueryItem] = []
        if let area { query.append(.init("area", String(area))) }
        if let categoryID { query.append(.init("categoryID", String(categoryID))) }
        return TransportRequest(path: language.pathPrefix + "/xml/News/", query: query)
    }

    public func validate() throws {
        try EndpointValidationError.requirePositive(area, "area", endpoint: name)
        try EndpointValidationError.requirePositive(categoryID, "categoryID", endpoint: name)
    }

    public func decode(_ body: Data) throws -> [NewsArticle] {
        try FinnkinoXMLDecoder.decodeNews(body)
    }

    public var sampleData: Data {
        Data(
            """
            <?xml version="1.0"?>
            <News xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
              <NewsArticle>
                <Title>Syksyn ennakkonäytökset – liput myynnissä</Title>
                <PublishDate>2024-10-01T00:00:00</PublishDate>
                <HTMLLead>Ennakkon&amp;auml;yt&amp;ouml;kset alkavat perjantaina.</HTMLLead>
                <HTMLContent>&lt;p&gt;Ennakkon&amp;auml;yt&amp;ouml;kset alkavat&amp;nbsp;perjantaina &amp;ndash; tervetuloa!&lt;/p&gt;</HTMLContent>
                <ArticleURL>https://www.finnkino.fi/news/9001</ArticleURL>
                <ImageURL>http://media.finnkino.fi/1012/news/9001/Syksy_550.jpg</ImageURL>
                <ThumbnailURL>http://media.finnkino.fi/1012/news/9001/Syksy_148.jpg</ThumbnailURL>
                <Categories>
                  <NewsArticleCategory>
                    <ID>1007</ID>
                    <Name>Ajankohtaista</Name>
                  </NewsArticleCategory>
                </Categories>
              </NewsArticle>
            </News>
            """.utf8)
    }
}
