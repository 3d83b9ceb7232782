/// The seed vocabulary every invented text is composed from. Nothing in the output is typed in
/// whole: titles, names, synopses and news are assembled from these parts by the seeded generator.
enum Vocabulary {
    /// A noun for titles: Finnish nominative and genitive plural, English singular and plural.
    struct Noun {
        var fi: String
        var fiGenitivePlural: String
        var en: String
        var enPlural: String
    }

    static let nouns: [Noun] = [
        Noun(fi: "dyyni", fiGenitivePlural: "dyynien", en: "dune", enPlural: "dunes"),
        Noun(fi: "meri", fiGenitivePlural: "merien", en: "sea", enPlural: "seas"),
        Noun(fi: "tähti", fiGenitivePlural: "tähtien", en: "star", enPlural: "stars"),
        Noun(fi: "susi", fiGenitivePlural: "susien", en: "wolf", enPlural: "wolves"),
        Noun(fi: "varjo", fiGenitivePlural: "varjojen", en: "shadow", enPlural: "shadows"),
        Noun(fi: "saari", fiGenitivePlural: "saarten", en: "island", enPlural: "islands"),
        Noun(fi: "kettu", fiGenitivePlural: "kettujen", en: "fox", enPlural: "foxes"),
        Noun(fi: "majakka", fiGenitivePlural: "majakoiden", en: "lighthouse", enPlural: "lighthouses"),
        Noun(fi: "yö", fiGenitivePlural: "öiden", en: "night", enPlural: "nights"),
        Noun(fi: "kaupunki", fiGenitivePlural: "kaupunkien", en: "city", enPlural: "cities"),
        Noun(fi: "lintu", fiGenitivePlural: "lintujen", en: "bird", enPlural: "birds"),
        Noun(fi: "metsä", fiGenitivePlural: "metsien", en: "forest", enPlural: "forests"),
        Noun(fi: "talvi", fiGenitivePlural: "talvien", en: "winter", enPlural: "winters"),
        Noun(fi: "peili", fiGenitivePlural: "peilien", en: "mirror", enPlural: "mirrors"),
        Noun(fi: "aalto", fiGenitivePlural: "aaltojen", en: "wave", enPlural: "waves"),
        Noun(fi: "vuori", fiGenitivePlural: "vuorten", en: "mountain", enPlural: "mountains"),
        Noun(fi: "joki", fiGenitivePlural: "jokien", en: "river", enPlural: "rivers"),
        Noun(fi: "kuu", fiGenitivePlural: "kuiden", en: "moon", enPlural: "moons"),
        Noun(fi: "juna", fiGenitivePlural: "junien", en: "train", enPlural: "trains"),
        Noun(fi: "lohikäärme", fiGenitivePlural: "lohikäärmeiden", en: "dragon", enPlural: "dragons"),
        Noun(fi: "robotti", fiGenitivePlural: "robottien", en: "robot", enPlural: "robots"),
        Noun(fi: "kuningatar", fiGenitivePlural: "kuningattarien", en: "queen", enPlural: "queens"),
        Noun(fi: "revontuli", fiGenitivePlural: "revontulien", en: "aurora", enPlural: "auroras"),
        Noun(fi: "hiekka", fiGenitivePlural: "hiekkojen", en: "sand", enPlural: "sands"),
    ]

    /// The head of a "genitive + head" title: `Dyynien laulu` / `Song of the Dunes`.
    static let heads: [LocalizedText] = [
        LocalizedText("laulu", "Song"), LocalizedText("salaisuus", "Secret"),
        LocalizedText("vartija", "Keeper"), LocalizedText("kuningas", "King"),
        LocalizedText("perintö", "Legacy"), LocalizedText("muisti", "Memory"),
        LocalizedText("tie", "Road"), LocalizedText("valo", "Light"),
        LocalizedText("ääni", "Voice"), LocalizedText("kartta", "Map"),
        LocalizedText("sydän", "Heart"), LocalizedText("aika", "Age"),
    ]

