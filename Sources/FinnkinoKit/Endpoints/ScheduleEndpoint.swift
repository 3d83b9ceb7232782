import AppPatterns
import Foundation

/// `GET /xml/Schedule/`: the shows of an area (default: the capital region) from a day on
/// (default: today), optionally for one event and several days.
public struct ScheduleEndpoint: FinnkinoEndpoint, Hashable {
    public var area: Int?
    public var date: LocalDate?
    public var eventID: Int?
    public var numberOfDays: Int?
    public var language: ContentLanguage

    public init(
        area: Int? = nil, date: LocalDate? = nil, eventID: Int? = nil, numberOfDays: Int? = nil,
        language: ContentLanguage = .fi
    ) {
        self.area = area
        self.date = date
        self.eventID = eventID
        self.numberOfDays = numberOfDays
        self.language = language
    }

    public var name: String { "Schedule" }

    public var request: TransportRequest {
        var query: [TransportRequest.QueryItem] = []
        if let area { query.append(.init("area", String(area))) }
        if let date { query.append(.init("dt", date.finnkinoQueryValue)) }
        if let eventID { query.append(.init("eventID", String(eventID))) }
        if let numberOfDays { query.append(.init("nrOfDays", String(numberOfDays))) }
        return TransportRequest(path: language.pathPrefix + "/xml/Schedule/", query: query)
    }

    public func validate() throws {
        try EndpointValidationError.requirePositive(area, "area", endpoint: name)
        try EndpointValidationError.requirePositive(eventID, "eventID", endpoint: name)
        if let numberOfDays, !(1...31).contains(numberOfDays) {
            throw EndpointValidationError(
                endpoint: name, message: "numberOfDays must be between 1 and 31, got \(numberOfDays)")
        }
        if let date, !date.isOnTheCalendar {
            throw EndpointValidationError(endpoint: name, message: "date \(date) is not a calendar day")
        }
    }

    /// Decodes the schedule and reports the words of it the app does not know (``UnknownFeedWords``).
    public func decode(_ body: Data) throws -> Schedule {
        let schedule = try FinnkinoXMLDecoder.decodeSchedule(body)
        UnknownFeedWords.shared.report(schedule.shows)
        return schedule
    }

    public var sampleData: Data {
        Data(
            """
            <?xml version="1.0"?>
            <Schedule xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
              <PubDate>2024-10-04T00:00:00+03:00</PubDate>
              <Shows>
                <Show>
                  <ID>2900001</ID>
                  <dtAccounting>2024-10-04T00:00:00</dtAccounting>
                  <dttmShowStart>2024-10-04T18:00:00</dttmShowStart>
                  <dttmShowStartUTC>2024-10-04T15:00:00Z</dttmShowStartUTC>
                  <dttmShowEnd>2024-10-04T19:54:00</dttmShowEnd>
                  <dttmShowEndUTC>2024-10-04T16:54:00Z</dttmShowEndUTC>
                  <ShowSalesStartTime>2000-01-01T00:00:00</ShowSalesStartTime>
                  <ShowSalesStartTimeUTC>2000-01-01T00:00:00Z</ShowSalesStartTimeUTC>
                  <ShowSalesEndTime>2024-10-04T17:45:00</ShowSalesEndTime>
                  <ShowSalesEndTimeUTC>2024-10-04T14:45:00Z</ShowSalesEndTimeUTC>
                  <ShowReservationStartTime>0001-01-01T00:00:00</ShowReservationStartTime>
                  <ShowReservationStartTimeUTC>0001-01-01T00:00:00</ShowReservationStartTimeUTC>
                  <ShowReservationEndTime>0001-01-01T00:00:00</ShowReservationEndTime>
                  <ShowReservationEndTimeUTC>0001-01-01T00:00:00</ShowReservationEndTimeUTC>
                  <EventID>900001</EventID>
                  <Title>Revontulten laakso</Title>
                  <OriginalTitle>Valley of the Northern Lights</OriginalTitle>
                  <ProductionYear>2024</ProductionYear>
                  <LengthInMinutes>104</LengthInMinutes>
                  <dtLocalRelease>2024-10-04T00:00:00</dtLocalRelease>
                  <Rating>7</Rating>
                  <RatingLabel>7</RatingLabel>
                  <RatingImageUrl>https://media.finnkino.fi/images/rating_large_7.png</RatingImageUrl>
                  <EventType>Movie</EventType>
                  <Genres>Draama, Seikkailu</Genres>
                  <TheatreID>1038</TheatreID>
                  <TheatreAuditriumID>1279</TheatreAuditriumID>
                  <Theatre>Tennispalatsi, Helsinki</Theatre>
                  <TheatreAuditorium>sali 6</TheatreAuditorium>
                  <TheatreAndAuditorium>Tennispalatsi, Helsinki, sali 6</TheatreAndAuditorium>
                  <PresentationMethodAndLanguage>2D, suomi</PresentationMethodAndLanguage>
                  <PresentationMethod>2D</PresentationMethod>
                  <EventSeries />
                  <ShowURL>http://www.finnkino.fi/websales/show/2900001/</ShowURL>
                  <EventURL>http://www.finnkino.fi/event/900001/title/revontulten_laakso/</EventURL>
                  <SpokenLanguage>
                    <Name>suomi</Name>
                    <NameInLanguage />
                    <ISOTwoLetterCode>FI</ISOTwoLetterCode>
                  </SpokenLanguage>
                  <SubtitleLanguage1>
                    <Name>ruotsi</Name>
                    <NameInLanguage />
                    <ISOTwoLetterCode>SV</ISOTwoLetterCode>
                  </SubtitleLanguage1>
                  <Images>
                    <EventSmallImagePortrait>http://media.finnkino.fi/1012/Event_90001/portrait_small/Laakso_1080.jpg</EventSmallImagePortrait>
                  </Images>
                  <ContentDescriptors />
                </Show>
              </Shows>
            </Schedule>
            """.utf8)
    }
}
