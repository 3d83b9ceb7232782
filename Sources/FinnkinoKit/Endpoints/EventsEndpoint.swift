import AppPatterns
import Foundation

/// `GET /xml/Events/`: movies and live events now in theatres or coming soon.
public struct EventsEndpoint: FinnkinoEndpoint, Hashable {
    public var listType: EventListType
    public var area: Int?
    public var eventID: Int?
    public var includeVideos: Bool
    public var includeGallery: Bool
    public var language: ContentLanguage

    public init(
        listType: EventListType = .nowInTheatres, area: Int? = nil, eventID: Int? = nil, includeVideos: Bool = true,
        includeGallery: Bool = false, language: ContentLanguage = .fi
    ) {
        self.listType = listType
        self.area = area
        self.eventID = eventID
        self.includeVideos = includeVideos
        self.includeGallery = includeGallery
        self.language = language
    }

    public var name: String { "Events" }

    public var request: TransportRequest {
        var query = [TransportRequest.QueryItem("listType", listType.rawValue)]
        if let area { query.append(.init("area", String(area))) }
        if let eventID { query.append(.init("eventID", String(eventID))) }
        query.append(.init("includeVideos", includeVideos ? "true" : "false"))
        query.append(.init("includeGallery", includeGallery ? "true" : "false"))
        return TransportRequest(path: language.pathPrefix + "/xml/Events/", query: query)
    }

    public func validate() throws {
        try EndpointValidationError.requirePositive(area, "area", endpoint: name)
        try EndpointValidationError.requirePositive(eventID, "eventID", endpoint: name)
    }

    public func decode(_ body: Data) throws -> [Event] {
        try FinnkinoXMLDecoder.decodeEvents(body)
    }

    public var sampleData: Data {
        Data(
            """
            <?xml version="1.0"?>
            <Events xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
              <Event>
                <ID>900001</ID>
                <Title>Revontulten laakso</Title>
                <OriginalTitle>Valley of the Northern Lights</OriginalTitle>
                <ProductionYear>2024</ProductionYear>
                <LengthInMinutes>104</LengthInMinutes>
                <dtLocalRelease>2024-10-04T00:00:00</dtLocalRelease>
                <Rating>7</Rating>
                <RatingLabel>7</RatingLabel>
                <RatingImageUrl>https://media.finnkino.fi/images/rating_large_7.png</RatingImageUrl>
                <LocalDistributorName>Esimerkki Filmi Oy</LocalDistributorName>
                <GlobalDistributorName>Esimerkki Filmi Oy</GlobalDistributorName>
                <ProductionCompanies>-</ProductionCompanies>
                <EventType>Movie</EventType>
                <Genres>Draama, Seikkailu</Genres>
                <ShortSynopsis>Kaksi sisarusta lähtee etsimään kadonnutta poroa.</ShortSynopsis>
                <Synopsis>Kaksi sisarusta lähtee etsimään kadonnutta poroa.

            Matka vie heidät tunturin yli.</Synopsis>
                <EventURL>http://www.finnkino.fi/event/900001/title/revontulten_laakso/</EventURL>
                <Images>
                  <EventSmallImagePortrait>http://media.finnkino.fi/1012/Event_90001/portrait_small/Laakso_1080.jpg</EventSmallImagePortrait>
                  <EventMediumImagePortrait>http://media.finnkino.fi/1012/Event_90001/portrait_medium/Laakso_1080.jpg</EventMediumImagePortrait>
                </Images>
                <Videos>
                  <EventVideo>
                    <Title>Katso traileri</Title>
                    <Location>aBcDeFgHiJk</Location>
                    <ThumbnailLocation />
                    <MediaResourceSubType>EventTrailer</MediaResourceSubType>
                    <MediaResourceFormat>YouTubeVideo</MediaResourceFormat>
                  </EventVideo>
                </Videos>
                <Cast>
                  <Actor>
                    <FirstName>Aino</FirstName>
                    <LastName>Esimerkki</LastName>
                  </Actor>
                </Cast>
                <Directors>
                  <Director>
                    <FirstName>Ville</FirstName>
                    <LastName>Ohjaaja</LastName>
                  </Director>
                </Directors>
                <ContentDescriptors />
              </Event>
            </Events>
            """.utf8)
    }
}
