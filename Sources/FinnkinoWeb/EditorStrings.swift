import FinnkinoKit
import FinnkinoPresentation

/// The words of the trailer, editor and library pages, per interface language. (The edit
/// commands' refusals come from FinnkinoKit in English, as the CLI shows them.)
struct EditorStrings: Sendable {
    var libraryTab: String
    var editTrailer: String
    var editing: String
    var noClip: String
    var length: String
    var frame: String
    var edits: String
    var noEdits: String
    var trim: String
    var start: String
    var end: String
    var apply: String
    var rotate: String
    var crop: String
    var left: String
    var top: String
    var width: String
    var height: String
    /// `%@` is the frame size after the turn, `480x270`.
    var cropHint: String
    var text: String
    var position: String
    var positions: [TextOverlay.Position: String]
    var size: String
    var colour: String
    var music: String
    var tune: String
    var mix: String
    var replace: String
    var volume: String
    var add: String
    var export: String
    var exporting: String
    var cancel: String
    var exportFailed: String
    var exportCancelled: String
    var done: String
    var libraryEmpty: String
    /// Another export of the person's is running.
    var exportBusy: String
    /// `%@` is the most videos a library holds.
    var libraryFull: String
    var download: String
    var delete: String
    /// `%@` is the video's title.
    var deleted: String
    var made: String
    var openFile: String
    var chooseFile: String
    var needsScript: String
    var uploadFailed: String
    var sessionGone: String
    /// Opening an editor refused: every one the server keeps is in use.
    var serverFull: String
    /// An edit's place in the picture: `Crop 270x270 at 0, 100`.
    var at: String
    /// How music goes with the sound, in an edit's summary.
    var mixed: String
    var replacing: String
    /// Between whole and fractional seconds: `0,5` or `0.5`.
    var decimalSeparator: String
    /// A percentage: `%@` is the number (`60 %`, `60%`).
    var percent: String

    /// An edit in a few words of this language, as the editor's list, its undo and redo messages
    /// and the library show it: `Rajaa aika 0,5–3,5 s`, `Trim 0.5–3.5 s`.
    func summary(_ edit: EditCommand) -> String {
        switch edit {
        case .trim(let trim):
            "\(self.trim) \(seconds(trim.range.start))–\(seconds(trim.range.end)) s"
        case .rotate(let turn): "\(rotate) \(turn.rotation.rawValue)°"
        case .crop(let crop):
            "\(self.crop) \(crop.rect.width)x\(crop.rect.height) \(at) \(crop.rect.x), \(crop.rect.y)"
        case .addText(let add): "\(text) “\(add.overlay.text)”"
        case .addMusic(let add):
            "\(music) \(add.track.name) (\(add.track.mode == .mix ? mixed : replacing), "
                + percent.replacingOccurrences(of: "%@", with: String(Int((add.track.volume * 100).rounded()))) + ")"
        }
    }

    /// Seconds with this language's decimal separator: 6, 1,5, 2,25.
    func seconds(_ value: Double) -> String {
        TimeRange.seconds(value).replacingOccurrences(of: ".", with: decimalSeparator)
    }

    static func of(_ language: UILanguage) -> EditorStrings {
        switch language {
        case .fi: finnish
        case .sv: swedish
        case .en: english
        }
    }

    static let finnish = EditorStrings(
        libraryTab: "Videot", editTrailer: "Muokkaa traileria", editing: "Muokkaus",
        noClip: "Tällä elokuvalla ei ole trailerileikettä.", length: "Kesto", frame: "Kuva", edits: "Muokkaukset",
        noEdits: "Ei muokkauksia vielä.", trim: "Rajaa aika", start: "Alku (s)", end: "Loppu (s)", apply: "Käytä",
        rotate: "Käännä", crop: "Rajaa kuva", left: "Vasen", top: "Ylä", width: "Leveys", height: "Korkeus",
        cropHint: "Kuva on nyt %@ pikseliä; parilliset luvut.", text: "Teksti", position: "Paikka",
        positions: [.top: "ylhäällä", .center: "keskellä", .bottom: "alhaalla"], size: "Koko (px)", colour: "Väri",
        music: "Musiikki", tune: "Kappale", mix: "Sekoita videon ääneen", replace: "Korvaa videon ääni",
        volume: "Voimakkuus (%)", add: "Lisää", export: "Tallenna videoksi", exporting: "Tallennetaan…",
        cancel: "Keskeytä", exportFailed: "Tallennus epäonnistui", exportCancelled: "Tallennus keskeytettiin.",
        done: "Valmis: video on kirjastossa.",
        libraryEmpty: "Kirjasto on tyhjä. Avaa elokuvan traileri ja muokkaa sitä, tai muokkaa omaa videotasi.",
        exportBusy: "Toinen videosi tallentuu parhaillaan. Tallenna tämä, kun se on valmis.",
        libraryFull: "Kirjastossasi on jo %@ videota, enempää ei mahdu. Poista ensin jokin.",
        download: "Lataa", delete: "Poista", deleted: "Poistettu: %@", made: "Tehty",
        openFile: "Muokkaa omaa videota", chooseFile: "Valitse videotiedosto",
        needsScript: "Tiedoston lähettäminen vaatii JavaScriptin.",
        uploadFailed: "Tiedostoa ei voitu avata videona.",
        sessionGone: "Tätä muokkausta ei enää ole (palvelin käynnistyi uudelleen tai muokkauksia oli liikaa).",
        serverFull: "Palvelimella on nyt liian monta muokkausta auki. Yritä hetken päästä uudelleen.",
        at: "kohdassa", mixed: "sekoitettu", replacing: "korvaa äänen", decimalSeparator: ",", percent: "%@ %")

