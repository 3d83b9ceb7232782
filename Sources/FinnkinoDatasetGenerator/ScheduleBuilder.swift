import AppPatterns

/// One generated screening.
struct ScheduledShow {
    var id: Int
    var day: Int
    /// Minutes after the day's midnight, local time (may pass 24:00).
    var start: Int
    var end: Int
    var event: InventedEvent
    var theatre: Theatre
    var auditorium: Int
    var is3D: Bool
    var subtitles: [ShowLanguageSeed]
    var eventSeries: LocalizedText?
    /// The show's own spoken language where it is not the event's (a Swedish dub, sign language).
    var spokenLanguage: ShowLanguageSeed?
}

/// Fills every auditorium of every theatre for each day of the window with realistic showtimes.
struct ScheduleBuilder {
    var events: [InventedEvent]
    var anchor: CalendarDay
    var dayCount: Int
    private var random: SplitMix64
    /// The rarer kinds of show (descriptive subtitles, sign language, Swedish dubs, a licensed bar
    /// area) come from a stream of their own, drawn once per show: adding them left every show's
    /// movie, time and ID as it was.
    private var kinds: SplitMix64
    /// The theatres whose auditoriums this builder fills.
    private let theatres: [Theatre]
    private var nextShowID: Int

    /// - Parameters:
    ///   - theatres: the theatres to fill. A theatre added to the dataset later gets a builder of
    ///     its own, with its own streams and show IDs, so that every other show stays as it was.
    ///   - firstShowID: the first show ID; the next ones follow with small gaps.
    init(
        events: [InventedEvent], anchor: CalendarDay, dayCount: Int, random: SplitMix64, kinds: SplitMix64,
        theatres: [Theatre], firstShowID: Int
    ) {
        self.events = events
        self.anchor = anchor
        self.dayCount = dayCount
        self.random = random
        self.kinds = kinds
        self.theatres = theatres
        nextShowID = firstShowID
    }

    /// Merges days built by two builders into one schedule, in the order ``build()`` keeps.
    static func merge(_ first: [[ScheduledShow]], _ second: [[ScheduledShow]]) -> [[ScheduledShow]] {
        zip(first, second).map { one, other in (one + other).sorted(by: Self.isInOrder) }
    }

    private static func isInOrder(_ lhs: ScheduledShow, _ rhs: ScheduledShow) -> Bool {
        (lhs.start, lhs.theatre.id, lhs.auditorium) < (rhs.start, rhs.theatre.id, rhs.auditorium)
    }

    private static let specialSeries: [LocalizedText] = [
        LocalizedText("Erikoisnäytös, tekijöitä paikalla!", "Special screening, filmmakers present!"),
        LocalizedText("K18 - Anniskelua salissa", "K18 - Drinks served in the auditorium"),
    ]
    private static let descriptiveSubtitleSeries = LocalizedText(
        "Näytöksessä (vain) kuvaileva suomenkielinen tekstitys kuulovammaisille",
        "Descriptive Finnish subtitles for the hard of hearing (only)")
    private static let licensedAuditoriumSeries = LocalizedText(
        "Anniskelualuesalin näytös", "Auditorium with a licensed bar area")
    private static let englishSubtitleSeries = LocalizedText(
        "Englanninkielinen tekstitys / English subtitles", "Englanninkielinen tekstitys / English subtitles")

    /// Shows per day (index 0 is the anchor date), each day sorted by start, theatre, auditorium.
    mutating func build() -> [[ScheduledShow]] {
        (0..<dayCount).map { day in buildDay(day) }
    }

