import AppPatterns
import Foundation

/// `GET /xml/TheatreAreas/`: the areas and single theatres the other endpoints take as `area`.
public struct TheatreAreasEndpoint: FinnkinoEndpoint, Hashable {
    public var language: ContentLanguage

    public init(language: ContentLanguage = .fi) {
        self.language = language
    }

    public var name: String { "TheatreAreas" }

    public var request: TransportRequest {
        TransportRequest(path: language.pathPrefix + "/xml/TheatreAreas/")
    }

    public func decode(_ body: Data) throws -> [TheatreArea] {
        try FinnkinoXMLDecoder.decodeTheatreAreas(body)
    }

    public var sampleData: Data {
        Data(
            """
            <?xml version="1.0"?>
            <TheatreAreas xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
              <TheatreArea>
                <ID>1029</ID>
                <Name>Valitse alue/teatteri</Name>
              </TheatreArea>
              <TheatreArea>
                <ID>1002</ID>
                <Name>Helsinki</Name>
              </TheatreArea>
              <TheatreArea>
                <ID>1021</ID>
                <Name>Tampere</Name>
              </TheatreArea>
            </TheatreAreas>
            """.utf8)
    }
}
