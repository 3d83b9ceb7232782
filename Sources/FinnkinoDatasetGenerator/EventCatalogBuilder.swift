import AppPatterns
import Foundation

/// Invents the dataset's movies and live events from the seed vocabulary.
struct EventCatalogBuilder {
    var anchor: CalendarDay
    var dayCount: Int
    private var random: SplitMix64
    private var usedTitles: Set<String> = []
    private var nextEventID = 305_001
    private var nextMediaID = 14_001

    init(anchor: CalendarDay, dayCount: Int, random: SplitMix64) {
        self.anchor = anchor
        self.dayCount = dayCount
        self.random = random
    }

    /// Kinds of title the builder composes.
    private enum TitlePattern {
        case genitive(noun: Int?)
        case adjective
        case kin(index: Int?)
        case pair
    }

    /// Now in theatres (>= 30, including two dubbed variants and two live events) and coming soon
    /// (>= 10, including one live event), in list order.
    mutating func build() -> [InventedEvent] {
        var events: [InventedEvent] = []
        // Fixed slots first, so the search demos ("Dyy", "Äiti", "&") always have their titles.
        events.append(movie(.nowInTheatres, pattern: .genitive(noun: 0), family: false, domestic: false))
        events.append(movie(.nowInTheatres, pattern: .kin(index: 0), family: false, domestic: true))
        events.append(movie(.nowInTheatres, pattern: .pair, family: false, domestic: true))
        for _ in 0..<2 {
            let original = movie(.nowInTheatres, pattern: .adjective, family: true, domestic: false)
            events.append(original)
            events.append(dubbedVariant(of: original))
        }
        for index in 0..<25 {
            let patterns: [TitlePattern] = [.genitive(noun: nil), .adjective, .kin(index: nil), .genitive(noun: nil)]
            events.append(
                movie(
                    .nowInTheatres, pattern: patterns[index % patterns.count], family: index % 6 == 5,
                    domestic: index % 5 == 1))
        }
        events.append(liveEvent(.nowInTheatres, kind: 0, days: [5, 12]))
        events.append(liveEvent(.nowInTheatres, kind: 1, days: [3, 10]))
        for index in 0..<11 {
            let patterns: [TitlePattern] = [.adjective, .genitive(noun: nil), .kin(index: nil)]
            var event = movie(
                .comingSoon, pattern: patterns[index % patterns.count], family: index == 4, domestic: index % 4 == 2)
            applyComingSoonTraits(&event, index: index)
            events.append(event)
        }
        events.append(liveEvent(.comingSoon, kind: 0, days: []))
        return events
    }

    // MARK: Events

    private mutating func movie(
        _ list: EventList, pattern: TitlePattern, family: Bool, domestic: Bool
    ) -> InventedEvent {
        let title = uniqueTitle(pattern)
        var genres = family ? random.pick(Vocabulary.familyGenreSets) : random.pick(Vocabulary.adultGenreSets)
        if domestic { genres.append(Vocabulary.domestic) }
        let spoken: ShowLanguageSeed =
            domestic ? .finnish : (random.chance(80) ? .english : random.pick(ShowLanguageSeed.foreign))
        let rating = family ? random.pick(["S", "7"]) : random.pick(["S", "7", "12", "12", "16", "16", "18"])
        let cast = people(random.between(3, 6))
        let directors = people(random.chance(15) ? 2 : 1)
        let releaseDay: CalendarDay =
            list == .nowInTheatres
            ? anchor.adding(days: -(random.below(9) * 7 + 3))  // Fridays before the anchor Monday
            : anchor.adding(days: 4 + random.below(12) * 7)
        let synopsis = synopses(protagonist: cast[0], other: cast[1], cast: cast, director: directors[0], title: title)
        let id = takeEventID()
        return InventedEvent(
            id: id, mediaID: takeMediaID(), list: list,
            title: domestic ? LocalizedText(same: title.fi) : title,
            originalTitle: domestic ? title.fi : title.en,
            productionYear: anchor.year - (random.chance(80) ? 0 : 1),
            lengthInMinutes: family ? random.between(78, 98) : random.between(86, 158),
            localRelease: releaseDay, rating: rating, ratingLabel: rating,
            localDistributor: random.pick(Vocabulary.localDistributors),
            globalDistributor: random.pick(Vocabulary.globalDistributors), isLiveEvent: false,
            genres: genres, shortSynopsis: synopsis.short, synopsis: synopsis.long, cast: cast,
            directors: directors, contentDescriptors: descriptors(for: rating),
            galleryCount: random.chance(25) ? 3 : 0, spokenLanguage: spoken, isDubbed: false,
            isFamily: family, has3D: !domestic && random.chance(20), popularity: random.between(1, 10),
            firstShowDay: list == .nowInTheatres ? 0 : nil, liveDays: [], artSeed: random.next())
    }

