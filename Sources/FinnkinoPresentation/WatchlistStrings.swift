import FinnkinoKit

/// The watchlist import's words in one language.
public struct WatchlistStrings: Sendable {
    public var title: String
    public var intro: String
    public var fileLabel: String
    public var importButton: String
    public var openImport: String
    public var matchedHeading: String
    public var bookmarked: String
    public var wanted: String
    public var alreadyYours: String
    public var notAdded: String
    public var nextShow: Template
    public var noShowsNearby: String
    public var comingSoon: Template
    public var comingSoonUndated: String
    public var keptHeading: String
    public var keptIntro: String
    public var notOnTheProgramme: String
    public var noYear: String
    public var ambiguous: String
    public var skippedHeading: String
    public var notAFilm: String
    public var notATitle: String
    public var duplicate: String
    public var row: Template
    public var lastImport: Template
    public var undo: String
    public var undone: String
    public var nothingChanged: String
    public var noFile: String
    public var tooLarge: Template
    public var tooManyEntries: Template
    public var notUTF8: String
    public var watched: Template
    public var unnamedLetterboxd: String
    public var otherCSV: String
    public var empty: String
    public var unreadableZIP: String
    public var noWatchlistInZIP: String

    /// A refusal in words, with "nothing was changed" after it.
    public func refusal(_ error: WatchlistFileError) -> String {
        let why: String =
            switch error {
            case .tooLarge(let limit): tooLarge(String(limit / 1_048_576))
            case .tooManyEntries(let limit): tooManyEntries(String(limit))
            case .notUTF8: notUTF8
            case .watched(let file): watched(file)
            case .unnamedLetterboxd: unnamedLetterboxd
            case .otherCSV: otherCSV
            case .empty: empty
            case .unreadableZIP: unreadableZIP
            case .noWatchlistInZIP: noWatchlistInZIP
            }
        return why + " " + nothingChanged
    }

    public func miss(_ miss: WatchlistMatch.Miss) -> String {
        switch miss {
        case .notOnTheProgramme: notOnTheProgramme
        case .noYear: noYear
        case .ambiguous: ambiguous
        }
    }

    public func skipped(_ reason: WatchlistRead.Skipped.Reason) -> String {
        switch reason {
        case .notAFilm: notAFilm
        case .notATitle: notATitle
        case .duplicate: duplicate
        }
    }

    public static let finnish = WatchlistStrings(
        title: "Tuo katselulista",
        intro:
            "Lähetä Letterboxdin vienti (watchlist.csv, jokin sen listoista tai koko ZIP-tiedosto), IMDb:n lista tai tekstitiedosto, jossa on elokuvan nimi ja vuosi riveittäin. Nyt pyörivät elokuvat tulevat kirjanmerkkeihisi ja tulossa olevat toivelistallesi; muut odottavat, kunnes ne tulevat ohjelmistoon.",
        fileLabel: "Tiedosto",
        importButton: "Tuo",
        openImport: "Tuo katselulista (Letterboxd, IMDb)",
        matchedHeading: "Ohjelmistossa",
        bookmarked: "Lisättiin kirjanmerkkeihin",
        wanted: "Lisättiin toivelistalle",
        alreadyYours: "Oli jo sinulla",
        notAdded: "Ei lisätty: listasi on täynnä",
        nextShow: "Seuraava näytös %@",
        noShowsNearby: "Ei näytöksiä alueellasi viikkoon",
        comingSoon: "Tulossa, ensi-ilta %@",
        comingSoonUndated: "Tulossa",
        keptHeading: "Odottaa ohjelmistoon tuloa",
        keptIntro: "Nämä elokuvat haetaan uudelleen, kun ohjelmisto muuttuu: saat ilmoituksen, kun jokin niistä tulee.",
        notOnTheProgramme: "Ei ohjelmistossa nyt",
        noYear: "Tiedostossa ei ole vuotta, ja pelkkä nimi voisi olla toinen elokuva",
        ambiguous: "Kaksi elokuvaa sopii yhtä hyvin",
        skippedHeading: "Jätettiin pois",
        notAFilm: "ei elokuva (sarja tai muu)",
        notATitle: "ei elokuvan nimi",
        duplicate: "sama elokuva uudelleen",
        row: "rivi %@",
        lastImport: "Viimeksi tuotu: %@",
        undo: "Peru tuonti",
        undone: "Tuonti peruttiin: sen lisäämät elokuvat poistettiin.",
        nothingChanged: "Mitään ei muutettu.",
        noFile: "Valitse ensin tiedosto.",
        tooLarge: "Tiedosto on yli %@ Mt.",
        tooManyEntries: "Tiedostossa on yli %@ elokuvaa.",
        notUTF8: "Tiedosto ei ole UTF-8-tekstiä.",
        watched: "%@ on katsomasi elokuvat, ei katselulistasi.",
        unnamedLetterboxd:
            "Letterboxdin tiedosto luetaan katselulistaksi vain nimellä watchlist.csv (watched.csv näyttää samalta): lähetä se sillä nimellä tai koko ZIP-tiedosto.",
        otherCSV: "Tämä CSV-tiedosto ei ole katselulista.",
        empty: "Tiedostossa ei ole elokuvia.",
        unreadableZIP: "ZIP-tiedostoa ei voi lukea.",
        noWatchlistInZIP: "ZIP-tiedostossa ei ole watchlist.csv-tiedostoa eikä listoja."
    )

