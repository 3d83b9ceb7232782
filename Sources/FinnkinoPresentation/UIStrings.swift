import FinnkinoKit

/// Every word the interface shows, per language: one table of data, no code paths per language.
///
/// Entries that take a value are ``Template``s: `strings.removedOne(title)`.
public struct UIStrings: WordTableBacked, Sendable, Hashable {
    /// The entries themselves, read through the table as `strings.appName` (`dynamicMember`).
    public struct Words: Sendable, Hashable {
        public var appName: String
        public var moviesTab: String
        public var showtimesTab: String
        public var newsTab: String
        public var navigationLabel: String
        public var languageLabel: String
        public var movieScreen: String
        public var articleScreen: String
        public var area: String
        public var allOfFinland: String
        public var nowInTheatres: String
        public var comingSoon: String
        public var search: String
        public var searchPlaceholder: String
        public var scopeLabel: String
        public var beginsWith: String
        public var contains: String
        public var apply: String
        /// The Movies list's order: its label, and by title (A-Z), premiere, audience score, length.
        public var sortLabel: String
        public var sortByTitle: String
        public var sortByPremiere: String
        public var sortByScore: String
        public var sortByLength: String
        public var alphabetIndex: String
        public var noMovies: String
        /// `%@`: the search text.
        public var noMoviesMatching: Template
        public var minutes: String
        public var hours: String
        public var ageLabel: String
        public var allAges: String
        public var notRated: String
        public var director: String
        public var cast: String
        public var year: String
        public var length: String
        public var genres: String
        public var premiere: String
        public var trailer: String
        public var showtimesLink: String
        public var movieNotFound: String
        public var dates: String
        public var noShows: String
        public var tickets: String
        public var subtitles: String
        public var auditorium: String
        public var noNews: String
        public var allCategories: String
        public var articleNotFound: String
        public var readOnSite: String
        /// `%@`: how old the data is, e.g. `12 min`.
        public var staleNotice: Template
        public var loadFailed: String
        public var loading: String
        public var today: String
        public var tomorrow: String
        /// Monday first.
        public var weekdays: [String]
        public var pageNotFound: String
        public var backToMovies: String
        // Location
        /// `,` in Finnish, `.` in English (`3,2 km`).
        public var decimalSeparator: String
        /// `%@`: an area and its distance, e.g. `Helsinki, 2.1 km`.
        public var nearestArea: Template
        public var useMyLocation: String
        public var locationUnavailable: String
        // Web: location form
        public var locationLabel: String
        /// Placeholder of the location field.
        public var locationPlaceholder: String
        public var setLocation: String
        public var forgetLocation: String
        /// `%@`: a place we do not know.
        public var unknownLocation: Template
        // Bookmarks
        public var bookmarksTab: String
        /// The button that bookmarks a movie.
        public var addBookmark: String
        /// The button that removes a movie's bookmark.
        public var removeBookmark: String
        public var noBookmarks: String
        /// `%@`: the date it was bookmarked.
        public var bookmarkedOn: Template
        /// `%@`: the title of the removed movie.
        public var removedOne: Template
        /// `%@`: how many were removed.
        public var removedMany: Template
        public var undo: String
        public var redo: String
        public var noShowsInArea: String
        public var notShowing: String
        /// What a bookmark of an international movie says instead of its next show.
        public var internationalBookmark: String
        public var bookmarksFailed: String
        /// `%@` is the most bookmarks a person can have.
        public var bookmarksFull: Template
        public var tooManyRequests: String
        // Web: bookmarks, actions, shortcuts, connectivity
        public var removeSelected: String
        /// A row's own remove button.
        public var remove: String
        /// `%@`: the title bookmarked.
        public var bookmarkAdded: Template
        public var nothingToUndo: String
        public var nothingToRedo: String
        public var nothingToDo: String
        public var refreshed: String
        /// A refresh the source did not answer; the page keeps its data.
        public var refreshFailed: String
        /// `%@`: what was undone (`Removed Dyyni`).
        public var undone: Template
        public var redone: Template
        public var shortcutsTitle: String
        public var close: String
        /// Key, description pairs, in the order shown.
        public var shortcuts: [String]
        /// `%@`: how long the data source has not answered (`5 min`).
        public var offlineNotice: Template
        /// Shown on every page while the server could not open its bookmarks file.
        public var bookmarksUnavailable: String
        /// Shown on every page while the server could not open its video library.
        public var libraryUnavailable: String
        /// On an area's pages when Finnkino's feed lacks some of its theatres: `%@` lists them
        /// (`Omena (Espoo), Sello (Espoo)`); the notice links to ``finnkinoSite``.
        public var missingTheatres: Template
        /// The link to Finnkino's own site, where a theatre missing from the feed has its programme.
        public var finnkinoSite: String
        /// The runs' words (``ScreenRuns``): `Last chance: Thu 3.4. 21:00`, `Rare: 2 shows in 7 days`,
        /// `Back on screen: Fri 11.4.`, and the run filter's label, choices and empty list.
        public var runLastChance: Template
        public var runRare: Template
        public var runRareOnce: String
        public var runBack: Template
        /// A card's short words of each run (the whole badge is read out and shown as its title).
        public var runLastChanceShort: String
        public var runRareShort: String
        public var runBackShort: String
        public var runFilterLabel: String
        public var runAny: String
        public var runLastChances: String
        public var runRareOnes: String
        public var runBackOnes: String
        public var runNoneOfKind: String
    }

