import Foundation
import FoundationXML
import Testing

@testable import FinnkinoKit

@Suite("Decoding Events samples")
struct EventsDecodingTests {
    @Test("every real Events sample decodes with nothing lost", arguments: AnchorFixture.eventSamples)
    func everyEventMatchesTheSample(name: String) throws {
        // Given a real sample and an independent DOM reading of it
        let expected = try AnchorFixture.elements(name, "/Events/Event")

        // When it is decoded
        let events = try FinnkinoXMLDecoder.decodeEvents(AnchorFixture.data(name))

        // Then every event and every field with a model counterpart is there
        try #require(events.count == expected.count)
        #expect(!expected.isEmpty)
        for (event, element) in zip(events, expected) {
            expectEvent(event, matches: element)
        }
    }

    private func expectEvent(_ event: Event, matches element: XMLElement) {
        #expect(event.id == element.text("ID").flatMap { Int($0) })
        #expect(event.title == element.text("Title"))
        #expect(event.originalTitle == element.text("OriginalTitle"))
        #expect(event.productionYear == element.text("ProductionYear").flatMap { Int($0) })
        let length = element.text("LengthInMinutes").flatMap { Int($0) }
        #expect(event.lengthInMinutes == (length == 0 ? nil : length))
        #expect(event.localRelease.map(\.description) == element.text("dtLocalRelease").map { String($0.prefix(10)) })
        #expect(event.rating.code == element.text("Rating"))
        #expect(event.rating.label == element.text("RatingLabel"))
        // A file name with spaces (`rating_large_Not yet rated.png`) comes back percent-encoded.
        #expect(event.rating.imageURL?.absoluteString.removingPercentEncoding == element.text("RatingImageUrl"))
        #expect(event.localDistributorName == element.text("LocalDistributorName"))
        #expect(event.globalDistributorName == element.text("GlobalDistributorName"))
        let companies = element.text("ProductionCompanies")
        #expect(event.productionCompanies == (companies == "-" || companies == "" ? nil : companies))
        #expect(event.eventType.wireValue == element.text("EventType"))
        #expect(event.genres == (element.text("Genres")?.components(separatedBy: ", ") ?? []))
        #expect(Self.words(event.shortSynopsis) == Self.words(element.text("ShortSynopsis") ?? ""))
        #expect(Self.words(event.synopsis) == Self.words(element.text("Synopsis") ?? ""))
        #expect(!event.synopsis.contains("\n ") && !event.synopsis.contains("\n\n\n"))
        #expect(event.eventURL?.absoluteString == element.text("EventURL"))
        expectImages(event.images, match: element.child("Images"))
        let videos = element.child("Videos")?.elements(forName: "EventVideo") ?? []
        #expect(event.videos.map(\.title) == videos.map { $0.text("Title") ?? "" })
        #expect(event.videos.map(\.location) == videos.map { $0.text("Location") ?? "" })
        #expect(event.videos.map(\.subType) == videos.map { $0.text("MediaResourceSubType") ?? "" })
        #expect(event.videos.map(\.format) == videos.map { $0.text("MediaResourceFormat") ?? "" })
        #expect(
            event.videos.map(\.thumbnailLocation?.absoluteString)
                == videos.map { $0.text("ThumbnailLocation").flatMap { $0.isEmpty ? nil : $0 } })
        let gallery = element.child("Gallery")?.elements(forName: "GalleryImage") ?? []
        #expect(event.gallery.map(\.location?.absoluteString) == gallery.map { $0.text("Location") })
        #expect(event.gallery.map(\.thumbnailLocation?.absoluteString) == gallery.map { $0.text("ThumbnailLocation") })
        #expect(event.gallery.map(\.title) == gallery.map { $0.text("Title") ?? "" })
        #expect(event.cast == Self.people(element.child("Cast"), "Actor"))
        #expect(event.directors == Self.people(element.child("Directors"), "Director"))
        let descriptors = element.child("ContentDescriptors")?.elements(forName: "ContentDescriptor") ?? []
        #expect(event.contentDescriptors.map(\.name) == descriptors.map { $0.text("Name") ?? "" })
    }

    static func people(_ container: XMLElement?, _ name: String) -> [Person] {
        (container?.elements(forName: name) ?? []).map {
            Person(firstName: $0.text("FirstName") ?? "", lastName: $0.text("LastName") ?? "")
        }
    }

    static func words(_ text: String) -> [Substring] {
        text.split(whereSeparator: \.isWhitespace)
    }

    @Test("now in theatres 2018: paragraphs normalised, multi-word names, YouTube trailer")
    func nowInTheatresValues() throws {
        // Given the 2018 NowInTheatres sample (values read from the file)
        let data = try AnchorFixture.data("events-nowintheatres-inkino-2018-02.xml")

        // When it is decoded
        let events = try FinnkinoXMLDecoder.decodeEvents(data)

        // Then
        let paris = try #require(events.first)
        #expect(paris.id == 302_535)
        #expect(paris.title == "15:17 Pariisiin")
        #expect(paris.genres == ["Draama", "Jännitys"])
        #expect(paris.productionCompanies == nil)
        #expect(paris.synopsis.hasPrefix("Clint Eastwoodin uusi elokuva 15:17 Pariisiin kertoo"))
        #expect(paris.synopsis.contains("junamatkalla.\n\nAlkuillasta 21. elokuuta 2015"))
        #expect(paris.synopsis.components(separatedBy: "\n\n").count == 5)
        #expect(paris.cast.first == Person(firstName: "Anthony", lastName: "Sadler"))
        #expect(paris.cast.contains(Person(firstName: "Paul-Mikél", lastName: "Williams")))
        #expect(paris.directors == [Person(firstName: "Clint", lastName: "Eastwood")])
        #expect(paris.videos.first?.location == "oFa4C6OcuM4")
        #expect(paris.videos.first?.thumbnailLocation == nil)
        #expect(paris.videos.first?.watchURL?.absoluteString == "https://www.youtube.com/watch?v=oFa4C6OcuM4")
        #expect(paris.contentDescriptors.map(\.name) == ["Violence", "Disturbing"])
        #expect(paris.images.microPortrait == nil)
        #expect(events.dropFirst().first?.images.microPortrait != nil)
    }

    @Test("coming soon 2018: live event, Luok_vap, Tulossa, length 0, empty synopsis, cast and videos")
    func comingSoonValues() throws {
        // Given the 2018 ComingSoon sample and what it holds
        let name = "events-comingsoon-inkino-2018-04.xml"
        let elements = try AnchorFixture.elements(name, "/Events/Event")
        let emptySynopses = elements.filter { ($0.text("Synopsis") ?? "").isEmpty }.count
        let emptyCasts = elements.filter { $0.child("Cast")?.elements(forName: "Actor").isEmpty ?? true }.count

        // When it is decoded
        let events = try FinnkinoXMLDecoder.decodeEvents(AnchorFixture.data(name))

        // Then
        #expect(events.contains { $0.eventType == .liveEvent })
        #expect(events.contains { $0.rating.code == "Luok_vap" && $0.rating.minimumAge == 0 })
        #expect(events.contains { $0.rating.code == "Tulossa" && $0.rating.minimumAge == nil })
        #expect(events.contains { $0.lengthInMinutes == nil })
        #expect(emptySynopses > 0 && events.filter { $0.synopsis.isEmpty }.count == emptySynopses)
        #expect(emptyCasts > 0 && events.filter { $0.cast.isEmpty }.count == emptyCasts)
    }

    @Test("the gallery seed: every gallery image with its location and thumbnail")
    func galleryValues() throws {
        // Given the inKino seed with a Gallery block (the Adrift images, read from the file)
        let data = try AnchorFixture.data("events-inkino-testseeds-with-gallery-edited.xml")

        // When it is decoded
        let events = try FinnkinoXMLDecoder.decodeEvents(data)

        // Then
        let withGallery = try #require(events.first { !$0.gallery.isEmpty })
        let first = try #require(withGallery.gallery.first)
        #expect(first.title == "")
        #expect(first.location?.absoluteString == "http://media.finnkino.fi/1012/Event_12007/gallery/Adrift_800a.jpg")
        #expect(first.thumbnailLocation?.lastPathComponent == "THUMB_Adrift_800a.jpg")
        #expect(withGallery.synopsis == "Synopsis goes here.")
    }

    @Test("an xml2js-converted 2016 event, turned back into Events XML, decodes with nothing lost")
    func xml2jsEventRoundTrip() throws {
        // Given the 2016 event as xml2js JSON, converted back to XML generically
        let json = try JSONSerialization.jsonObject(with: AnchorFixture.data("event-single-xml2js-converted-2016.json"))
        let object = try #require(json as? [String: Any])
        let xml = "<?xml version=\"1.0\"?>\n<Events><Event>" + XML2JSConverter.xml(for: object) + "</Event></Events>"

        // When it is decoded
        let event = try #require(try FinnkinoXMLDecoder.decodeEvents(Data(xml.utf8)).first)

        // Then every JSON value landed in its field
        func value(_ key: String) -> String? { object[key] as? String }
        #expect(event.id == value("ID").flatMap { Int($0) })
        #expect(event.title == value("Title"))
        #expect(event.originalTitle == value("OriginalTitle"))
        #expect(event.productionYear == value("ProductionYear").flatMap { Int($0) })
        #expect(value("LengthInMinutes") == "0" && event.lengthInMinutes == nil)
        #expect(event.localRelease?.description == value("dtLocalRelease").map { String($0.prefix(10)) })
        #expect(
            event.rating
                == Rating(
                    code: "Tulossa", label: "Tulossa", imageURL: value("RatingImageUrl").flatMap(URL.init(string:))))
        #expect(event.localDistributorName == value("LocalDistributorName"))
        #expect(event.globalDistributorName == value("GlobalDistributorName"))
        #expect(value("ProductionCompanies") == "-" && event.productionCompanies == nil)
        #expect(event.eventType.wireValue == value("EventType"))
        #expect(event.genres == value("Genres")?.components(separatedBy: ", "))
        #expect(event.shortSynopsis == value("ShortSynopsis"))
        #expect(event.synopsis == value("Synopsis"))
        #expect(event.eventURL?.absoluteString == value("EventURL"))
        let images = try #require(object["Images"] as? [String: String])
        #expect(event.images.microPortrait?.absoluteString == images["EventMicroImagePortrait"])
        #expect(event.images.smallPortrait?.absoluteString == images["EventSmallImagePortrait"])
        #expect(event.images.mediumPortrait?.absoluteString == images["EventMediumImagePortrait"])
        #expect(event.images.largePortrait?.absoluteString == images["EventLargeImagePortrait"])
        #expect(event.images.smallLandscape?.absoluteString == images["EventSmallImageLandscape"])
        #expect(event.images.largeLandscape?.absoluteString == images["EventLargeImageLandscape"])
        #expect(event.videos.isEmpty)
        let actors = try #require((object["Cast"] as? [String: Any])?["Actor"] as? [[String: String]])
        #expect(event.cast == actors.map { Person(firstName: $0["FirstName"] ?? "", lastName: $0["LastName"] ?? "") })
        let director = try #require((object["Directors"] as? [String: Any])?["Director"] as? [String: String])
        #expect(
            event.directors == [Person(firstName: director["FirstName"] ?? "", lastName: director["LastName"] ?? "")])
        #expect(event.contentDescriptors.isEmpty)
    }
}

/// Turns xml2js-style JSON back into XML: an object becomes child elements, an array repeated
/// elements of the key's name, a string the element's (escaped) text.
enum XML2JSConverter {
    static func xml(for object: [String: Any]) -> String {
        object.keys.sorted().map { key in element(key, object[key] as Any) }.joined()
    }

    private static func element(_ name: String, _ value: Any) -> String {
        switch value {
        case let array as [Any]: return array.map { element(name, $0) }.joined()
        case let object as [String: Any]: return "<\(name)>" + xml(for: object) + "</\(name)>"
        case let text as String: return "<\(name)>" + escaped(text) + "</\(name)>"
        default: return "<\(name)>" + escaped(String(describing: value)) + "</\(name)>"
        }
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
