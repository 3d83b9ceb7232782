import FinnkinoKit

/// The words of a show: what it is (its badges) and its page, in each interface language.
public struct ShowStrings: WordTableBacked, Sendable {
    /// The entries themselves, read through the table as `words.twoD` (`dynamicMember`).
    public struct Words: Sendable {
        public var twoD: String
        public var threeD: String
        /// `%@`: the language, e.g. `English`.
        public var originalLanguage: Template
        /// `%@`: the language it is dubbed into.
        public var dubbed: Template
        public var severalLanguages: String
        /// `%@`: the languages, e.g. `Finnish, Swedish`.
        public var subtitles: Template
        public var descriptiveSubtitles: String
        public var signLanguage: String
        public var englishSubtitles: String
        public var barScreening: String
        public var licensedAuditorium: String
        public var filmmakersPresent: String
        /// How a list of languages is joined: `, `.
        public var listSeparator: String
        /// The show page's title.
        public var showScreen: String
        public var showNotFound: String
        /// `%@`: when, e.g. `17:45` or `26.11. 23:00`.
        public var salesEnd: Template
        public var reservationEnd: Template
        public var theatre: String
        public var directions: String
        public var addToCalendar: String
        public var share: String
        public var linkCopied: String
        /// A link from a show to its page.
        public var showDetails: String
        // The filters of the Showtimes screen
        public var filters: String
        public var spokenLanguage: String
        public var subtitleLanguage: String
        public var picture: String
        public var accessibility: String
        /// A filter's choice that lets every show through.
        public var any: String
        public var startsFrom: String
        public var endsBy: String
        public var onlyMyTheatres: String
        public var myTheatres: String
        public var saveMyTheatres: String
        public var myTheatresSaved: String
        public var clearFilters: String
        public var noShowsMatch: String
        /// `%@`: how many shows the filters leave out.
        public var hiddenByFilters: Template
        // The movie page
        public var nextDays: String
        public var noUpcomingShows: String
        /// `%@`: the youngest age that may see it with an adult (up to three years under the limit).
        public var withAnAdult: Template
        /// The content descriptors' words, by the feed's name (`Violence`, `Disturbing`,
        /// `SexualContent`, `SubstanceAbuse`).
        public var contentDescriptors: [String: String]
        /// The label of the list of content descriptors.
        public var contentLabel: String
        /// The heading of the movie's gallery.
        public var gallery: String
        /// A gallery picture's description when the feed gives it no title: `%@` is the movie's title.
        public var stillFrom: Template
        // Not interested
        public var notInterested: String
        public var bringBack: String
        /// The page of the movies hidden, and the link to it from the Movies list.
        public var hiddenMovies: String
        public var noHiddenMovies: String
        /// `%@`: the movie's title.
        public var hidden: Template
        public var broughtBack: Template
        /// `%@`: how many movies of this list are hidden.
        public var hiddenHere: Template
        /// A hidden movie no longer on Finnkino's lists: `%@` is its ID.
        public var movieNoLongerListed: Template
        /// The Hidden movies screen's button that brings every hidden movie back.
        public var bringAllBack: String
        /// `%@`: how many movies were brought back.
        public var allBroughtBack: Template
    }

    /// The entries, shared by every copy (``WordTable``).
    public var table: WordTable<Words>

    public init(_ words: Words) {
        table = WordTable(words)
    }

    /// A content descriptor in words: the feed's own name for one these words do not know.
    public func descriptor(_ name: String) -> String { self.contentDescriptors[name] ?? name }

