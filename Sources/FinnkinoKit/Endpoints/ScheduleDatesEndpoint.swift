import AppPatterns
import Foundation

/// `GET /xml/ScheduleDates/`: the days that have shows in an area.
public struct ScheduleDatesEndpoint: FinnkinoEndpoint, Hashable {
    public var area: Int?
    public var language: ContentLanguage

    public init(area: Int? = nil, language: ContentLanguage = .fi) {
        self.area = area
        self.language = language
    }

    public var name: String { "ScheduleDates" }

    public var request: TransportRequest {
        var query: [TransportRequest.QueryItem] = []
        if let area { query.append(.init("area", String(area))) }
        return TransportRequest(path: language.pathPrefix + "/xml/ScheduleDates/", query: query)
    }

    public func validate() throws {
        try EndpointValidationError.requirePositive(area, "area", endpoint: name)
    }

    public func decode(_ body: Data) throws -> [LocalDate] {
        try FinnkinoXMLDecoder.decodeScheduleDates(body)
    }

    public var sampleData: Data {
        Data(
            """
            <?xml version="1.0"?>
            <Dates xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
              <dateTime>2024-10-04T00:00:00</dateTime>
              <dateTime>2024-10-05T00:00:00</dateTime>
              <dateTime>2024-10-07T00:00:00</dateTime>
            </Dates>
            """.utf8)
    }
}
