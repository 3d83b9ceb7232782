/// The committed table of Finnkino's theatres and their positions, and the distances of areas.
///
/// Public facts: each cinema's street address, geocoded to 4 decimals (about 10 m); Itis, Strand
/// and Mylly are their shopping centres' positions. Keyed by the TheatreAreas ID that selects the theatre
/// alone, the only ID the areas list gives a theatre.
public enum TheatreLocations {
    /// The 17 theatres Finnkino runs: those of the TheatreAreas list in its order, then Luxe Mylly
    /// (area 1046, opened after the 2019 list). The feed may list fewer (``missing(from:)``).
    public static let all: [TheatreLocation] = [
        theatre(1039, "Omena", "Espoo", "Piispansilta 11, 02230 Espoo", 60.1621, 24.7385),
        theatre(1038, "Sello", "Espoo", "Ratsukatu 3, 02600 Espoo", 60.2182, 24.8078),
        theatre(1045, "Itis", "Helsinki", "Itäkatu 1–7, 00930 Helsinki", 60.2108, 25.0828),
        theatre(1031, "Kinopalatsi", "Helsinki", "Kaisaniemenkatu 2, 00100 Helsinki", 60.1711, 24.9463),
        theatre(1032, "Maxim", "Helsinki", "Kluuvikatu 1, 00100 Helsinki", 60.1684, 24.9476),
        theatre(1033, "Tennispalatsi", "Helsinki", "Salomonkatu 15, 00100 Helsinki", 60.1693, 24.9311),
        theatre(1013, "Flamingo", "Vantaa", "Tasetie 8, 01510 Vantaa", 60.2908, 24.9693),
        theatre(1015, "Fantasia", "Jyväskylä", "Kauppakatu 29–31, 40100 Jyväskylä", 62.2423, 25.7464),
        theatre(1016, "Scala", "Kuopio", "Ajurinkatu 16, 70100 Kuopio", 62.8908, 27.6760),
        theatre(1017, "Kuvapalatsi", "Lahti", "Vapaudenkatu 13, 15110 Lahti", 60.9837, 25.6604),
        theatre(1041, "Strand", "Lappeenranta", "Brahenkatu 5, 53100 Lappeenranta", 61.0590, 28.1880),
        theatre(1018, "Plaza", "Oulu", "Torikatu 32, 90100 Oulu", 65.0109, 25.4659),
        theatre(1019, "Promenadi", "Pori", "Yrjönkatu 17, 28100 Pori", 61.4841, 21.7959),
        theatre(1034, "Cine Atlas", "Tampere", "Hatanpään valtatie 1, 33100 Tampere", 61.4959, 23.7679),
        theatre(1035, "Plevna", "Tampere", "Itäinenkatu 4, 33210 Tampere", 61.5014, 23.7579),
        theatre(1022, "Kinopalatsi", "Turku", "Kauppiaskatu 11, 20100 Turku", 60.4537, 22.2658),
        theatre(1046, "Luxe Mylly", "Raisio", "Raisionkaari 55, 21200 Raisio", 60.4853, 22.1692),
    ]

    /// Areas that are a whole city or region: the cities whose theatres they select.
    private static let citiesOfArea: [Int: [String]] = [
        1014: ["Helsinki", "Espoo", "Vantaa"],  // Pääkaupunkiseutu, the capital region
        1002: ["Helsinki"], 1012: ["Espoo"], 1021: ["Tampere"],
        1047: ["Turku", "Raisio"],  // Turku ja Raisio (an area ID; the show TheatreID 1047 is Maxim)
    ]

    private static let byAreaID: [Int: TheatreLocation] = Dictionary(
        all.map { ($0.areaID, $0) }, uniquingKeysWith: { first, _ in first })

    /// The theatre that the area `areaID` selects alone, if it is one.
    public static func theatre(areaID: Int) -> TheatreLocation? { byAreaID[areaID] }

    /// The theatre a show is in, from the show's `Theatre` text (`Tennispalatsi, Helsinki`): its
    /// name and city. A show's `TheatreID` is of another number space than this table's keys.
    public static func theatre(named showTheatre: String) -> TheatreLocation? {
        let parts = showTheatre.split(separator: ",", maxSplits: 1)
        guard let name = parts.first.map({ SearchKey($0) }) else { return nil }
        let city = parts.count > 1 ? SearchKey(parts[1]) : nil
        return all.first { SearchKey($0.name) == name && (city == nil || SearchKey($0.city) == city) }
    }

    /// The theatres an area selects: itself for a theatre, a city's or region's theatres, or none
    /// for an area this table does not know (a city area it does not know is matched by name).
    public static func theatres(in area: TheatreArea) -> [TheatreLocation] {
        if let theatre = byAreaID[area.id] { return [theatre] }
        if let cities = citiesOfArea[area.id] { return all.filter { cities.contains($0.city) } }
        guard !area.isPlaceholder, !area.name.contains(":") else { return [] }
        let name = SearchKey(area.name)
        return all.filter { SearchKey($0.city) == name }
    }

    /// The theatres of this table that the feed's area list `areas` does not list as an area of
    /// their own: Finnkino moves its theatres to a new ticketing platform one by one, and a moved
    /// theatre drops out of the feed. None when the list is empty (nothing is known then).
    public static func missing(from areas: [TheatreArea]) -> [TheatreLocation] {
        guard !areas.isEmpty else { return [] }
        // Searched, not hashed: 17 theatres in some 30 areas, asked on every Movies page.
        return all.filter { theatre in !areas.contains { $0.id == theatre.areaID } }
    }

    /// The theatres of `area` (all of Finland when nil) that the feed's area list `areas` lacks.
    public static func missing(in area: TheatreArea?, from areas: [TheatreArea]) -> [TheatreLocation] {
        let gone = missing(from: areas)
        guard let area, !area.isPlaceholder else { return gone }
        guard !gone.isEmpty else { return [] }
        let here = theatres(in: area)
        return gone.filter { theatre in here.contains { $0.areaID == theatre.areaID } }
    }

    /// The distance in kilometres from `point` to the area's nearest theatre; nil when the area's
    /// theatres are unknown.
    public static func distance(from point: Coordinate, to area: TheatreArea) -> Double? {
        theatres(in: area).map { point.distance(to: $0.coordinate) }.min()
    }

    /// The areas nearest first. Equally near areas put the more specific one (fewer theatres)
    /// first, then keep their order; areas of unknown position come last, in their order.
    public static func byDistance(_ areas: [TheatreArea], from point: Coordinate) -> [AreaDistance] {
        let measured = areas.enumerated().map { offset, area in
            let theatres = theatres(in: area)
            return (
                offset: offset, theatreCount: theatres.count,
                entry: AreaDistance(area: area, kilometres: theatres.map { point.distance(to: $0.coordinate) }.min())
            )
        }
        return measured.sorted { lhs, rhs in
            switch (lhs.entry.kilometres, rhs.entry.kilometres) {
            case (let left?, let right?):
                if left != right { return left < right }
                if lhs.theatreCount != rhs.theatreCount { return lhs.theatreCount < rhs.theatreCount }
                return lhs.offset < rhs.offset
            case (.some, .none): return true
            case (.none, .some): return false
            case (.none, .none): return lhs.offset < rhs.offset
            }
        }.map(\.entry)
    }

    private static func theatre(
        _ areaID: Int, _ name: String, _ city: String, _ address: String, _ latitude: Double, _ longitude: Double
    ) -> TheatreLocation {
        TheatreLocation(
            areaID: areaID, name: name, city: city, address: address, coordinate: Coordinate(known: latitude, longitude)
        )
    }
}