    /// The entries, shared by every copy (``WordTable``).
    public var table: WordTable<Words>

    public init(_ words: Words) {
        table = WordTable(words)
    }

    /// The name of a run as a filter's choice (nil: any).
    public func runChoice(_ kind: ScreenRuns.Kind?) -> String {
        switch kind {
        case nil: self.runAny
        case .lastChance: self.runLastChances
        case .rare: self.runRareOnes
        case .back: self.runBackOnes
        }
    }

    /// What a person is told when a bookmark change failed: that they have too many, or that it
    /// could not be saved.
    public func bookmarkChangeFailed(_ error: any Error) -> String {
        if case BookmarkStoreError.full(let limit) = error { return self.bookmarksFull(String(limit)) }
        return self.bookmarksFailed
    }

    public static let finnish = UIStrings(
        Words(
            appName: "Finnkino", moviesTab: "Elokuvat", showtimesTab: "Näytökset", newsTab: "Uutiset",
            navigationLabel: "Päävalikko", languageLabel: "Kieli", movieScreen: "Elokuva", articleScreen: "Uutinen",
            area: "Alue", allOfFinland: "Koko Suomi", nowInTheatres: "Teattereissa nyt", comingSoon: "Tulossa",
            search: "Hae", searchPlaceholder: "Elokuvan nimi", scopeLabel: "Hakutapa", beginsWith: "Alkaa",
            contains: "Sisältää", apply: "Näytä", sortLabel: "Järjestys", sortByTitle: "Nimi",
            sortByPremiere: "Ensi-ilta", sortByScore: "Yleisön arvio", sortByLength: "Kesto",
            alphabetIndex: "Aakkoshakemisto", noMovies: "Ei elokuvia.",
            noMoviesMatching: "Hakua ”%@” vastaavia elokuvia ei löytynyt.", minutes: "min", hours: "h",
            ageLabel: "Ikäraja", allAges: "S", notRated: "–", director: "Ohjaaja", cast: "Pääosissa", year: "Vuosi",
            length: "Kesto", genres: "Lajityyppi", premiere: "Ensi-ilta", trailer: "Traileri",
            showtimesLink: "Näytösajat", movieNotFound: "Elokuvaa ei löytynyt.", dates: "Päivät",
            noShows: "Ei näytöksiä tänä päivänä tällä alueella.", tickets: "Liput", subtitles: "Tekstitys",
            auditorium: "Sali", noNews: "Ei uutisia.", allCategories: "Kaikki", articleNotFound: "Uutista ei löytynyt.",
            readOnSite: "Lue Finnkinon sivulla",
            staleNotice: "Näytetään tallennetut tiedot (%@ sitten): lähteeseen ei saatu yhteyttä.",
            loadFailed: "Tietoja ei voitu hakea. Yritä hetken päästä uudelleen.", loading: "Ladataan…",
            today: "Tänään", tomorrow: "Huomenna", weekdays: ["ma", "ti", "ke", "to", "pe", "la", "su"],
            pageNotFound: "Sivua ei löytynyt.", backToMovies: "Takaisin elokuviin",
            // Location
            decimalSeparator: ",", nearestArea: "Lähin: %@", useMyLocation: "Käytä sijaintiani",
            locationUnavailable: "Sijaintia ei saatu.",
            // Web: location form
            locationLabel: "Sijainti", locationPlaceholder: "Kaupunki tai 60.17,24.94", setLocation: "Aseta",
            forgetLocation: "Unohda sijainti", unknownLocation: "Paikkaa ”%@” ei tunnistettu.",
            // Bookmarks
            bookmarksTab: "Kirjanmerkit", addBookmark: "Lisää kirjanmerkki", removeBookmark: "Poista kirjanmerkki",
            noBookmarks: "Ei kirjanmerkkejä. Lisää elokuva sen sivulta.", bookmarkedOn: "Lisätty %@",
            removedOne: "Poistettu: %@", removedMany: "Poistettu %@ elokuvaa", undo: "Kumoa", redo: "Tee uudelleen",
            noShowsInArea: "Ei näytöksiä tällä alueella", notShowing: "Ei ohjelmistossa",
            internationalBookmark: "Kansainväliset listat",
            bookmarksFailed: "Kirjanmerkkejä ei voitu tallentaa.",
            bookmarksFull: "Sinulla on jo %@ kirjanmerkkiä, enempää ei voi olla. Poista ensin joitakin.",
            tooManyRequests: "Liian monta pyyntöä lyhyessä ajassa. Odota hetki ja yritä uudelleen.",
            // Web: bookmarks, actions, shortcuts, connectivity
            removeSelected: "Poista valitut", remove: "Poista", bookmarkAdded: "Lisätty kirjanmerkkeihin: %@",
            nothingToUndo: "Ei kumottavaa.",
            nothingToRedo: "Ei uudelleen tehtävää.", nothingToDo: "Tätä ei voi tehdä tällä sivulla.",
            refreshed: "Tiedot päivitetty.",
            refreshFailed: "Päivitys ei onnistunut: tietolähde ei vastaa. Näytetään tallennetut tiedot.",
            undone: "Kumottu: %@", redone: "Tehty uudelleen: %@",
            shortcutsTitle: "Pikanäppäimet", close: "Sulje",
            shortcuts: [
                "Ctrl+Z", "Kumoa", "Ctrl+Y", "Tee uudelleen", "r", "Päivitä tiedot", "b",
                "Kirjanmerkki päälle tai pois",
                "/", "Hakuun", "]", "Seuraava välilehti", "[", "Edellinen välilehti", "?", "Tämä ohje",
            ],
            offlineNotice: "Ei yhteyttä: tietolähde ei ole vastannut %@. Näytetyt tiedot on tallennettu ennen sitä.",
            bookmarksUnavailable:
                "Suosikit eivät ole nyt käytössä: palvelin ei voinut lukea niitä. Mitään ei ole muutettu.",
            libraryUnavailable:
                "Videokirjasto ei ole nyt käytössä: palvelin ei voinut lukea sitä. Mitään ei ole muutettu.",
            missingTheatres:
                "Finnkinon tietolähde ei enää listaa näitä teattereita: %@. Niiden ohjelmisto ja liput ovat Finnkinon sivuilla.",
            finnkinoSite: "finnkino.fi",
            runLastChance: "Viimeinen tilaisuus: %@", runRare: "Harvinainen: %@ näytöstä 7 päivässä",
            runRareOnce: "Harvinainen: 1 näytös 7 päivässä", runBack: "Taas valkokankaalla: %@",
            runLastChanceShort: "Viimeinen tilaisuus", runRareShort: "Harvoin", runBackShort: "Taas esillä",
            runFilterLabel: "Ohjelmistossa", runAny: "Kaikki", runLastChances: "Viimeiset tilaisuudet",
            runRareOnes: "Harvinaiset", runBackOnes: "Taas valkokankaalla",
            runNoneOfKind: "Ei tällaisia elokuvia tällä alueella nyt."))

