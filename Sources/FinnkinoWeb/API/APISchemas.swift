import AppPatterns
import FinnkinoKit
import FinnkinoPresentation
import Foundation

// The API's answers made of the domain's values: each schema of the document (generated into
// `Components.Schemas`) from the model it shows. Days as `2026-11-24` (``LocalDate``); instants
// stay `Date`s, which ``HelsinkiDateTranscoder`` writes as the command line's JSON does. A link
// to another site is given only when it is http(s) (``ShowViewModel/web(_:)``), as on the pages.

extension Components.Schemas.Source {
    init(_ loaded: Loaded<some Sendable>) {
        self.init(fetchedAt: loaded.fetchedAt, stale: loaded.isStale)
    }
}

extension Components.Schemas.Theatre {
    init(_ theatre: TheatreLocation) {
        self.init(
            areaId: theatre.areaID, name: theatre.name, city: theatre.city, address: theatre.address,
            latitude: theatre.coordinate.latitude, longitude: theatre.coordinate.longitude)
    }
}

extension Components.Schemas.Area {
    init(_ area: TheatreArea) {
        self.init(id: area.id, name: area.name, theatres: TheatreLocations.theatres(in: area).map { .init($0) })
    }
}

extension Components.Schemas.AreaRef {
    init(_ area: TheatreArea) { self.init(id: area.id, name: area.name) }
}

extension Components.Schemas.Rating {
    init(_ rating: Rating) {
        self.init(code: rating.code, label: rating.label, minimumAge: rating.minimumAge)
    }
}

extension Components.Schemas.MovieSummary {
    /// `scores` as a card shows them: the audience's from ``MoviesViewModel/minimumVotes`` on.
    init(_ event: Event, scores: MovieScores?) {
        let audience = scores.flatMap { $0.audienceVotes >= MoviesViewModel.minimumVotes ? $0.audience : nil }
        self.init(
            id: event.id, title: event.title, originalTitle: event.originalTitle,
            productionYear: event.productionYear, lengthInMinutes: event.lengthInMinutes,
            premiere: event.localRelease?.description, genres: event.genres, rating: .init(event.rating),
            poster: ImageLink.path(event.images.poster, variant: ImageVariants.poster), audienceScore: audience,
            webURL: WebRoute.movie(id: event.id).path)
    }
}

extension Components.Schemas.Movie {
    init(_ event: Event, scores: MovieScores?, source: Components.Schemas.Source) {
        self.init(
            movie: .init(event, scores: scores), synopsis: event.synopsis,
            directors: event.directors.map(\.fullName), cast: event.cast.map(\.fullName),
            distributor: event.localDistributorName,
            videos: event.videos.compactMap { video in
                video.watchURL.flatMap(ShowViewModel.web).map {
                    Components.Schemas.Video(title: video.title, url: $0.absoluteString)
                }
            },
            finnkinoURL: event.eventURL.flatMap(ShowViewModel.web)?.absoluteString, source: source)
    }
}

extension Components.Schemas.Show {
    /// `show` as listed in `area` on `date` (which address its page and calendar file).
    init(_ show: Show, area: Int, date: LocalDate) {
        let features = show.features
        var kinds: [FeaturesPayloadPayload] = []
        switch features.picture {
        case .twoD: kinds.append(._2d)
        case .threeD: kinds.append(._3d)
        case .other, nil: break
        }
        if case .dubbed = features.soundtrack { kinds.append(.dubbed) }
        for special in features.specials {
            switch special {
            case .descriptiveSubtitles: kinds.append(.descriptiveSubtitles)
            case .signLanguage: kinds.append(.signLanguage)
            case .englishSubtitles: kinds.append(.englishSubtitles)
            case .barScreening: kinds.append(.bar)
            case .licensedAuditorium: kinds.append(.licensed)
            case .filmmakersPresent: kinds.append(.filmmakersPresent)
            }
        }
        let spoken: String? =
            switch features.soundtrack {
            case .original(let language): language
            case .dubbed(let language): language
            case .severalLanguages: nil
            }
        self.init(
            id: show.id, area: area, date: date.description, movieId: show.eventID, title: show.title,
            originalTitle: show.originalTitle, start: show.start, end: show.end, theatre: show.theatre,
            theatreAreaId: TheatreLocations.theatre(named: show.theatre)?.areaID, auditorium: show.auditorium,
            presentationMethod: show.presentationMethod, spokenLanguage: spoken, subtitles: features.subtitles,
            features: kinds, eventSeries: show.eventSeries, rating: .init(show.rating),
            ticketsURL: show.showURL.flatMap(ShowViewModel.web)?.absoluteString,
            webURL: WebRoute.show(area: area, date: date, id: show.id).path,
            calendarURL: WebRoute.showCalendar(area: area, date: date, id: show.id).path)
    }
}