    private mutating func buildDay(_ day: Int) -> [ScheduledShow] {
        let weekday = anchor.adding(days: day).isoWeekday
        let weekend = weekday >= 5
        let movies = events.filter { !$0.isLiveEvent && ($0.firstShowDay.map { $0 <= day } ?? false) }
        var shows: [ScheduledShow] = []
        for theatre in theatres {
            for auditorium in 1...theatre.auditoriumCount {
                var start = weekend ? random.between(40, 50) * 15 : random.between(48, 66) * 15
                if auditorium == 1, theatre.auditoriumCount >= 7,
                    let live = events.first(where: { $0.isLiveEvent && $0.liveDays.contains(day) })
                {
                    shows.append(show(live, day: day, start: 19 * 60, theatre: theatre, auditorium: auditorium))
                    start = 19 * 60 + live.lengthInMinutes + 30
                }
                while start <= 23 * 60 + 30 {
                    guard let event = pickMovie(movies, start: start) else { break }
                    let made = show(event, day: day, start: start, theatre: theatre, auditorium: auditorium)
                    shows.append(made)
                    start = (made.end + random.between(15, 35) + 14) / 15 * 15
                }
            }
        }
        shows.sort(by: Self.isInOrder)
        return shows
    }

    private mutating func pickMovie(_ movies: [InventedEvent], start: Int) -> InventedEvent? {
        let weights = movies.map { event -> Int in
            if event.isFamily { return start < 17 * 60 ? event.popularity + 10 : (start < 19 * 60 ? 2 : 0) }
            if event.rating == "18" || event.rating == "16" { return start < 17 * 60 ? 0 : event.popularity + 2 }
            return event.popularity
        }
        let total = weights.reduce(0, +)
        guard total > 0 else { return nil }
        var roll = random.below(total)
        for (event, weight) in zip(movies, weights) {
            if roll < weight { return event }
            roll -= weight
        }
        return nil
    }

    private mutating func show(
        _ event: InventedEvent, day: Int, start: Int, theatre: Theatre, auditorium: Int
    ) -> ScheduledShow {
        let length = event.lengthInMinutes > 0 ? event.lengthInMinutes : 120
        let end = start + length + (random.chance(93) ? 10 : 15)
        var subtitles: [ShowLanguageSeed] = []
        var series: LocalizedText?
        if !event.isDubbed {
            switch (event.spokenLanguage.code, random.below(100)) {
            case ("FI", 0..<70): subtitles = [.swedish]
            case ("FI", _): subtitles = []
            case (_, 0..<75): subtitles = [.finnish, .swedish]
            case (_, 0..<90): subtitles = [.finnish]
            default: subtitles = []
            }
            if event.spokenLanguage.code == "FI", random.chance(6) {
                subtitles = [.english]
                series = Self.englishSubtitleSeries
            } else if random.chance(3) {
                series = random.pick(Self.specialSeries)
            }
        }
        // The rarer kinds, as the real samples carry them: about 1 in 40 of a Finnish film's shows
        // with descriptive subtitles only, 1 in 150 of an English one's also signed, 1 in 7 of a
        // dub's in Swedish, 1 in 30 of the others in an auditorium with a bar area.
        var spoken: ShowLanguageSeed?
        let roll = kinds.below(1000)
        if event.isDubbed {
            if roll < 150 { spoken = .dubbedSwedish }
        } else if series == nil, !event.isLiveEvent {
            switch (event.spokenLanguage.code, roll) {
            case ("FI", 0..<25):
                subtitles = [.descriptiveFinnish]
                series = Self.descriptiveSubtitleSeries
            case ("EN", 0..<7):
                spoken = .englishWithSignLanguage
                subtitles = [.descriptiveFinnish]
                series = Self.descriptiveSubtitleSeries
            case (_, 967...) where !event.isFamily:
                series = Self.licensedAuditoriumSeries
            default: break
            }
        }
        defer { nextShowID += 1 + random.below(4) }
        return ScheduledShow(
            id: nextShowID, day: day, start: start, end: end, event: event, theatre: theatre,
            auditorium: auditorium, is3D: event.has3D && random.chance(40), subtitles: subtitles,
            eventSeries: series, spokenLanguage: spoken)
    }
}