    static let adjectives: [LocalizedText] = [
        LocalizedText("hiljainen", "Silent"), LocalizedText("viimeinen", "Last"),
        LocalizedText("kultainen", "Golden"), LocalizedText("pieni", "Little"),
        LocalizedText("kylmä", "Cold"), LocalizedText("punainen", "Red"),
        LocalizedText("yksinäinen", "Lonely"), LocalizedText("kadonnut", "Lost"),
        LocalizedText("rautainen", "Iron"), LocalizedText("villi", "Wild"),
        LocalizedText("näkymätön", "Invisible"), LocalizedText("öinen", "Nocturnal"),
    ]

    /// Subjects of "X ja Y" titles; the first one makes the `Äiti …` title.
    static let kin: [LocalizedText] = [
        LocalizedText("Äiti", "Mother"), LocalizedText("Isä", "Father"),
        LocalizedText("Mummo", "Granny"), LocalizedText("Ukki", "Grandpa"),
        LocalizedText("Sisko", "Sister"), LocalizedText("Veli", "Brother"),
    ]

    static let firstNames: [String] = [
        "Aino", "Eero", "Onni", "Venla", "Lumi", "Ilmari", "Helmi", "Kalle", "Sanni", "Otto",
        "Iida", "Veikko", "Maija", "Tuomas", "Elsa", "Leevi", "Martta", "Joel", "Nora", "Aleksi",
        "Clara", "Jonah", "Marisol", "Theo", "Imogen", "Rafael", "Selma", "Dorian", "Ada", "Felix",
        "Mira", "Oskar", "Liv", "Samuel", "Ines", "Hugo", "Anna Maria", "Jean-Luc",
    ]

    static let lastNames: [String] = [
        "Mäkelä", "Virtanen", "Lähteenmäki", "Koskinen", "Halonen", "Ruohonen", "Saarinen",
        "Kärkkäinen", "Vuorela", "Niemi", "Hämäläinen", "Peltola", "Rautio", "Lindqvist",
        "Sjöberg", "Ashcombe", "Whitlow", "Delacroix-Marr", "Okonkwo", "Bellweather", "Castellano",
        "Brandt", "Moreau", "Takeda", "Fairbanks", "Novak", "Quill", "Ferreira", "Holloway",
        "Van Aalst", "Strand", "Åkerlund",
    ]

    struct Genre {
        var text: LocalizedText
        var family: Bool = false
    }

    static let drama = LocalizedText("Draama", "Drama")
    static let comedy = LocalizedText("Komedia", "Comedy")
    static let thriller = LocalizedText("Jännitys", "Thriller")
    static let action = LocalizedText("Toiminta", "Action")
    static let adventure = LocalizedText("Seikkailu", "Adventure")
    static let animation = LocalizedText("Animaatio", "Animation")
    static let family = LocalizedText("Perhe", "Family")
    static let horror = LocalizedText("Kauhu", "Horror")
    static let romance = LocalizedText("Romantiikka", "Romance")
    static let sciFi = LocalizedText("Sci-fi", "Sci-fi")
    static let fantasy = LocalizedText("Fantasia", "Fantasy")
    static let documentary = LocalizedText("Dokumentti", "Documentary")
    static let domestic = LocalizedText("Kotimainen", "Domestic")
    static let crime = LocalizedText("Rikos", "Crime")
    static let music = LocalizedText("Musiikki", "Music")
    static let eventCinema = LocalizedText("Event cinema", "Event cinema")
    static let opera = LocalizedText("Ooppera", "Opera")
    static let concert = LocalizedText("Konsertti", "Concert")

    /// Genre combinations a movie may get, by kind of film.
    static let adultGenreSets: [[LocalizedText]] = [
        [drama], [drama, thriller], [comedy], [comedy, romance], [action, adventure],
        [action, sciFi], [thriller, crime], [horror], [horror, thriller], [drama, romance],
        [sciFi, adventure], [documentary], [fantasy, adventure], [drama, music], [crime, drama],
    ]
    static let familyGenreSets: [[LocalizedText]] = [
        [animation, family], [animation, family, comedy], [family, adventure], [animation, fantasy, family],
    ]

