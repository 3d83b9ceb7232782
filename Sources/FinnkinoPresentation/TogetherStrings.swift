/// The words of "watch together", in one language.
public struct TogetherStrings: Sendable {
    public var title: String
    public var intro: String
    public var nicknameLabel: String
    public var makeLink: String
    /// `%@`: when the link stops working.
    public var shareLink: Template
    /// `%@`: how many are in the group.
    public var joinIntro: Template
    public var join: String
    public var leave: String
    public var end: String
    public var inTheGroup: String
    public var eveningsOnly: String
    public var onlyMyTheatres: String
    public var saveConstraints: String
    /// `%@`: `3/4`.
    public var wantedBy: Template
    public var noShows: String
    public var alone: String
    public var nothingShared: String
    public var gone: String
    public var full: String
    public var tooMany: String
    public var yourGroups: String
    public var you: String

    public static let finnish = TogetherStrings(
        title: "Katsotaan yhdessä",
        intro:
            "Tee linkki ja jaa se enintään neljälle ystävälle: näette yhdessä elokuvat, joita useampi teistä haluaa nähdä, ja niiden näytökset.",
        nicknameLabel: "Lempinimi", makeLink: "Tee yhteinen linkki",
        shareLink: "Jaa tämän sivun osoite ystävillesi: se toimii %@ asti.",
        joinIntro:
            "Jäseniä ryhmässä: %@. Liity lempinimellä: muut näkevät sen sekä elokuvat, jotka haluat nähdä tai olet lisännyt suosikkeihin, eivät mitään muuta.",
        join: "Liity", leave: "Poistu ryhmästä", end: "Lopeta ryhmä", inTheGroup: "Ryhmässä",
        eveningsOnly: "Vain illat (klo 17 alkaen)", onlyMyTheatres: "Vain omat teatterini",
        saveConstraints: "Tallenna", wantedBy: "%@ haluaa nähdä",
        noShows: "Ei lähipäivinä näytöksiä, jotka sopivat kaikille.",
        alone: "Olet vielä yksin ryhmässä: kun ystävä liittyy, yhteiset elokuvat näkyvät tässä.",
        nothingShared: "Kukaan muu ei vielä halua samoja elokuvia kuin joku toinen ryhmässä.",
        gone: "Tämä linkki on vanhentunut tai peruttu.", full: "Ryhmä on täynnä: siinä voi olla viisi henkeä.",
        tooMany: "Sinulla on jo viisi ryhmää: lopeta jokin ensin.", yourGroups: "Ryhmäsi", you: "sinä")

    public static let swedish = TogetherStrings(
        title: "Titta tillsammans",
        intro:
            "Gör en länk och dela den med högst fyra vänner: ni ser filmerna som flera av er vill se, och deras föreställningar.",
        nicknameLabel: "Smeknamn", makeLink: "Gör en gemensam länk",
        shareLink: "Dela sidans adress med dina vänner: den fungerar till %@.",
        joinIntro:
            "Medlemmar i gruppen: %@. Gå med under ett smeknamn: de andra ser det och filmerna du vill se eller har bland favoriterna, inget annat.",
        join: "Gå med", leave: "Lämna gruppen", end: "Avsluta gruppen", inTheGroup: "I gruppen",
        eveningsOnly: "Bara kvällar (från kl. 17)", onlyMyTheatres: "Bara mina biografer",
        saveConstraints: "Spara", wantedBy: "%@ vill se den",
        noShows: "Inga föreställningar de närmaste dagarna som passar alla.",
        alone: "Du är ännu ensam i gruppen: när en vän går med syns era gemensamma filmer här.",
        nothingShared: "Ingen film är ännu önskad av två av er.",
        gone: "Länken har gått ut eller återkallats.", full: "Gruppen är full: högst fem personer.",
        tooMany: "Du har redan fem grupper: avsluta någon först.", yourGroups: "Dina grupper", you: "du")

    public static let english = TogetherStrings(
        title: "Watch together",
        intro:
            "Make a link and share it with up to four friends: you see the movies more than one of you wants to see, and their shows.",
        nicknameLabel: "Nickname", makeLink: "Make a link to share",
        shareLink: "Share this page's address with your friends: it works until %@.",
        joinIntro:
            "Members of the group: %@. Join with a nickname: the others see it and the movies you want or bookmarked, nothing else.",
        join: "Join", leave: "Leave the group", end: "End the group", inTheGroup: "In the group",
        eveningsOnly: "Evenings only (from 17:00)", onlyMyTheatres: "Only my theatres",
        saveConstraints: "Save", wantedBy: "%@ want it",
        noShows: "No shows in the coming days that suit everyone.",
        alone: "You are alone in the group so far: when a friend joins, the movies you share appear here.",
        nothingShared: "No movie is wanted by two of you yet.",
        gone: "This link has expired or was revoked.", full: "This group is full: five people at most.",
        tooMany: "You have five groups already: end one first.", yourGroups: "Your groups", you: "you")
}
