import AppPatterns
import Foundation

/// `GET /xml/Languages/`: the languages the API knows.
public struct LanguagesEndpoint: FinnkinoEndpoint, Hashable {
    public var language: ContentLanguage

    public init(language: ContentLanguage = .fi) {
        self.language = language
    }

    public var name: String { "Languages" }

    public var request: TransportRequest {
        TransportRequest(path: language.pathPrefix + "/xml/Languages/")
    }

    public func decode(_ body: Data) throws -> [Language] {
        try FinnkinoXMLDecoder.decodeLanguages(body)
    }

    public var sampleData: Data {
        Data(
            """
            <?xml version="1.0"?>
            <Languages xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
              <Language>
                <ID>1</ID>
                <Name>Finnish</Name>
                <LocalName>suomi</LocalName>
                <NameInLanguage>suomi</NameInLanguage>
                <ISOCode>fin</ISOCode>
                <ISOTwoLetterCode>FI</ISOTwoLetterCode>
              </Language>
              <Language>
                <ID>2</ID>
                <Name>Swedish</Name>
                <LocalName>ruotsi</LocalName>
                <NameInLanguage>svenska</NameInLanguage>
                <ISOCode>swe</ISOCode>
                <ISOTwoLetterCode>SV</ISOTwoLetterCode>
              </Language>
            </Languages>
            """.utf8)
    }
}
