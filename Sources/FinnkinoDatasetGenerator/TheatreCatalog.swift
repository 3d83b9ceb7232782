/// A real Finnkino theatre as the dataset models it. Names and cities are public facts; show
/// `TheatreID`s are the real ones where a saved sample shows them, invented (1061...) otherwise;
/// auditorium IDs are invented and stable.
struct Theatre {
    var id: Int
    var name: String
    var city: String
    /// The TheatreAreas ID that selects this theatre alone.
    var areaID: Int
    var auditoriumCount: Int
    /// The first auditorium ID; auditorium n (1-based) has `firstAuditoriumID + n - 1`.
    var firstAuditoriumID: Int

    /// `Tennispalatsi, Helsinki`, as in `Show/Theatre`.
    var displayName: String { "\(name), \(city)" }
}

/// A TheatreAreas entry and the theatres it selects.
struct TheatreAreaEntry {
    var id: Int
    var name: String
    var theatreIDs: [Int]
}

/// Areas and theatres of the dataset.
enum TheatreCatalog {
    /// Every theatre: the 16 of the 2019 list, then the newer ones.
    static let theatres: [Theatre] = listed2019 + newer

    /// The 16 theatres of the 2019 TheatreAreas list.
    static let listed2019: [Theatre] = {
        let rows: [(Int, String, String, Int, Int)] = [
            (1034, "Kinopalatsi", "Helsinki", 1031, 10),
            (1038, "Tennispalatsi", "Helsinki", 1033, 14),
            (1047, "Maxim", "Helsinki", 1032, 2),
            (1058, "Itis", "Helsinki", 1045, 8),
            (1056, "Omena", "Espoo", 1039, 7),
            (1050, "Sello", "Espoo", 1038, 7),
            (1043, "Flamingo", "Vantaa", 1013, 10),
            (1061, "Fantasia", "Jyväskylä", 1015, 7),
            (1062, "Scala", "Kuopio", 1016, 6),
            (1063, "Kuvapalatsi", "Lahti", 1017, 9),
            (1064, "Strand", "Lappeenranta", 1041, 4),
            (1065, "Plaza", "Oulu", 1018, 8),
            (1066, "Promenadi", "Pori", 1019, 6),
            (1067, "Cine Atlas", "Tampere", 1034, 7),
            (1068, "Plevna", "Tampere", 1035, 10),
            (1069, "Kinopalatsi", "Turku", 1022, 9),
        ]
        var next = 1101
        return rows.map { row in
            defer { next += 20 }
            return Theatre(
                id: row.0, name: row.1, city: row.2, areaID: row.3, auditoriumCount: row.4,
                firstAuditoriumID: next)
        }
    }()

    /// Theatres opened after the 2019 list: Luxe Mylly in Raisio (area 1046). Its show
    /// `TheatreID` is invented; its auditorium IDs follow the 16 theatres' (1101 + 16 × 20).
    static let newer: [Theatre] = [
        Theatre(id: 1070, name: "Luxe Mylly", city: "Raisio", areaID: 1046, auditoriumCount: 6, firstAuditoriumID: 1421)
    ]

    /// The 2019 TheatreAreas list in its real order, then the newer areas 1046 (Luxe Mylly alone)
    /// and 1047 (Turku and Raisio). Area IDs and show TheatreIDs are separate number spaces: area
    /// 1047 is "Turku ja Raisio", while the show TheatreID 1047 is Maxim. 1029 (the "choose" placeholder) selects every
    /// theatre in this dataset: a request with it still shows something.
    static let areas: [TheatreAreaEntry] = {
        func ids(_ cities: [String]) -> [Int] {
            theatres.filter { cities.contains($0.city) }.map(\.id)
        }
        func single(_ areaID: Int) -> [Int] {
            theatres.filter { $0.areaID == areaID }.map(\.id)
        }
        let named: [(Int, String)] = [
            (1029, "Valitse alue/teatteri"), (1014, "Pääkaupunkiseutu"), (1012, "Espoo"),
            (1039, "Espoo: OMENA"), (1038, "Espoo: SELLO"), (1002, "Helsinki"), (1045, "Helsinki: ITIS"),
            (1031, "Helsinki: KINOPALATSI"), (1032, "Helsinki: MAXIM"), (1033, "Helsinki: TENNISPALATSI"),
            (1013, "Vantaa: FLAMINGO"), (1015, "Jyväskylä: FANTASIA"), (1016, "Kuopio: SCALA"),
            (1017, "Lahti: KUVAPALATSI"), (1041, "Lappeenranta: STRAND"), (1018, "Oulu: PLAZA"),
            (1019, "Pori: PROMENADI"), (1021, "Tampere"), (1034, "Tampere: CINE ATLAS"),
            (1035, "Tampere: PLEVNA"), (1022, "Turku: KINOPALATSI"), (1046, "Raisio: LUXE MYLLY"),
            (1047, "Turku ja Raisio"),
        ]
        return named.map { id, name in
            let theatreIDs: [Int] =
                switch id {
                case 1029: theatres.map(\.id)
                case 1014: ids(["Helsinki", "Espoo", "Vantaa"])
                case 1002: ids(["Helsinki"])
                case 1012: ids(["Espoo"])
                case 1021: ids(["Tampere"])
                case 1047: ids(["Turku", "Raisio"])
                default: single(id)
                }
            return TheatreAreaEntry(id: id, name: name, theatreIDs: theatreIDs)
        }
    }()

    /// The area a request without `area=` gets (the capital region, as the real API appears to).
    static let defaultAreaID = 1014
}
