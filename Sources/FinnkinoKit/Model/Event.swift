import Foundation

/// Which Events list to ask for.
public enum EventListType: String, Sendable, Hashable, Codable, CaseIterable {
    case nowInTheatres = "NowInTheatres"
    case comingSoon = "ComingSoon"
}

/// `Movie`, `LiveEvent` (opera, concerts, stand-up), or a type the API added later.
public enum EventType: Sendable, Hashable, Codable {
    case movie
    case liveEvent
    case other(String)

    public init(wireValue: String) {
        switch wireValue {
        case "Movie": self = .movie
        case "LiveEvent": self = .liveEvent
        default: self = .other(wireValue)
        }
    }

    public var wireValue: String {
        switch self {
        case .movie: "Movie"
        case .liveEvent: "LiveEvent"
        case .other(let value): value
        }
    }

    /// Written as the feed writes it: `"Movie"`, `"LiveEvent"`, or the other type's name.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wireValue)
    }

    public init(from decoder: any Decoder) throws {
        self.init(wireValue: try decoder.singleValueContainer().decode(String.self))
    }
}

/// The age rating as Finnkino sends it. The code is not always a number: `S`, `7`, `12`,
/// `Tulossa` (not yet rated), `Luok_vap`, `Anniskelu K18 (elokuva: 12)`, `(none)`.
public struct Rating: Sendable, Hashable, Codable {
    public var code: String
    public var label: String
    public var imageURL: URL?

    public init(code: String, label: String, imageURL: URL?) {
        self.code = code
        self.label = label
        self.imageURL = imageURL
    }

    /// The minimum age when the code names one (`7`, `12`, `K 13`, `… (elokuva: 12)`), `0` for
    /// `S` and `Luok_vap` (all ages), nil when not rated or unknown.
    public var minimumAge: Int? {
        // Read as bytes: it is asked for every row of every list shown.
        let bytes = Array(code.utf8)
        if bytes == [UInt8(ascii: "S")] || bytes == [UInt8(ascii: "s")]
            || bytes.prefix(4).map({ $0 & 0xDF }).elementsEqual("LUOK".utf8)
        {
            return 0
        }
        // `Anniskelu K18 (elokuva: 12)`: the film's own rating is the number after the marker.
        let marker = Array("elokuva:".utf8)
        if let at = bytes.indices.first(where: { bytes[$0...].starts(with: marker) }) {
            let film = bytes[(at + marker.count)...].drop { $0 == UInt8(ascii: " ") }.prefix(while: Self.isDigit)
            if let age = Self.age(film) { return age }
        }
        return Self.age(bytes.filter(Self.isDigit))
    }

    /// The youngest who may see the film with an adult: up to three years under a 7, 12 or 16 limit
    /// (Finland's act on audiovisual programmes); nil for other limits, unknown ones, and a bar
    /// screening's K18.
    public var youngestWithAnAdult: Int? {
        guard !code.uppercased().contains("K18"), let age = minimumAge, [7, 12, 16].contains(age) else { return nil }
        return age - 3
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// ASCII digits as an age; nil when there are none or too many to be an age.
    private static func age(_ digits: some Collection<UInt8>) -> Int? {
        guard !digits.isEmpty, digits.count <= 2 else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }
}

/// Every image size an event may carry; any of them may be missing.
/// Note: the API's "large portrait" URL usually points at the small rendition.
public struct EventImages: Sendable, Hashable, Codable {
    public var microPortrait: URL?
    public var smallPortrait: URL?
    public var mediumPortrait: URL?
    public var largePortrait: URL?
    public var smallLandscape: URL?
    public var largeLandscape: URL?

    public init(
        microPortrait: URL? = nil, smallPortrait: URL? = nil, mediumPortrait: URL? = nil,
        largePortrait: URL? = nil, smallLandscape: URL? = nil, largeLandscape: URL? = nil
    ) {
        self.microPortrait = microPortrait
        self.smallPortrait = smallPortrait
        self.mediumPortrait = mediumPortrait
        self.largePortrait = largePortrait
        self.smallLandscape = smallLandscape
        self.largeLandscape = largeLandscape
    }

