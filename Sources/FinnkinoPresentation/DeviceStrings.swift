import FinnkinoKit

/// The words of the Devices page, in each interface language.
public struct DeviceStrings: Sendable {
    public var title: String
    public var intro: String
    public var thisDevice: String
    /// `%@` is when it was last used.
    public var lastUsed: Template
    public var signOut: String
    public var signedOut: String
    public var useElsewhere: String
    public var makeCode: String
    /// `%@` is the code.
    public var codeIntro: Template
    public var codeLabel: String
    public var validFor: String
    public var joinTitle: String
    public var joinIntro: String
    public var join: String
    public var joined: String
    public var wrongCode: String
    public var tooManyTries: String
    public var localOnly: String
    public var yourData: String
    public var yourDataIntro: String
    public var download: String
    public var deleteMe: String
    public var deleteIntro: String
    public var confirmDelete: String
    public var confirmFirst: String
    public var erased: String
    public var apiTokens: String
    public var apiTokensIntro: String
    public var apiDocs: String
    public var tokenName: String
    public var tokenNamePlaceholder: String
    public var makeToken: String
    public var newToken: String
    public var tokenMade: Template
    public var tokenNotUsed: String
    public var revoke: String
    public var tokenRevoked: String
    public var tooManyTokens: String
    public var tokenNameRequired: String

    public static let finnish = DeviceStrings(
        title: "Laitteet",
        intro: "Nämä selaimet käyttävät kirjanmerkkejäsi, kirjastoasi ja asetuksiasi.",
        thisDevice: "Tämä laite",
        lastUsed: "Käytetty viimeksi %@",
        signOut: "Kirjaa ulos",
        signedOut: "Laite kirjattiin ulos.",
        useElsewhere: "Käytä toisella laitteella",
        makeCode: "Näytä koodi",
        codeIntro: "Kirjoita koodi %@ toisen laitteen Laitteet-sivulle tai lue QR-koodi sillä.",
        codeLabel: "Liittymiskoodi",
        validFor: "Koodi toimii kerran, 10 minuutin ajan.",
        joinTitle: "Liity koodilla",
        joinIntro: "Onko sinulla koodi toiselta laitteelta? Tämä selain käyttää sen jälkeen sen tietoja.",
        join: "Liity",
        joined: "Tämä laite käyttää nyt samoja tietoja kuin toinen laitteesi.",
        wrongCode: "Koodi ei kelpaa: se on väärin kirjoitettu, jo käytetty tai vanhentunut.",
        tooManyTries: "Liian monta yritystä. Odota hetki ja yritä uudelleen.",
        localOnly:
            "Tätä palvelinta käytetään vain tällä tietokoneella. Käynnistä se valitsimella --hosted, niin voit käyttää sitä muilta laitteilta.",
        yourData: "Tietosi",
        yourDataIntro: "Lataa kaikki, mitä palvelin sinusta säilyttää, JSON-tiedostona.",
        download: "Lataa tietoni",
        deleteMe: "Poista minut",
        deleteIntro: "Poistaa kirjanmerkkisi, videosi, asetuksesi ja laitteesi pysyvästi.",
        confirmDelete: "Ymmärrän, ettei poistoa voi perua",
        confirmFirst: "Vahvista poisto valitsemalla ruutu.",
        erased: "Tietosi poistettiin.",
        apiTokens: "API-avaimet",
        apiTokensIntro:
            "Avaimella muut ohjelmat (kuten Home Assistant) voivat lukea kirjanmerkkisi ja toivelistasi tämän palvelimen JSON-rajapinnasta. Avain voi vain lukea.",
        apiDocs: "Rajapinnan kuvaus",
        tokenName: "Mihin käytät avainta?",
        tokenNamePlaceholder: "Home Assistant",
        makeToken: "Tee avain",
        newToken: "Kopioi avain nyt: sitä ei näytetä uudelleen.",
        tokenMade: "Tehty %@",
        tokenNotUsed: "Ei vielä käytetty",
        revoke: "Peru avain",
        tokenRevoked: "Avain peruttiin: se ei enää toimi.",
        tooManyTokens: "Sinulla on jo 10 avainta. Peru jokin niistä ensin.",
        tokenNameRequired: "Anna avaimelle nimi."
    )