    static let swedish = EditorStrings(
        libraryTab: "Videor", editTrailer: "Redigera trailern", editing: "Redigering",
        noClip: "Filmen har inget trailerklipp.", length: "Längd", frame: "Bild", edits: "Ändringar",
        noEdits: "Inga ändringar än.", trim: "Klipp tiden", start: "Början (s)", end: "Slut (s)", apply: "Använd",
        rotate: "Vrid", crop: "Beskär bilden", left: "Vänster", top: "Övre", width: "Bredd", height: "Höjd",
        cropHint: "Bilden är nu %@ pixlar; jämna tal.", text: "Text", position: "Plats",
        positions: [.top: "upptill", .center: "i mitten", .bottom: "nedtill"], size: "Storlek (px)", colour: "Färg",
        music: "Musik", tune: "Melodi", mix: "Blanda med videons ljud", replace: "Ersätt videons ljud",
        volume: "Volym (%)", add: "Lägg till", export: "Spara som video", exporting: "Sparar…", cancel: "Avbryt",
        exportFailed: "Det gick inte att spara", exportCancelled: "Sparandet avbröts.",
        done: "Klart: videon finns i biblioteket.",
        libraryEmpty: "Biblioteket är tomt. Öppna en films trailer och redigera den, eller redigera en egen video.",
        exportBusy: "En annan av dina videor sparas just nu. Spara den här när den är klar.",
        libraryFull: "Ditt bibliotek har redan %@ videor, fler ryms inte. Ta bort någon först.",
        download: "Ladda ner", delete: "Radera", deleted: "Raderad: %@", made: "Gjord",
        openFile: "Redigera en egen video", chooseFile: "Välj en videofil",
        needsScript: "Att skicka en fil kräver JavaScript.", uploadFailed: "Filen kunde inte öppnas som video.",
        sessionGone: "Redigeringen finns inte längre (servern startades om eller det fanns för många).",
        serverFull: "Servern har för många redigeringar öppna just nu. Försök igen om en stund.",
        at: "vid", mixed: "blandad", replacing: "ersätter ljudet", decimalSeparator: ",", percent: "%@ %")

    static let english = EditorStrings(
        libraryTab: "Videos", editTrailer: "Edit the trailer", editing: "Editing",
        noClip: "This movie has no trailer clip.", length: "Length", frame: "Frame", edits: "Edits",
        noEdits: "No edits yet.", trim: "Trim", start: "Start (s)", end: "End (s)", apply: "Apply", rotate: "Rotate",
        crop: "Crop", left: "Left", top: "Top", width: "Width", height: "Height",
        cropHint: "The picture is now %@ pixels; even numbers.", text: "Text", position: "Position",
        positions: [.top: "top", .center: "middle", .bottom: "bottom"], size: "Size (px)", colour: "Colour",
        music: "Music", tune: "Tune", mix: "Mix with the video's sound", replace: "Replace the video's sound",
        volume: "Volume (%)", add: "Add", export: "Save as video", exporting: "Saving…", cancel: "Stop",
        exportFailed: "Saving failed", exportCancelled: "Saving was stopped.",
        done: "Done: the video is in the library.",
        libraryEmpty: "The library is empty. Open a movie's trailer and edit it, or edit a video of your own.",
        exportBusy: "Another of your videos is being saved. Save this one when it is done.",
        libraryFull: "Your library already has %@ videos, the most it holds. Delete one first.",
        download: "Download", delete: "Delete", deleted: "Deleted: %@", made: "Made",
        openFile: "Edit a video of your own", chooseFile: "Choose a video file",
        needsScript: "Sending a file needs JavaScript.", uploadFailed: "The file could not be opened as a video.",
        sessionGone: "This editing session is gone (the server restarted, or there were too many).",
        serverFull: "The server has too many editors open right now. Try again in a few minutes.",
        at: "at", mixed: "mixed", replacing: "replacing the sound", decimalSeparator: ".", percent: "%@%")
}