    public static let english = UIStrings(
        Words(
            appName: "Finnkino", moviesTab: "Movies", showtimesTab: "Showtimes", newsTab: "News",
            navigationLabel: "Main menu", languageLabel: "Language", movieScreen: "Movie", articleScreen: "Article",
            area: "Area", allOfFinland: "All of Finland", nowInTheatres: "Now in theatres", comingSoon: "Coming soon",
            search: "Search", searchPlaceholder: "Movie title", scopeLabel: "Match", beginsWith: "Begins with",
            contains: "Contains", apply: "Show", sortLabel: "Order", sortByTitle: "Title",
            sortByPremiere: "Premiere", sortByScore: "Audience score", sortByLength: "Length",
            alphabetIndex: "A–Z index",
            noMovies: "No movies.",
            noMoviesMatching: "No movies match “%@”.", minutes: "min", hours: "h", ageLabel: "Age limit",
            allAges: "S", notRated: "–", director: "Director", cast: "Cast", year: "Year", length: "Length",
            genres: "Genres", premiere: "Premiere", trailer: "Trailer", showtimesLink: "Showtimes",
            movieNotFound: "No such movie.", dates: "Dates", noShows: "No shows on this day in this area.",
            tickets: "Tickets", subtitles: "Subtitles", auditorium: "Auditorium", noNews: "No news.",
            allCategories: "All", articleNotFound: "No such article.", readOnSite: "Read on Finnkino's site",
            staleNotice: "Showing saved data from %@ ago: the source could not be reached.",
            loadFailed: "The data could not be loaded. Please try again in a moment.", loading: "Loading…",
            today: "Today", tomorrow: "Tomorrow", weekdays: ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"],
            pageNotFound: "Page not found.", backToMovies: "Back to movies",
            // Location
            decimalSeparator: ".", nearestArea: "Nearest: %@", useMyLocation: "Use my location",
            locationUnavailable: "Your location could not be found.",
            // Web: location form
            locationLabel: "Location", locationPlaceholder: "City or 60.17,24.94", setLocation: "Set",
            forgetLocation: "Forget location", unknownLocation: "“%@” is not a place we know.",
            // Bookmarks
            bookmarksTab: "Bookmarks", addBookmark: "Bookmark", removeBookmark: "Remove bookmark",
            noBookmarks: "No bookmarks yet. Bookmark a movie from its page.", bookmarkedOn: "Added %@",
            removedOne: "Removed %@", removedMany: "Removed %@ movies", undo: "Undo", redo: "Redo",
            noShowsInArea: "No shows in this area", notShowing: "Not showing",
            internationalBookmark: "International lists",
            bookmarksFailed: "The bookmarks could not be saved.",
            bookmarksFull: "You already have %@ bookmarks, the most there can be. Remove some first.",
            tooManyRequests: "Too many requests in a short time. Wait a moment and try again.",
            // Web: bookmarks, actions, shortcuts, connectivity
            removeSelected: "Remove selected", remove: "Remove", bookmarkAdded: "Bookmarked %@",
            nothingToUndo: "Nothing to undo.",
            nothingToRedo: "Nothing to redo.", nothingToDo: "There is nothing to do for that on this page.",
            refreshed: "Refreshed.",
            refreshFailed: "Could not refresh: the data source does not answer. Showing saved data.",
            undone: "Undone: %@", redone: "Redone: %@", shortcutsTitle: "Keyboard shortcuts",
            close: "Close",
            shortcuts: [
                "Ctrl+Z", "Undo", "Ctrl+Y", "Redo", "r", "Refresh the data", "b", "Bookmark or remove the bookmark",
                "/", "Go to the search field", "]", "Next tab", "[", "Previous tab", "?", "This help",
            ],
            offlineNotice: "Offline: the data source has not answered for %@. The data shown was saved before that.",
            bookmarksUnavailable:
                "Bookmarks are not available: the server could not read them. Nothing has been changed.",
            libraryUnavailable:
                "The video library is not available: the server could not read it. Nothing has been changed.",
            missingTheatres:
                "Finnkino's data source no longer lists these theatres: %@. Their programme and tickets are on Finnkino's site.",
            finnkinoSite: "finnkino.fi",
            runLastChance: "Last chance: %@", runRare: "Rare: %@ shows in 7 days",
            runRareOnce: "Rare: 1 show in 7 days",
            runBack: "Back on screen: %@", runLastChanceShort: "Last chance", runRareShort: "Rare",
            runBackShort: "Back on screen", runFilterLabel: "Showing", runAny: "Any", runLastChances: "Last chances",
            runRareOnes: "Rare", runBackOnes: "Back on screen", runNoneOfKind: "No such movies in this area now."))

