import FinnkinoKit

/// The words of the trailer, editor and library pages, per interface language. (The edit
/// commands' refusals come from FinnkinoKit in English, as the CLI shows them.)
public struct EditorStrings: Sendable {
    public var libraryTab: String
    public var editTrailer: String
    public var editing: String
    public var noClip: String
    public var length: String
    public var frame: String
    public var edits: String
    public var noEdits: String
    public var trim: String
    public var start: String
    public var end: String
    public var apply: String
    public var rotate: String
    public var crop: String
    public var left: String
    public var top: String
    public var width: String
    public var height: String
    /// `%@` is the frame size after the turn, `480x270`.
    public var cropHint: Template
    public var text: String
    public var position: String
    public var positions: [TextOverlay.Position: String]
    public var size: String
    public var colour: String
    public var music: String
    public var tune: String
    public var mix: String
    public var replace: String
    public var volume: String
    public var add: String
    public var export: String
    public var exporting: String
    public var cancel: String
    public var exportFailed: String
    public var exportCancelled: String
    public var done: String
    public var libraryEmpty: String
    /// Another export of the person's is running.
    public var exportBusy: String
    /// `%@` is the most videos a library holds.
    public var libraryFull: Template
    public var download: String
    public var delete: String
    /// `%@` is the video's title.
    public var deleted: Template
    public var made: String
    public var openFile: String
    public var chooseFile: String
    public var needsScript: String
    public var uploadFailed: String
    public var sessionGone: String
    /// Opening an editor refused: every one the server keeps is in use.
    public var serverFull: String
    /// An edit's place in the picture: `Crop 270x270 at 0, 100`.
    public var at: String
    /// How music goes with the sound, in an edit's summary.
    public var mixed: String
    public var replacing: String
    /// Between whole and fractional seconds: `0,5` or `0.5`.
    public var decimalSeparator: String
    /// A percentage: `%@` is the number (`60 %`, `60%`).
    public var percent: Template

    /// An edit in a few words of this language, as the editor's list, its undo and redo messages
    /// and the library show it: `Rajaa aika 0,5–3,5 s`, `Trim 0.5–3.5 s`.
    public func summary(_ edit: EditCommand) -> String {
        switch edit {
        case .trim(let trim):
            "\(self.trim) \(seconds(trim.range.start))–\(seconds(trim.range.end)) s"
        case .rotate(let turn): "\(rotate) \(turn.rotation.rawValue)°"
        case .crop(let crop):
            "\(self.crop) \(crop.rect.width)x\(crop.rect.height) \(at) \(crop.rect.x), \(crop.rect.y)"
        case .addText(let add): "\(text) “\(add.overlay.text)”"
        case .addMusic(let add):
            "\(music) \(add.track.name) (\(add.track.mode == .mix ? mixed : replacing), "
                + percent(String(Int((add.track.volume * 100).rounded()))) + ")"
        }
    }

    /// Seconds with this language's decimal separator: 6, 1,5, 2,25.
    public func seconds(_ value: Double) -> String {
        TimeRange.seconds(value).replacingOccurrences(of: ".", with: decimalSeparator)
    }

    public static let finnish = EditorStrings(
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

    public static let swedish = EditorStrings(
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

    public static let english = EditorStrings(
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
