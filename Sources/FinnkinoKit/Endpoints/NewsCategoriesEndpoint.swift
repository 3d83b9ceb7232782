import AppPatterns
import Foundation

/// `GET /xml/NewsCategories/`: the categories News takes as `categoryID`.
public struct NewsCategoriesEndpoint: FinnkinoEndpoint, Hashable {
    public var language: ContentLanguage

    public init(language: ContentLanguage = .fi) {
        self.language = language
    }

    public var name: String { "NewsCategories" }

    public var request: TransportRequest {
        TransportRequest(path: language.pathPrefix + "/xml/NewsCategories/")
    }

    public func decode(_ body: Data) throws -> [NewsCategory] {
        try FinnkinoXMLDecoder.decodeNewsCategories(body)
    }

    public var sampleData: Data {
        Data(
            """
            <?xml version="1.0"?>
            <NewsCategories xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
              <NewsArticleCategory>
                <ID>1007</ID>
                <Name>Ajankohtaista</Name>
              </NewsArticleCategory>
              <NewsArticleCategory>
                <ID>1011</ID>
                <Name>Elokuvauutisia</Name>
              </NewsArticleCategory>
            </NewsCategories>
            """.utf8)
    }
}