    public static let swedish = UIStrings(
        Words(
            appName: "Finnkino", moviesTab: "Filmer", showtimesTab: "Visningar", newsTab: "Nyheter",
            navigationLabel: "Huvudmeny", languageLabel: "Språk", movieScreen: "Film", articleScreen: "Nyhet",
            area: "Område", allOfFinland: "Hela Finland", nowInTheatres: "På bio nu", comingSoon: "Kommande",
            search: "Sök", searchPlaceholder: "Filmens namn", scopeLabel: "Sökväg", beginsWith: "Börjar med",
            contains: "Innehåller", apply: "Visa", sortLabel: "Ordning", sortByTitle: "Titel",
            sortByPremiere: "Premiär", sortByScore: "Publikens betyg", sortByLength: "Längd",
            alphabetIndex: "Register A–Ö",
            noMovies: "Inga filmer.",
            noMoviesMatching: "Inga filmer motsvarar ”%@”.", minutes: "min", hours: "h", ageLabel: "Åldersgräns",
            allAges: "T", notRated: "–", director: "Regi", cast: "I huvudrollerna", year: "År", length: "Längd",
            genres: "Genre", premiere: "Premiär", trailer: "Trailer", showtimesLink: "Föreställningar",
            movieNotFound: "Filmen hittades inte.", dates: "Dagar",
            noShows: "Inga föreställningar denna dag i detta område.",
            tickets: "Biljetter", subtitles: "Textning", auditorium: "Salong", noNews: "Inga nyheter.",
            allCategories: "Alla", articleNotFound: "Nyheten hittades inte.", readOnSite: "Läs på Finnkinos webbplats",
            staleNotice: "Visar sparade uppgifter (för %@ sedan): källan kunde inte nås.",
            loadFailed: "Uppgifterna kunde inte hämtas. Försök igen om en stund.", loading: "Laddar…",
            today: "I dag", tomorrow: "I morgon", weekdays: ["mån", "tis", "ons", "tors", "fre", "lör", "sön"],
            pageNotFound: "Sidan hittades inte.", backToMovies: "Tillbaka till filmerna",
            // Location
            decimalSeparator: ",", nearestArea: "Närmast: %@", useMyLocation: "Använd min position",
            locationUnavailable: "Din position kunde inte fås.",
            // Web: location form
            locationLabel: "Position", locationPlaceholder: "Stad eller 60.17,24.94", setLocation: "Ange",
            forgetLocation: "Glöm positionen", unknownLocation: "”%@” är ingen plats vi känner till.",
            // Bookmarks
            bookmarksTab: "Bokmärken", addBookmark: "Bokmärk", removeBookmark: "Ta bort bokmärket",
            noBookmarks: "Inga bokmärken ännu. Bokmärk en film på dess sida.", bookmarkedOn: "Tillagd %@",
            removedOne: "Borttagen: %@", removedMany: "%@ filmer borttagna", undo: "Ångra", redo: "Gör om",
            noShowsInArea: "Inga föreställningar i detta område", notShowing: "Visas inte",
            internationalBookmark: "Internationella listor",
            bookmarksFailed: "Bokmärkena kunde inte sparas.",
            bookmarksFull: "Du har redan %@ bokmärken, fler kan det inte vara. Ta bort några först.",
            tooManyRequests: "För många förfrågningar på kort tid. Vänta en stund och försök igen.",
            // Web: bookmarks, actions, shortcuts, connectivity
            removeSelected: "Ta bort valda", remove: "Ta bort", bookmarkAdded: "Bokmärkt: %@",
            nothingToUndo: "Inget att ångra.",
            nothingToRedo: "Inget att göra om.", nothingToDo: "Det finns inget att göra för det på denna sida.",
            refreshed: "Uppgifterna uppdaterade.",
            refreshFailed: "Kunde inte uppdatera: datakällan svarar inte. Sparade uppgifter visas.",
            undone: "Ångrat: %@",
            redone: "Gjort om: %@",
            shortcutsTitle: "Kortkommandon", close: "Stäng",
            shortcuts: [
                "Ctrl+Z", "Ångra", "Ctrl+Y", "Gör om", "r", "Uppdatera uppgifterna", "b",
                "Bokmärk eller ta bort bokmärket",
                "/", "Till sökfältet", "]", "Nästa flik", "[", "Föregående flik", "?", "Denna hjälp",
            ],
            offlineNotice:
                "Ingen förbindelse: datakällan har inte svarat på %@. Uppgifterna som visas sparades före det.",
            bookmarksUnavailable:
                "Bokmärkena är inte tillgängliga: servern kunde inte läsa dem. Ingenting har ändrats.",
            libraryUnavailable:
                "Videobiblioteket är inte tillgängligt: servern kunde inte läsa det. Ingenting har ändrats.",
            missingTheatres:
                "Finnkinos datakälla listar inte längre dessa biografer: %@. Deras program och biljetter finns på Finnkinos webbplats.",
            finnkinoSite: "finnkino.fi",
            runLastChance: "Sista chansen: %@", runRare: "Sällsynt: %@ föreställningar på 7 dagar",
            runRareOnce: "Sällsynt: 1 föreställning på 7 dagar", runBack: "Tillbaka på duken: %@",
            runLastChanceShort: "Sista chansen", runRareShort: "Sällsynt", runBackShort: "Tillbaka på duken",
            runFilterLabel: "På repertoaren", runAny: "Alla", runLastChances: "Sista chansen", runRareOnes: "Sällsynta",
            runBackOnes: "Tillbaka på duken", runNoneOfKind: "Inga sådana filmer i området just nu."))
}