    public static let finnish = ShowStrings(
        Words(
            twoD: "2D", threeD: "3D", originalLanguage: "Puhe: %@", dubbed: "Dubattu: %@",
            severalLanguages: "Useita kieliä", subtitles: "Tekstitys: %@",
            descriptiveSubtitles: "Kuvaileva tekstitys kuulovammaisille", signLanguage: "Viittomakieli",
            englishSubtitles: "English subtitles", barScreening: "K18, anniskelua salissa",
            licensedAuditorium: "Anniskelualuesali", filmmakersPresent: "Tekijöitä paikalla", listSeparator: ", ",
            showScreen: "Näytös", showNotFound: "Näytöstä ei löytynyt: se on ehkä poistunut ohjelmistosta.",
            salesEnd: "Verkkomyynti päättyy %@", reservationEnd: "Varaukset päättyvät %@", theatre: "Teatteri",
            directions: "Reittiohjeet", addToCalendar: "Lisää kalenteriin", share: "Jaa",
            linkCopied: "Linkki kopioitu.",
            showDetails: "Näytöksen tiedot", filters: "Rajaa näytöksiä", spokenLanguage: "Puhekieli",
            subtitleLanguage: "Tekstitys", picture: "Kuva", accessibility: "Saavutettavuus", any: "Kaikki",
            startsFrom: "Alkaa aikaisintaan", endsBy: "Päättyy viimeistään", onlyMyTheatres: "Vain omat teatterini",
            myTheatres: "Omat teatterini", saveMyTheatres: "Tallenna omat teatterit",
            myTheatresSaved: "Omat teatterisi on tallennettu.", clearFilters: "Poista rajaukset",
            noShowsMatch: "Yksikään tämän päivän näytös ei vastaa rajauksia.",
            hiddenByFilters: "Rajaukset piilottavat %@ näytöstä.", nextDays: "Näytökset seuraavina päivinä",
            noUpcomingShows: "Ei näytöksiä alueella seuraavan viikon aikana.",
            withAnAdult: "%@ vuotta täyttänyt saa katsoa täysi-ikäisen seurassa.",
            contentDescriptors: [
                "Violence": "Väkivalta", "Disturbing": "Ahdistus", "SexualContent": "Seksi",
                "SubstanceAbuse": "Päihteet",
            ], contentLabel: "Sisältö",
            gallery: "Kuvia elokuvasta", stillFrom: "Kuva elokuvasta %@",
            notInterested: "Ei kiinnosta", bringBack: "Palauta listoille", hiddenMovies: "Piilotetut elokuvat",
            noHiddenMovies: "Et ole piilottanut yhtään elokuvaa.", hidden: "%@ piilotettiin listoiltasi.",
            broughtBack: "%@ näkyy taas listoillasi.", hiddenHere: "Piilotettuja elokuvia tällä listalla: %@",
            movieNoLongerListed: "Elokuva %@ (ei enää ohjelmistossa)", bringAllBack: "Palauta kaikki",
            allBroughtBack: "Piilotetut elokuvat näkyvät taas listoillasi (%@)."))

