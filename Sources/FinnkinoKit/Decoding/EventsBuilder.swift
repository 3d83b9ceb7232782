import Foundation

/// Builds `[Event]` from `<Events><Event>…</Event></Events>`.
final class EventsBuilder: FinnkinoDocumentBuilder {
    private var values = LeafValueParser()
    private var events: [Event] = []
    private var event = EventDraft()
    private var video = VideoDraft()
    private var galleryImage = GalleryImageDraft()
    private var person = PersonDraft()
    private var descriptor = ContentDescriptorDraft()

    func start(_ element: FinnkinoElement, in parent: FinnkinoElement) throws(DocumentBuildError) -> ElementRole {
        switch (parent, element) {
        case (.events, .event):
            event = EventDraft()
            return .container
        case (.event, .images), (.event, .videos), (.event, .gallery), (.event, .cast), (.event, .directors),
            (.event, .contentDescriptors):
            return .container
        case (.event, .id), (.event, .title), (.event, .originalTitle), (.event, .productionYear),
            (.event, .lengthInMinutes), (.event, .localRelease), (.event, .rating), (.event, .ratingLabel),
            (.event, .ratingImageURL), (.event, .localDistributorName), (.event, .globalDistributorName),
            (.event, .productionCompanies), (.event, .eventType), (.event, .genres), (.event, .shortSynopsis),
            (.event, .synopsis), (.event, .eventURL):
            return .leaf
        case (.images, _):
            return element.isImageSize ? .leaf : .ignored
        case (.videos, .eventVideo):
            video = VideoDraft()
            return .container
        case (.eventVideo, .title), (.eventVideo, .location), (.eventVideo, .thumbnailLocation),
            (.eventVideo, .mediaResourceSubType), (.eventVideo, .mediaResourceFormat):
            return .leaf
        case (.gallery, .galleryImage):
            galleryImage = GalleryImageDraft()
            return .container
        case (.galleryImage, .title), (.galleryImage, .location), (.galleryImage, .thumbnailLocation):
            return .leaf
        case (.cast, .actor), (.directors, .director):
            person = PersonDraft()
            return .container
        case (.actor, .firstName), (.actor, .lastName), (.director, .firstName), (.director, .lastName):
            return .leaf
        case (.contentDescriptors, .contentDescriptor):
            descriptor = ContentDescriptorDraft()
            return .container
        case (.contentDescriptor, _):
            return ContentDescriptorDraft.accepts(element) ? .leaf : .ignored
        default:
            return .ignored
        }
    }

    func end(_ element: FinnkinoElement, in parent: FinnkinoElement, text: UnsafeBufferPointer<UInt8>)
        throws(DocumentBuildError)
    {
        switch parent {
        case .events: events.append(try event.build())
        case .event: try setEventField(element, text)
        case .images: event.images.set(values.url(text), for: element)
        case .videos: event.videos.append(video.build())
        case .eventVideo:
            switch element {
            case .title: video.title = values.string(text)
            case .location: video.location = values.string(text)
            case .thumbnailLocation: video.thumbnailLocation = values.url(text)
            case .mediaResourceSubType: video.subType = values.string(text)
            case .mediaResourceFormat: video.format = values.string(text)
            default: break
            }
        case .gallery: event.gallery.append(galleryImage.build())
        case .galleryImage:
            switch element {
            case .title: galleryImage.title = values.string(text)
            case .location: galleryImage.location = values.url(text)
            case .thumbnailLocation: galleryImage.thumbnailLocation = values.url(text)
            default: break
            }
        case .cast: event.cast.append(person.build())
        case .directors: event.directors.append(person.build())
        case .actor, .director:
            if element == .firstName { person.firstName = values.string(text) }
            if element == .lastName { person.lastName = values.string(text) }
        case .contentDescriptors: if let built = descriptor.build() { event.contentDescriptors.append(built) }
        case .contentDescriptor: descriptor.set(element, text, values: &values)
        default: break
        }
    }

    private func setEventField(_ element: FinnkinoElement, _ text: UnsafeBufferPointer<UInt8>)
        throws(DocumentBuildError)
    {
        switch element {
        case .id: event.id = try values.requiredInt(text, element)
        case .title: event.title = values.string(text)
        case .originalTitle: event.originalTitle = values.string(text)
        case .productionYear: event.productionYear = try values.int(text, element)
        case .lengthInMinutes: event.lengthInMinutes = try values.int(text, element).flatMap { $0 == 0 ? nil : $0 }
        case .localRelease: event.localRelease = try values.localDate(text, element)
        case .rating: event.ratingCode = values.string(text)
        case .ratingLabel: event.ratingLabel = values.string(text)
        case .ratingImageURL: event.ratingImageURL = values.url(text)
        case .localDistributorName: event.localDistributorName = values.optionalString(text)
        case .globalDistributorName: event.globalDistributorName = values.optionalString(text)
        case .productionCompanies:
            let companies = values.string(text)
            event.productionCompanies = companies.isEmpty || companies == "-" ? nil : companies
        case .eventType: event.eventType = EventType(wireValue: values.string(text))
        case .genres: event.genres = values.genres(text)
        case .shortSynopsis: event.shortSynopsis = SynopsisText.normalized(values.uniqueString(text))
        case .synopsis: event.synopsis = SynopsisText.normalized(values.uniqueString(text))
        case .eventURL: event.eventURL = values.url(text)
        default: break
        }
    }

    func finish() throws(DocumentBuildError) -> [Event] {
        events
    }
}

/// The fields of one `<Event>` while it is read.
private struct EventDraft {
    var id: Int?
    var title = "", originalTitle = ""
    var productionYear: Int?, lengthInMinutes: Int?
    var localRelease: LocalDate?
    var ratingCode = "", ratingLabel = ""
    var ratingImageURL: URL?
    var localDistributorName: String?, globalDistributorName: String?, productionCompanies: String?
    var eventType = EventType.movie
    var genres: [String] = []
    var shortSynopsis = "", synopsis = ""
    var eventURL: URL?
    var images = EventImages()
    var videos: [EventVideo] = []
    var gallery: [GalleryImage] = []
    var cast: [Person] = []
    var directors: [Person] = []
    var contentDescriptors: [ContentDescriptor] = []

    func build() throws(DocumentBuildError) -> Event {
        guard let id else { throw .missing(.id, in: .event) }
        return Event(
            id: id, title: title, originalTitle: originalTitle, productionYear: productionYear,
            lengthInMinutes: lengthInMinutes, localRelease: localRelease,
            rating: Rating(code: ratingCode, label: ratingLabel, imageURL: ratingImageURL),
            localDistributorName: localDistributorName, globalDistributorName: globalDistributorName,
            productionCompanies: productionCompanies, eventType: eventType, genres: genres,
            shortSynopsis: shortSynopsis, synopsis: synopsis, eventURL: eventURL, images: images, videos: videos,
            gallery: gallery, cast: cast, directors: directors, contentDescriptors: contentDescriptors)
    }
}

private struct VideoDraft {
    var title = "", location = "", subType = "", format = ""
    var thumbnailLocation: URL?

    func build() -> EventVideo {
        EventVideo(
            title: title, location: location, thumbnailLocation: thumbnailLocation, subType: subType, format: format)
    }
}

private struct GalleryImageDraft {
    var title = ""
    var location: URL?, thumbnailLocation: URL?

    func build() -> GalleryImage {
        GalleryImage(title: title, location: location, thumbnailLocation: thumbnailLocation)
    }
}

private struct PersonDraft {
    var firstName = "", lastName = ""

    func build() -> Person {
        Person(firstName: firstName, lastName: lastName)
    }
}
