import FinnkinoKit

/// The words of the international lists' screens, per interface language.
public struct ChartStrings: Sendable, Equatable {
    public var tab: String
    public var boxOffice: String
    public var upcoming: String
    public var topRated: String
    public var more: String
    public var noMovies: String
    public var released: String
    public var comingOn: String
    public var length: String
    public var genres: String
    public var director: String
    public var cast: String
    public var audience: String
    /// `%@` is the number of votes.
    public var votes: Template
    public var noVotes: String
    public var critics: String
    public var trailer: String
    public var movieNotFound: String
    public var unavailable: String
    public var source: String

    public static let finnish = ChartStrings(
        tab: "Maailma", boxOffice: "Lipputulot", upcoming: "Tulossa", topRated: "Parhaat", more: "Lisää elokuvia",
        noMovies: "Ei elokuvia tällä listalla.", released: "Julkaistu", comingOn: "Ensi-ilta", length: "Kesto",
        genres: "Lajityyppi", director: "Ohjaaja", cast: "Näyttelijät", audience: "Yleisö", votes: "%@ ääntä",
        noVotes: "Ei vielä ääniä", critics: "Kriitikot", trailer: "Traileri",
        movieNotFound: "Elokuvaa ei löytynyt.", unavailable: "Kansainväliset listat eivät ole nyt saatavilla.",
        source: "Tiedot: TMDB ja OMDb")

    public static let swedish = ChartStrings(
        tab: "Världen", boxOffice: "Biotoppen", upcoming: "Kommande", topRated: "Bäst betyg", more: "Fler filmer",
        noMovies: "Inga filmer på listan.", released: "Premiär", comingOn: "Premiär", length: "Längd",
        genres: "Genre", director: "Regi", cast: "Skådespelare", audience: "Publiken", votes: "%@ röster",
        noVotes: "Inga röster än", critics: "Kritikerna", trailer: "Trailer", movieNotFound: "Filmen hittades inte.",
        unavailable: "De internationella listorna är inte tillgängliga nu.", source: "Uppgifter: TMDB och OMDb")

    public static let english = ChartStrings(
        tab: "World", boxOffice: "Box office", upcoming: "Upcoming", topRated: "Top rated", more: "More movies",
        noMovies: "No movies on this list.", released: "Released", comingOn: "Opens", length: "Length",
        genres: "Genres", director: "Director", cast: "Cast", audience: "Audience", votes: "%@ votes",
        noVotes: "No votes yet", critics: "Critics", trailer: "Trailer", movieNotFound: "Movie not found.",
        unavailable: "The international lists are not available now.", source: "Data: TMDB and OMDb")

    public func title(_ list: ChartList) -> String {
        switch list {
        case .boxOffice: boxOffice
        case .upcoming: upcoming
        case .topRated: topRated
        }
    }
}