    public static let swedish = ShowStrings(
        Words(
            twoD: "2D", threeD: "3D", originalLanguage: "Tal: %@", dubbed: "Dubbad: %@",
            severalLanguages: "Flera språk", subtitles: "Textning: %@",
            descriptiveSubtitles: "Beskrivande textning för hörselskadade", signLanguage: "Teckenspråk",
            englishSubtitles: "English subtitles", barScreening: "K18, servering i salongen",
            licensedAuditorium: "Salong med utskänkningsområde", filmmakersPresent: "Filmskaparna på plats",
            listSeparator: ", ", showScreen: "Föreställning",
            showNotFound: "Föreställningen hittades inte: den har kanske tagits bort ur programmet.",
            salesEnd: "Webbförsäljningen slutar %@", reservationEnd: "Reservationerna slutar %@", theatre: "Biograf",
            directions: "Vägbeskrivning", addToCalendar: "Lägg till i kalendern", share: "Dela",
            linkCopied: "Länken kopierades.", showDetails: "Om föreställningen", filters: "Filtrera föreställningar",
            spokenLanguage: "Talspråk", subtitleLanguage: "Textning", picture: "Bild", accessibility: "Tillgänglighet",
            any: "Alla", startsFrom: "Börjar tidigast", endsBy: "Slutar senast", onlyMyTheatres: "Bara mina biografer",
            myTheatres: "Mina biografer", saveMyTheatres: "Spara mina biografer",
            myTheatresSaved: "Dina biografer har sparats.", clearFilters: "Ta bort filtren",
            noShowsMatch: "Ingen föreställning den här dagen passar filtren.",
            hiddenByFilters: "Filtren döljer %@ föreställningar.", nextDays: "Föreställningar de närmaste dagarna",
            noUpcomingShows: "Inga föreställningar i området den närmaste veckan.",
            withAnAdult: "Den som fyllt %@ får se filmen i sällskap av en vuxen.",
            contentDescriptors: [
                "Violence": "Våld", "Disturbing": "Ångest", "SexualContent": "Sex", "SubstanceAbuse": "Droger",
            ], contentLabel: "Innehåll",
            gallery: "Bilder ur filmen", stillFrom: "Bild ur filmen %@",
            notInterested: "Inte intresserad", bringBack: "Tillbaka till listorna", hiddenMovies: "Dolda filmer",
            noHiddenMovies: "Du har inte dolt några filmer.", hidden: "%@ doldes från dina listor.",
            broughtBack: "%@ syns igen i dina listor.", hiddenHere: "Dolda filmer på listan: %@",
            movieNoLongerListed: "Film %@ (inte längre på programmet)", bringAllBack: "Visa alla igen",
            allBroughtBack: "De dolda filmerna syns igen i dina listor (%@)."))

    public static let english = ShowStrings(
        Words(
            twoD: "2D", threeD: "3D", originalLanguage: "Spoken: %@", dubbed: "Dubbed: %@",
            severalLanguages: "Several languages", subtitles: "Subtitles: %@",
            descriptiveSubtitles: "Descriptive subtitles for the hard of hearing", signLanguage: "Sign language",
            englishSubtitles: "English subtitles", barScreening: "K18, drinks served in the auditorium",
            licensedAuditorium: "Auditorium with a bar area", filmmakersPresent: "Film-makers present",
            listSeparator: ", ", showScreen: "Show", showNotFound: "No such show: it may have left the programme.",
            salesEnd: "Online sales end %@", reservationEnd: "Reservations end %@", theatre: "Theatre",
            directions: "Directions", addToCalendar: "Add to calendar", share: "Share", linkCopied: "Link copied.",
            showDetails: "Show details", filters: "Filter shows", spokenLanguage: "Spoken language",
            subtitleLanguage: "Subtitles", picture: "Picture", accessibility: "Accessibility", any: "Any",
            startsFrom: "Starting from", endsBy: "Ending by", onlyMyTheatres: "Only my theatres",
            myTheatres: "My theatres",
            saveMyTheatres: "Save my theatres", myTheatresSaved: "Your theatres were saved.",
            clearFilters: "Clear filters",
            noShowsMatch: "No show of this day matches the filters.", hiddenByFilters: "The filters hide %@ shows.",
            nextDays: "Shows of the next days",
            noUpcomingShows: "No shows in the area in the coming week.",
            withAnAdult: "From the age of %@ with an adult.",
            contentDescriptors: [
                "Violence": "Violence", "Disturbing": "Disturbing", "SexualContent": "Sexual content",
                "SubstanceAbuse": "Substance abuse",
            ], contentLabel: "Content",
            gallery: "Stills", stillFrom: "A still from %@",
            notInterested: "Not interested", bringBack: "Bring back", hiddenMovies: "Hidden movies",
            noHiddenMovies: "You have hidden no movies.", hidden: "%@ is hidden from your lists.",
            broughtBack: "%@ is back in your lists.", hiddenHere: "Movies hidden from this list: %@",
            movieNoLongerListed: "Movie %@ (no longer in the programme)", bringAllBack: "Bring all back",
            allBroughtBack: "The hidden movies are back in your lists (%@)."))
}