    static let localDistributors: [String] = [
        "Pohjoistähti Filmi Oy", "Revontuli Distribution", "Kaamos & Kumppanit Oy", "Saaristo Film Oy",
        "Lumikide Entertainment", "Hämärä Pictures Finland",
    ]
    static let globalDistributors: [String] = [
        "Northlight Studios", "Meridian Pictures", "Kestrel & Crane Films", "Bluefjord Media",
    ]

    // MARK: Synopsis phrases. `{name}`, `{place}`, `{noun}`, `{role}`, `{other}`, `{director}`, `{cast}` are filled in.

    static let roles: [LocalizedText] = [
        LocalizedText("arkkitehti", "architect"), LocalizedText("poliisi", "police officer"),
        LocalizedText("muusikko", "musician"), LocalizedText("opettaja", "teacher"),
        LocalizedText("toimittaja", "journalist"), LocalizedText("lentäjä", "pilot"),
        LocalizedText("kalastaja", "fisher"), LocalizedText("tutkija", "researcher"),
        LocalizedText("kokki", "cook"), LocalizedText("valokuvaaja", "photographer"),
    ]

    /// Places written so that they stay grammatical in both languages.
    static let places: [LocalizedText] = [
        LocalizedText("Lapin tuntureille", "to the fells of Lapland"),
        LocalizedText("pienelle saarelle Saaristomerellä", "to a small island in the Archipelago Sea"),
        LocalizedText("suurkaupungin sykkeeseen", "to the pulse of a big city"),
        LocalizedText("autiolle rannikolle", "to a deserted coast"),
        LocalizedText("vanhaan kartanoon", "to an old manor house"),
        LocalizedText("kaukaiselle avaruusasemalle", "to a distant space station"),
        LocalizedText("syrjäiseen metsäkylään", "to a remote forest village"),
        LocalizedText("lapsuutensa kotikaupunkiin", "to the town where they grew up"),
    ]

    static let openings: [LocalizedText] = [
        LocalizedText(
            "{role} {name} palaa {place}, jossa kukaan ei odota häntä.",
            "{Role} {name} returns {place}, where nobody expects them."),
        LocalizedText(
            "Kun {name} löytää vanhan kirjeen, hänen on lähdettävä {place}.",
            "When {name} finds an old letter, they must travel {place}."),
        LocalizedText(
            "{name} on {role}, jonka elämä muuttuu yhdessä yössä.",
            "{name} is a {role} whose life changes overnight."),
        LocalizedText(
            "Sinnikäs {role} {name} saa tehtävän, joka vie hänet {place}.",
            "A determined {role}, {name}, takes on a task that leads {place}."),
        LocalizedText(
            "Elokuvan päähenkilö, {role} {name}, etsii kadonnutta ystäväänsä.",
            "The film follows {role} {name}, who is searching for a missing friend."),
    ]

    static let middles: [LocalizedText] = [
        LocalizedText(
            "Matkan varrella mukaan lyöttäytyy {other}, jolla on omat syynsä auttaa.",
            "Along the way {name} meets {other}, who has reasons of their own to help."),
        LocalizedText(
            "Pian käy ilmi, että {noun} kätkee salaisuuden, jota moni haluaa varjella.",
            "It soon turns out that the {noun} hides a secret that many want to keep."),
        LocalizedText(
            "Vanhat riidat nousevat pintaan, ja {name} joutuu valitsemaan puolensa.",
            "Old quarrels resurface, and {name} has to choose a side."),
        LocalizedText(
            "Aika käy vähiin, ja jokainen päätös vie lähemmäs totuutta.",
            "Time is running out, and every decision leads closer to the truth."),
        LocalizedText(
            "{name} ja {other} oppivat, ettei kaikkea voi suunnitella.",
            "{name} and {other} learn that not everything can be planned."),
    ]

