import Foundation
import Testing

@testable import FinnkinoKit

/// The trailer editor's edits as commands: each one validated against the composition, applied,
/// undone and redone exactly.
@Suite struct EditMenuTests {
    static let clip = VideoSource(
        path: "/tmp/clip.mp4", title: "Dyyni", duration: 10, size: FrameSize(width: 1280, height: 720),
        hasAudio: true)
    static let title = TextOverlay(
        text: "Ensi-ilta perjantaina", position: .bottom, size: 48, colour: "#FFFFFF",
        time: TimeRange(start: 0.5, end: 3))
    static let music = MusicTrack(path: "/tmp/theme.mp3", name: "Theme", mode: .mix, volume: 0.6)

    @Test func theFiveEditsMakeTheCompositionAndUndoRedoRestoreItExactly() throws {
        var menu = EditMenu(source: Self.clip)
        var states = [menu.composition]
        try menu.trim(TimeRange(start: 1.5, end: 6))
        states.append(menu.composition)
        try menu.rotate(.quarter)
        states.append(menu.composition)
        try menu.crop(CropRect(x: 0, y: 280, width: 720, height: 720))
        states.append(menu.composition)
        try menu.addText(Self.title)
        states.append(menu.composition)
        try menu.addMusic(Self.music)
        states.append(menu.composition)
        // The edits are in the composition
        let made = menu.composition
        #expect(made.trim == TimeRange(start: 1.5, end: 6) && made.duration == 4.5)
        #expect(made.rotation == .quarter && made.rotatedSize == FrameSize(width: 720, height: 1280))
        #expect(made.outputSize == FrameSize(width: 720, height: 720))
        #expect(made.texts == [Self.title] && made.music == Self.music)
        // Undoing each in turn gives back each earlier state exactly, and redoing them each later one
        for expected in states.dropLast().reversed() {
            let last = menu.edits.last
            let undone = menu.undo()
            #expect(undone != nil && undone == last && menu.composition == expected)
        }
        let undoneAtStart = menu.undo()
        #expect(undoneAtStart == nil)
        for expected in states.dropFirst() {
            let next = menu.history.nextRedo
            let redone = menu.redo()
            #expect(redone != nil && redone == next && menu.composition == expected)
        }
        let redoneAtEnd = menu.redo()
        #expect(redoneAtEnd == nil)
    }

    @Test func aCompositionHoldsABoundedNumberOfTexts() throws {
        // Given a menu with as many texts as a composition holds
        var menu = EditMenu(source: Self.clip)
        for _ in 0..<AddText.mostPerComposition { try menu.addText(Self.title) }
        // When one more is added, then it is refused in words and the composition is as it was
        #expect(throws: EditError.self) { try menu.addText(Self.title) }
        #expect(menu.composition.texts.count == AddText.mostPerComposition)
        // And after an undo there is room for one again
        menu.undo()
        try menu.addText(Self.title)
        #expect(menu.composition.texts.count == AddText.mostPerComposition)
    }

    @Test func aNewEditAfterUndoEndsTheRedoLine() throws {
        var menu = EditMenu(source: Self.clip)
        try menu.rotate(.half)
        menu.undo()
        #expect(menu.canRedo)
        try menu.rotate(.quarter)
        #expect(!menu.canRedo && menu.composition.rotation == .quarter)
    }

    @Test func aCropTurnsWithThePicture() throws {
        // Given a crop of the top-left 200x100 of a 1280x720 frame
        var menu = EditMenu(source: Self.clip)
        try menu.crop(CropRect(x: 0, y: 0, width: 200, height: 100))
        // When the picture turns a quarter clockwise, the same part is now at the top right
        try menu.rotate(.quarter)
        #expect(menu.composition.crop == CropRect(x: 620, y: 0, width: 100, height: 200))
        // And a full turn (three more quarters) brings it back
        try menu.rotate(.threeQuarters)
        #expect(menu.composition.rotation == .none)
        #expect(menu.composition.crop == CropRect(x: 0, y: 0, width: 200, height: 100))
        // And undo turns it back the other way
        menu.undo()
        #expect(menu.composition.crop == CropRect(x: 620, y: 0, width: 100, height: 200))
    }

    @Test func aTrimShortensOrDropsTextsAndUndoBringsThemBack() throws {
        var menu = EditMenu(source: Self.clip)
        let late = TextOverlay(
            text: "Loppu", position: .center, size: 40, colour: "#FF0000", time: TimeRange(start: 8, end: 9.5))
        try menu.addText(Self.title)
        try menu.addText(late)
        try menu.trim(TimeRange(start: 0, end: 2))
        #expect(menu.composition.texts.map(\.text) == ["Ensi-ilta perjantaina"])
        #expect(menu.composition.texts.first?.time == TimeRange(start: 0.5, end: 2))
        menu.undo()
        #expect(menu.composition.texts == [Self.title, late])
    }