    /// The best portrait for a list thumbnail: small, else medium, else any.
    public var thumbnail: URL? { smallPortrait ?? microPortrait ?? mediumPortrait ?? largePortrait }
    /// The best portrait for a detail page: medium, else any.
    public var poster: URL? { mediumPortrait ?? largePortrait ?? smallPortrait ?? microPortrait }
}

/// A trailer or clip. For `YouTubeVideo` the location is a bare YouTube video id, not a URL.
public struct EventVideo: Sendable, Hashable, Codable {
    public var title: String
    public var location: String
    public var thumbnailLocation: URL?
    public var subType: String
    public var format: String

    public init(title: String, location: String, thumbnailLocation: URL?, subType: String, format: String) {
        self.title = title
        self.location = location
        self.thumbnailLocation = thumbnailLocation
        self.subType = subType
        self.format = format
    }

    /// Where a person can watch it.
    public var watchURL: URL? {
        if format == "YouTubeVideo" {
            return URL(string: "https://www.youtube.com/watch?v=\(location)")
        }
        return URL(string: location)
    }
}

public struct GalleryImage: Sendable, Hashable, Codable {
    public var title: String
    public var location: URL?
    public var thumbnailLocation: URL?

    public init(title: String, location: URL?, thumbnailLocation: URL?) {
        self.title = title
        self.location = location
        self.thumbnailLocation = thumbnailLocation
    }
}

/// An actor or director. A multi-word first name stays in `firstName`.
public struct Person: Sendable, Hashable, Codable {
    public var firstName: String
    public var lastName: String

    public init(firstName: String, lastName: String) {
        self.firstName = firstName
        self.lastName = lastName
    }

    public var fullName: String {
        [firstName, lastName].filter { !$0.isEmpty }.joined(separator: " ")
    }
}

/// `Violence`, `Disturbing`, `SexualContent`, `SubstanceAbuse`, or another the API adds.
public struct ContentDescriptor: Sendable, Hashable, Codable {
    public var name: String
    public var imageURL: URL?

    public init(name: String, imageURL: URL?) {
        self.name = name
        self.imageURL = imageURL
    }
}

/// A movie or live event (Events).
public struct Event: Sendable, Hashable, Codable, Identifiable {
    public var id: Int
    public var title: String
    public var originalTitle: String
    public var productionYear: Int?
    /// Nil when the API says 0 (unknown, typical of coming-soon events).
    public var lengthInMinutes: Int?
    /// The Finnish premiere.
    public var localRelease: LocalDate?
    public var rating: Rating
    public var localDistributorName: String?
    public var globalDistributorName: String?
    /// Nil for the API's placeholder `-`.
    public var productionCompanies: String?
    public var eventType: EventType
    public var genres: [String]
    public var shortSynopsis: String
    /// Plain text; paragraphs separated by a blank line.
    public var synopsis: String
    public var eventURL: URL?
    public var images: EventImages
    public var videos: [EventVideo]
    public var gallery: [GalleryImage]
    public var cast: [Person]
    public var directors: [Person]
    public var contentDescriptors: [ContentDescriptor]

    public init(
        id: Int, title: String, originalTitle: String, productionYear: Int?, lengthInMinutes: Int?,
        localRelease: LocalDate?, rating: Rating, localDistributorName: String?,
        globalDistributorName: String?, productionCompanies: String?, eventType: EventType,
        genres: [String], shortSynopsis: String, synopsis: String, eventURL: URL?, images: EventImages,
        videos: [EventVideo], gallery: [GalleryImage], cast: [Person], directors: [Person],
        contentDescriptors: [ContentDescriptor]
    ) {
        self.id = id
        self.title = title
        self.originalTitle = originalTitle
        self.productionYear = productionYear
        self.lengthInMinutes = lengthInMinutes
        self.localRelease = localRelease
        self.rating = rating
        self.localDistributorName = localDistributorName
        self.globalDistributorName = globalDistributorName
        self.productionCompanies = productionCompanies
        self.eventType = eventType
        self.genres = genres
        self.shortSynopsis = shortSynopsis
        self.synopsis = synopsis
        self.eventURL = eventURL
        self.images = images
        self.videos = videos
        self.gallery = gallery
        self.cast = cast
        self.directors = directors
        self.contentDescriptors = contentDescriptors
    }
}