    public static let swedish = DeviceStrings(
        title: "Enheter",
        intro: "De här webbläsarna använder dina bokmärken, ditt bibliotek och dina inställningar.",
        thisDevice: "Den här enheten",
        lastUsed: "Senast använd %@",
        signOut: "Logga ut",
        signedOut: "Enheten loggades ut.",
        useElsewhere: "Använd på en annan enhet",
        makeCode: "Visa en kod",
        codeIntro: "Skriv koden %@ på den andra enhetens Enheter-sida, eller läs QR-koden med den.",
        codeLabel: "Anslutningskod",
        validFor: "Koden fungerar en gång, i 10 minuter.",
        joinTitle: "Anslut med en kod",
        joinIntro: "Har du en kod från en annan enhet? Den här webbläsaren använder sedan dess data.",
        join: "Anslut",
        joined: "Den här enheten använder nu samma data som din andra enhet.",
        wrongCode: "Koden fungerar inte: den är felskriven, redan använd eller har gått ut.",
        tooManyTries: "För många försök. Vänta en stund och försök igen.",
        localOnly:
            "Den här servern används bara på den här datorn. Starta den med --hosted för att använda den från andra enheter.",
        yourData: "Dina data",
        yourDataIntro: "Ladda ner allt som servern sparar om dig som en JSON-fil.",
        download: "Ladda ner mina data",
        deleteMe: "Radera mig",
        deleteIntro: "Raderar dina bokmärken, videor, inställningar och enheter för gott.",
        confirmDelete: "Jag förstår att raderingen inte kan ångras",
        confirmFirst: "Bekräfta raderingen genom att kryssa i rutan.",
        erased: "Dina data raderades.",
        apiTokens: "API-nycklar",
        apiTokensIntro:
            "Med en nyckel kan andra program (som Home Assistant) läsa dina bokmärken och din önskelista i den här serverns JSON-gränssnitt. En nyckel kan bara läsa.",
        apiDocs: "Beskrivning av gränssnittet",
        tokenName: "Vad använder du nyckeln till?",
        tokenNamePlaceholder: "Home Assistant",
        makeToken: "Skapa en nyckel",
        newToken: "Kopiera nyckeln nu: den visas inte igen.",
        tokenMade: "Skapad %@",
        tokenNotUsed: "Inte använd ännu",
        revoke: "Återkalla nyckeln",
        tokenRevoked: "Nyckeln återkallades: den fungerar inte längre.",
        tooManyTokens: "Du har redan 10 nycklar. Återkalla någon av dem först.",
        tokenNameRequired: "Ge nyckeln ett namn."
    )

    public static let english = DeviceStrings(
        title: "Devices",
        intro: "These browsers use your bookmarks, library and settings.",
        thisDevice: "This device",
        lastUsed: "Last used %@",
        signOut: "Sign out",
        signedOut: "The device was signed out.",
        useElsewhere: "Use on another device",
        makeCode: "Show a code",
        codeIntro: "Type the code %@ on the other device's Devices page, or scan the QR code with it.",
        codeLabel: "Join code",
        validFor: "The code works once, for 10 minutes.",
        joinTitle: "Join with a code",
        joinIntro: "Have a code from another device? This browser then uses its data.",
        join: "Join",
        joined: "This device now uses the same data as your other device.",
        wrongCode: "That code does not work: it is mistyped, already used or expired.",
        tooManyTries: "Too many tries. Wait a moment and try again.",
        localOnly: "This server is used on this computer only. Start it with --hosted to use it from other devices.",
        yourData: "Your data",
        yourDataIntro: "Download everything the server keeps about you, as a JSON file.",
        download: "Download my data",
        deleteMe: "Delete me",
        deleteIntro: "Deletes your bookmarks, videos, settings and devices for good.",
        confirmDelete: "I understand that this cannot be undone",
        confirmFirst: "Tick the box to confirm the deletion.",
        erased: "Your data was deleted.",
        apiTokens: "API tokens",
        apiTokensIntro:
            "With a token, other programs (such as Home Assistant) can read your bookmarks and wanted movies through this server's JSON API. A token can only read.",
        apiDocs: "The API's description",
        tokenName: "What will you use it for?",
        tokenNamePlaceholder: "Home Assistant",
        makeToken: "Make a token",
        newToken: "Copy the token now: it is not shown again.",
        tokenMade: "Made %@",
        tokenNotUsed: "Not used yet",
        revoke: "Revoke",
        tokenRevoked: "The token was revoked: it no longer works.",
        tooManyTokens: "You have 10 tokens already. Revoke one of them first.",
        tokenNameRequired: "Give the token a name."
    )
}