    public static let swedish = WatchlistStrings(
        title: "Importera en bevakningslista",
        intro:
            "Skicka Letterboxds export (watchlist.csv, en av dess listor eller hela ZIP-filen), en IMDb-lista eller en textfil med en filmtitel och ett år per rad. Filmer som går nu läggs till bland dina bokmärken och kommande på din önskelista; de andra väntar tills de kommer på programmet.",
        fileLabel: "Fil",
        importButton: "Importera",
        openImport: "Importera en bevakningslista (Letterboxd, IMDb)",
        matchedHeading: "På programmet",
        bookmarked: "Lades till bland bokmärkena",
        wanted: "Lades till på önskelistan",
        alreadyYours: "Fanns redan hos dig",
        notAdded: "Lades inte till: din lista är full",
        nextShow: "Nästa föreställning %@",
        noShowsNearby: "Inga föreställningar i ditt område på en vecka",
        comingSoon: "Kommer, premiär %@",
        comingSoonUndated: "Kommer",
        keptHeading: "Väntar på att komma på programmet",
        keptIntro: "De här filmerna söks på nytt när programmet ändras: du får besked när någon av dem kommer.",
        notOnTheProgramme: "Inte på programmet nu",
        noYear: "Filen anger inget år, och en titel ensam kunde vara en annan film",
        ambiguous: "Två filmer passar lika bra",
        skippedHeading: "Lämnades bort",
        notAFilm: "ingen film (en serie eller annat)",
        notATitle: "ingen filmtitel",
        duplicate: "samma film igen",
        row: "rad %@",
        lastImport: "Senast importerad: %@",
        undo: "Ångra importen",
        undone: "Importen ångrades: filmerna den lade till togs bort.",
        nothingChanged: "Ingenting ändrades.",
        noFile: "Välj en fil först.",
        tooLarge: "Filen är större än %@ MB.",
        tooManyEntries: "Filen har fler än %@ filmer.",
        notUTF8: "Filen är inte UTF-8-text.",
        watched: "%@ är filmerna du har sett, inte din bevakningslista.",
        unnamedLetterboxd:
            "En fil från Letterboxd läses som bevakningslista bara med namnet watchlist.csv (watched.csv ser likadan ut): skicka den med det namnet eller hela ZIP-filen.",
        otherCSV: "Den här CSV-filen är ingen bevakningslista.",
        empty: "Filen har inga filmer.",
        unreadableZIP: "ZIP-filen kan inte läsas.",
        noWatchlistInZIP: "ZIP-filen har ingen watchlist.csv och inga listor."
    )

    public static let english = WatchlistStrings(
        title: "Import a watchlist",
        intro:
            "Send Letterboxd's export (watchlist.csv, one of its lists, or the whole ZIP), an IMDb list, or a text file with a film's title and year on each line. Films on now go to your bookmarks and those coming to your wanted list; the others wait until they are on.",
        fileLabel: "File",
        importButton: "Import",
        openImport: "Import a watchlist (Letterboxd, IMDb)",
        matchedHeading: "On the programme",
        bookmarked: "Added to your bookmarks",
        wanted: "Added to your wanted list",
        alreadyYours: "You had it already",
        notAdded: "Not added: your list is full",
        nextShow: "Next show %@",
        noShowsNearby: "No shows in your area within a week",
        comingSoon: "Coming, premiere %@",
        comingSoonUndated: "Coming",
        keptHeading: "Kept until they are on",
        keptIntro:
            "These films are looked for again whenever the programme changes: you are told when one of them comes.",
        notOnTheProgramme: "Not on the programme now",
        noYear: "The file gives no year, and a title alone could be another film",
        ambiguous: "Two movies fit as well",
        skippedHeading: "Left out",
        notAFilm: "not a film (a series or other)",
        notATitle: "not a film's title",
        duplicate: "the same film again",
        row: "row %@",
        lastImport: "Last imported: %@",
        undo: "Undo the import",
        undone: "The import was undone: the films it added were removed.",
        nothingChanged: "Nothing was changed.",
        noFile: "Choose a file first.",
        tooLarge: "The file is larger than %@ MB.",
        tooManyEntries: "The file lists more than %@ films.",
        notUTF8: "The file is not UTF-8 text.",
        watched: "%@ lists the films you have seen, not your watchlist.",
        unnamedLetterboxd:
            "A Letterboxd file is read as your watchlist only as watchlist.csv (watched.csv looks the same): send it under that name, or the whole ZIP.",
        otherCSV: "This CSV file is not a watchlist.",
        empty: "The file lists no films.",
        unreadableZIP: "The ZIP file cannot be read.",
        noWatchlistInZIP: "The ZIP file has no watchlist.csv and no lists."
    )
}