    static let closings: [LocalizedText] = [
        LocalizedText(
            "Lämmin ja yllättävä tarina rohkeudesta ja ystävyydestä.",
            "A warm and surprising story about courage and friendship."),
        LocalizedText(
            "Tiivistunnelmainen elokuva, joka pitää otteessaan viimeiseen kohtaukseen asti.",
            "A tense film that holds you until the very last scene."),
        LocalizedText(
            "Hauska ja koskettava seikkailu koko perheelle.",
            "A funny and touching adventure for the whole family."),
        LocalizedText(
            "Elokuvan on ohjannut {director}, ja pääosissa nähdään {cast}.",
            "The film is directed by {director} and stars {cast}."),
        LocalizedText(
            "Kuvauksellinen ja mietteliäs kertomus siitä, mitä jätämme jälkeemme.",
            "A striking, thoughtful tale of what we leave behind."),
    ]

    static let liveEventKinds: [(kind: LocalizedText, genres: [LocalizedText])] = [
        (LocalizedText("Ooppera suorana lähetyksenä", "Opera live"), [eventCinema, opera]),
        (LocalizedText("Konsertti valkokankaalla", "Concert on the big screen"), [eventCinema, concert]),
    ]

    // MARK: News

    struct NewsCategorySeed {
        var id: Int
        var name: LocalizedText
    }

    static let newsCategories: [NewsCategorySeed] = [
        NewsCategorySeed(id: 1007, name: LocalizedText("Ajankohtaista", "Current")),
        NewsCategorySeed(id: 1011, name: LocalizedText("Elokuvauutisia", "Movie news")),
        NewsCategorySeed(id: 1079, name: LocalizedText("Tapahtumat", "Events")),
        NewsCategorySeed(id: 1083, name: LocalizedText("Tarjoukset", "Offers")),
        NewsCategorySeed(id: 1090, name: LocalizedText("Teatterit", "Theatres")),
    ]

    /// News headline templates; `{title}` is a movie title, `{theatre}` a theatre name.
    static let newsHeadlines: [(category: Int, text: LocalizedText)] = [
        (1011, LocalizedText("{title} – liput nyt myynnissä", "{title} – tickets now on sale")),
        (1011, LocalizedText("Ensi-ilta lähestyy: {title}", "Premiere coming up: {title}")),
        (1079, LocalizedText("Ennakkonäytös: {title} – {theatre}", "Preview screening: {title} – {theatre}")),
        (1079, LocalizedText("{theatre}: elokuvamaraton lauantaina", "{theatre}: movie marathon on Saturday")),
        (1083, LocalizedText("Perheliput edullisemmin viikonloppuna", "Family tickets cheaper at the weekend")),
        (1083, LocalizedText("Popcorn-etu {title} -näytöksiin", "Popcorn offer for {title} screenings")),
        (1090, LocalizedText("{theatre} uudistuu", "{theatre} gets a makeover")),
        (1090, LocalizedText("{theatre}: uudet tuolit saleihin", "{theatre}: new seats in every auditorium")),
        (1007, LocalizedText("Aukioloajat pyhien aikana", "Opening hours over the holidays")),
        (1007, LocalizedText("Kuukauden suosituimmat: {title} kärjessä", "Most popular this month: {title} on top")),
    ]

    /// HTML paragraph templates (entities are added by the writer for ä, ö, – and no-break space).
    static let newsParagraphs: [LocalizedText] = [
        LocalizedText(
            "Odotettu {title} saapuu valkokankaille, ja liput ovat jo myynnissä kaikkiin teattereihin.",
            "The long-awaited {title} is coming to the big screen, and tickets are on sale for every theatre."),
        LocalizedText(
            "{theatre} tarjoaa tänä keväänä erikoisnäytöksiä, joissa tekijät ovat paikalla.",
            "This spring {theatre} hosts special screenings with the filmmakers present."),
        LocalizedText(
            "Varaa paikkasi ajoissa – suosituimmat näytökset myydään usein loppuun jo ennen ensi-iltaa.",
            "Book early – the most popular screenings often sell out before the premiere."),
        LocalizedText(
            "Tarjous on voimassa rajoitetun ajan, ja se koskee kaikkia näytöksiä.",
            "The offer is valid for a limited time and applies to every screening."),
        LocalizedText(
            "Lisätietoja saat teatterin kassalta ja verkkosivuilta.",
            "Ask at the box office or see the website for details."),
    ]
}