    @Test(arguments: [
        (TimeRange(start: -1, end: 3), "within the clip"), (TimeRange(start: 4, end: 11), "within the clip"),
        (TimeRange(start: 5, end: 5), "within the clip"), (TimeRange(start: 5, end: 5.2), "at least 0.5 s"),
    ])
    func badTrimsAreRefused(range: TimeRange, reason: String) {
        var menu = EditMenu(source: Self.clip)
        do {
            try menu.trim(range)
            Issue.record("\(range) was accepted")
        } catch {
            #expect(error.description.contains(reason), "\(error)")
        }
        #expect(menu.composition == Composition(source: Self.clip) && !menu.canUndo)
    }

    @Test(arguments: [
        CropRect(x: 0, y: 0, width: 1282, height: 720), CropRect(x: 1200, y: 0, width: 100, height: 100),
        CropRect(x: -2, y: 0, width: 100, height: 100), CropRect(x: 0, y: 0, width: 101, height: 100),
        CropRect(x: 1, y: 0, width: 100, height: 100), CropRect(x: 0, y: 0, width: 8, height: 8),
    ])
    func badCropsAreRefused(rect: CropRect) {
        var menu = EditMenu(source: Self.clip)
        #expect(throws: EditError.self) { try menu.crop(rect) }
        #expect(menu.composition.crop == nil && !menu.canUndo)
    }

    @Test func aCropIsCheckedAgainstTheRotatedFrame() throws {
        var menu = EditMenu(source: Self.clip)
        // 720 wide and 1000 high fits only once the 1280x720 frame is turned
        #expect(throws: EditError.self) { try menu.crop(CropRect(x: 0, y: 0, width: 720, height: 1000)) }
        try menu.rotate(.quarter)
        try menu.crop(CropRect(x: 0, y: 0, width: 720, height: 1000))
    }

    @Test func badTextsAreRefused() {
        var menu = EditMenu(source: Self.clip)
        var overlays: [TextOverlay] = []
        for change in [
            { (o: inout TextOverlay) in o.text = "   " },
            { (o: inout TextOverlay) in o.text = String(repeating: "a", count: 81) },
            { (o: inout TextOverlay) in o.text = "two\nlines" },
            { (o: inout TextOverlay) in o.text = "bell\u{07}" },
            { (o: inout TextOverlay) in o.size = 4 },
            { (o: inout TextOverlay) in o.colour = "white" },
            { (o: inout TextOverlay) in o.colour = "#GGGGGG" },
            { (o: inout TextOverlay) in o.time = TimeRange(start: 9, end: 11) },
            { (o: inout TextOverlay) in o.time = TimeRange(start: 3, end: 2) },
        ] {
            var overlay = Self.title
            change(&overlay)
            overlays.append(overlay)
        }
        for overlay in overlays {
            #expect(throws: EditError.self, "\(overlay)") { try menu.addText(overlay) }
        }
        #expect(menu.composition.texts.isEmpty && !menu.canUndo)
        // Quotes, colons and percent signs are ordinary text here (the exporter escapes them)
        var tricky = Self.title
        tricky.text = "It's 100%: 'Dyyni' \\ [1]"
        #expect(throws: Never.self) { try menu.addText(tricky) }
    }

    @Test func badMusicIsRefused() {
        var menu = EditMenu(source: Self.clip)
        for track in [
            MusicTrack(path: "/tmp/theme.txt", name: "x", mode: .mix, volume: 0.5),
            MusicTrack(path: "/tmp/theme", name: "x", mode: .mix, volume: 0.5),
            MusicTrack(path: "/tmp/theme.mp3", name: "x", mode: .mix, volume: 1.5),
            MusicTrack(path: "/tmp/theme.mp3", name: "x", mode: .replace, volume: -0.1),
        ] {
            #expect(throws: EditError.self, "\(track)") { try menu.addMusic(track) }
        }
        #expect(menu.composition.music == nil)
    }

    @Test func aCompositionAndItsHistorySurviveJSON() throws {
        var menu = EditMenu(source: Self.clip)
        try menu.trim(TimeRange(start: 1, end: 4))
        try menu.addMusic(Self.music)
        let data = try JSONEncoder().encode(menu.history)
        let history = try JSONDecoder().decode(type(of: menu.history), from: data)
        #expect(history.undoStack == menu.history.undoStack)
        #expect(
            try JSONDecoder().decode(Composition.self, from: JSONEncoder().encode(menu.composition)) == menu.composition
        )
    }
}