    private mutating func dubbedVariant(of original: InventedEvent) -> InventedEvent {
        var dub = original
        dub.id = takeEventID()
        dub.title = LocalizedText(original.title.fi + " (dub)", original.title.en + " (dub)")
        dub.spokenLanguage = .dubbedFinnish
        dub.isDubbed = true
        dub.galleryCount = 0
        dub.popularity = original.popularity + 2
        return dub
    }

    private mutating func liveEvent(_ list: EventList, kind: Int, days: [Int]) -> InventedEvent {
        let seed = Vocabulary.liveEventKinds[kind % Vocabulary.liveEventKinds.count]
        let work = uniqueTitle(.genitive(noun: nil))
        let title = LocalizedText("\(seed.kind.fi): \(work.fi)", "\(seed.kind.en): \(work.en)")
        let cast = people(random.between(3, 4))
        let directors = people(1)
        let synopsis = synopses(protagonist: cast[0], other: cast[1], cast: cast, director: directors[0], title: work)
        return InventedEvent(
            id: takeEventID(), mediaID: takeMediaID(), list: list, title: title, originalTitle: title.en,
            productionYear: anchor.year, lengthInMinutes: list == .comingSoon ? 0 : random.between(150, 195),
            localRelease: days.first.map { anchor.adding(days: $0) } ?? anchor.adding(days: 40),
            rating: "S", ratingLabel: "S", localDistributor: random.pick(Vocabulary.localDistributors),
            globalDistributor: random.pick(Vocabulary.globalDistributors), isLiveEvent: true,
            genres: seed.genres, shortSynopsis: synopsis.short, synopsis: synopsis.long, cast: cast,
            directors: directors, contentDescriptors: [], galleryCount: 0,
            spokenLanguage: random.pick(ShowLanguageSeed.foreign), isDubbed: false, isFamily: false,
            has3D: false, popularity: 1, firstShowDay: days.first, liveDays: days, artSeed: random.next())
    }

    /// Coming-soon quirks: some not yet rated (`Tulossa`), some of unknown length, one without any
    /// synopsis, and two that premiere inside the window (so they have shows).
    private mutating func applyComingSoonTraits(_ event: inout InventedEvent, index: Int) {
        if index % 3 == 0 {
            event.rating = "Tulossa"
            event.ratingLabel = "Tulossa"
            event.contentDescriptors = []
        }
        if index % 4 == 3 { event.lengthInMinutes = 0 }
        if index == 5 {
            event.shortSynopsis = LocalizedText(same: "")
            event.synopsis = LocalizedText(same: "")
        }
        if index == 0 || index == 1 {
            let premiere = index == 0 ? 4 : 11
            event.firstShowDay = premiere
            event.localRelease = anchor.adding(days: premiere)
            if event.lengthInMinutes == 0 { event.lengthInMinutes = 101 }
            event.popularity = 12
        }
    }

    // MARK: Parts

    private mutating func takeEventID() -> Int {
        defer { nextEventID += 1 + random.below(7) }
        return nextEventID
    }

    private mutating func takeMediaID() -> Int {
        defer { nextMediaID += 1 + random.below(3) }
        return nextMediaID
    }

    private mutating func uniqueTitle(_ pattern: TitlePattern) -> LocalizedText {
        for attempt in 0..<200 {
            var title = composeTitle(pattern)
            if attempt > 50 { title = LocalizedText(title.fi + " 2", title.en + " 2") }
            if !usedTitles.contains(title.fi) {
                usedTitles.insert(title.fi)
                return title
            }
        }
        let fallback = LocalizedText("Elokuva \(usedTitles.count + 1)", "Film \(usedTitles.count + 1)")
        usedTitles.insert(fallback.fi)
        return fallback
    }

