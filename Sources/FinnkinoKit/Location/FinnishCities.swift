/// Finnish cities a person can name instead of a position (`--near tampere`): every city with a
/// Finnkino theatre, the rest of the capital region, and other large towns.
///
/// Positions are the city centres (public facts, 4 decimals). Names match ignoring case and
/// accents (`jyvaskyla`, `Jyväskylä`); Swedish names are accepted too (`Helsingfors`, `Åbo`).
public enum FinnishCities {
    /// A city of the table.
    public struct City: Sendable, Hashable {
        /// The Finnish name: `Jyväskylä`.
        public var name: String
        public var coordinate: Coordinate
    }

    /// Every city, by Finnish name.
    public static let all: [City] = [
        city("Helsinki", 60.1699, 24.9384), city("Espoo", 60.2055, 24.6559), city("Vantaa", 60.2934, 25.0378),
        city("Kauniainen", 60.2108, 24.7282), city("Tampere", 61.4978, 23.7610), city("Turku", 60.4518, 22.2666),
        city("Oulu", 65.0121, 25.4651), city("Jyväskylä", 62.2426, 25.7473), city("Kuopio", 62.8924, 27.6770),
        city("Lahti", 60.9827, 25.6612), city("Pori", 61.4851, 21.7974), city("Lappeenranta", 61.0587, 28.1887),
        city("Hämeenlinna", 60.9959, 24.4643), city("Joensuu", 62.6010, 29.7636), city("Vaasa", 63.0951, 21.6165),
        city("Rovaniemi", 66.5039, 25.7294), city("Seinäjoki", 62.7903, 22.8403), city("Kotka", 60.4664, 26.9458),
        city("Kouvola", 60.8679, 26.7042), city("Mikkeli", 61.6886, 27.2723), city("Porvoo", 60.3932, 25.6651),
        city("Raisio", 60.4858, 22.1694),
    ]

    /// Swedish names of the cities above.
    private static let swedishNames: [String: String] = [
        "Helsingfors": "Helsinki", "Esbo": "Espoo", "Vanda": "Vantaa", "Grankulla": "Kauniainen",
        "Tammerfors": "Tampere", "Åbo": "Turku", "Uleåborg": "Oulu", "Lahtis": "Lahti", "Björneborg": "Pori",
        "Villmanstrand": "Lappeenranta", "Tavastehus": "Hämeenlinna", "Vasa": "Vaasa", "Borgå": "Porvoo",
        "Reso": "Raisio", "S:t Michel": "Mikkeli",
    ]

    private static let byKey: [SearchKey: City] = {
        var table: [SearchKey: City] = [:]
        for city in all { table[SearchKey(city.name)] = city }
        for (swedish, finnish) in swedishNames {
            if let city = table[SearchKey(finnish)] { table[SearchKey(swedish)] = city }
        }
        return table
    }()

    /// The city called `name` (Finnish or Swedish, any case, accents optional), or nil.
    public static func city(named name: String) -> City? {
        byKey[SearchKey(name)]
    }

    private static func city(_ name: String, _ latitude: Double, _ longitude: Double) -> City {
        City(name: name, coordinate: Coordinate(known: latitude, longitude))
    }
}