    private mutating func composeTitle(_ pattern: TitlePattern) -> LocalizedText {
        switch pattern {
        case .genitive(let fixed):
            let noun = fixed.map { Vocabulary.nouns[$0] } ?? random.pick(Vocabulary.nouns)
            let head = random.pick(Vocabulary.heads)
            return LocalizedText(
                "\(noun.fiGenitivePlural.capitalizedFirst) \(head.fi)",
                "\(head.en) of the \(noun.enPlural.capitalizedFirst)")
        case .adjective:
            let adjective = random.pick(Vocabulary.adjectives)
            let noun = random.pick(Vocabulary.nouns)
            return LocalizedText(
                "\(adjective.fi.capitalizedFirst) \(noun.fi)", "The \(adjective.en) \(noun.en.capitalizedFirst)")
        case .kin(let fixed):
            let kin = fixed.map { Vocabulary.kin[$0] } ?? random.pick(Vocabulary.kin)
            let noun = random.pick(Vocabulary.nouns)
            return LocalizedText("\(kin.fi) ja \(noun.fi)", "\(kin.en) and the \(noun.en.capitalizedFirst)")
        case .pair:
            let names = random.pick(2, from: Vocabulary.firstNames.filter { !$0.contains(" ") })
            let text = "\(names[0]) & \(names[1])"
            return LocalizedText(same: text)
        }
    }

    private mutating func people(_ count: Int) -> [PersonName] {
        let firsts = random.pick(count, from: Vocabulary.firstNames)
        let lasts = random.pick(count, from: Vocabulary.lastNames)
        return zip(firsts, lasts).map { PersonName(first: $0, last: $1) }
    }

    private mutating func descriptors(for rating: String) -> [String] {
        switch rating {
        case "7": random.chance(50) ? ["Disturbing"] : []
        case "12": random.chance(50) ? ["Violence"] : ["Violence", "Disturbing"]
        case "16": ["Violence", random.pick(["SubstanceAbuse", "SexualContent"])]
        case "18": ["Violence", "SexualContent", "Disturbing"]
        default: []
        }
    }

    /// A one-sentence short synopsis and a 2-3 paragraph synopsis (paragraphs separated by a
    /// blank line), in both languages from parallel templates.
    private mutating func synopses(
        protagonist: PersonName, other: PersonName, cast: [PersonName], director: PersonName, title: LocalizedText
    ) -> (short: LocalizedText, long: LocalizedText) {
        let role = random.pick(Vocabulary.roles)
        let place = random.pick(Vocabulary.places)
        let noun = random.pick(Vocabulary.nouns)
        let castNames = cast.prefix(3).map(\.full)
        func fill(_ template: String, _ language: DatasetLanguage) -> String {
            let castList =
                castNames.dropLast().joined(separator: ", ")
                + (language == .fi ? " ja " : " and ") + (castNames.last ?? "")
            var text = template
            let replacements: [(String, String)] = [
                ("{name}", protagonist.full), ("{other}", other.full), ("{Role}", role.en.capitalizedFirst),
                ("{role}", role[language]), ("{place}", place[language]),
                ("{noun}", language == .fi ? noun.fi : noun.en), ("{director}", director.full),
                ("{cast}", castList), ("{title}", title[language]),
            ]
            for (key, value) in replacements {
                text = text.replacingOccurrences(of: key, with: value)
            }
            return text.capitalizedFirst
        }
        let opening = random.pick(Vocabulary.openings)
        let middles = random.pick(2, from: Vocabulary.middles)
        let closings = random.pick(2, from: Vocabulary.closings)
        let paragraphCount = random.chance(50) ? 2 : 3
        func compose(_ language: DatasetLanguage) -> String {
            var paragraphs = [
                fill(opening[language], language) + " " + fill(middles[0][language], language),
                fill(middles[1][language], language) + " " + fill(closings[0][language], language),
            ]
            if paragraphCount == 3 { paragraphs.append(fill(closings[1][language], language)) }
            return paragraphs.joined(separator: "\n\n")
        }
        return (
            LocalizedText(fill(opening.fi, .fi), fill(opening.en, .en)),
            LocalizedText(compose(.fi), compose(.en))
        )
    }
}

extension String {
    /// The string with its first character upper-cased and the rest unchanged.
    var capitalizedFirst: String {
        guard let first else { return self }
        return first.uppercased() + dropFirst()
    }
}
