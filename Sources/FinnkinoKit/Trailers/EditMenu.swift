import AppPatterns

/// Any one edit, as the edit menu's history keeps it.
public enum EditCommand: Command, Codable, Hashable {
    case trim(Trim)
    case rotate(Rotate)
    case crop(Crop)
    case addText(AddText)
    case addMusic(AddMusic)

    private var edit: any Command<Composition> {
        switch self {
        case .trim(let edit): edit
        case .rotate(let edit): edit
        case .crop(let edit): edit
        case .addText(let edit): edit
        case .addMusic(let edit): edit
        }
    }

    /// The edit in a few words, in English, as the command-line tool lists it (the web pages use
    /// their language's words).
    public var summary: String {
        switch self {
        case .trim(let edit): "Trim \(edit.range) s"
        case .rotate(let edit): "Rotate \(edit.rotation.rawValue)°"
        case .crop(let edit): "Crop \(edit.rect.width)x\(edit.rect.height) at \(edit.rect.x),\(edit.rect.y)"
        case .addText(let edit): "Text \"\(edit.overlay.text)\""
        case .addMusic(let edit):
            "Music \(edit.track.name) (\(edit.track.mode.rawValue), \(Int((edit.track.volume * 100).rounded()))%)"
        }
    }

    public func execute(on composition: inout Composition) throws { try edit.execute(on: &composition) }
    public func undo(on composition: inout Composition) throws { try edit.undo(on: &composition) }
}

/// The trailer editor's menu (the invoker): applies edits to its composition and keeps them for
/// undo and redo. The web page and the CLI use it alike.
public struct EditMenu: Sendable {
    public private(set) var composition: Composition
    public private(set) var history: CommandHistory<EditCommand>

    public init(source: VideoSource, undoLevels: Int = 50) {
        composition = Composition(source: source)
        history = CommandHistory(limit: undoLevels)
    }

    /// The edits in force, oldest first (undone ones are not among them; the oldest beyond the
    /// undo limit are not listed either).
    public var edits: [EditCommand] { history.undoStack }

    public var canUndo: Bool { history.canUndo }
    public var canRedo: Bool { history.canRedo }

    public mutating func trim(_ range: TimeRange) throws(EditError) {
        try perform(.trim(try Trim(range, of: composition)))
    }

    public mutating func rotate(_ rotation: Rotation) throws(EditError) {
        try perform(.rotate(try Rotate(rotation, of: composition)))
    }

    public mutating func crop(_ rect: CropRect) throws(EditError) {
        try perform(.crop(try Crop(rect, of: composition)))
    }

    public mutating func addText(_ overlay: TextOverlay) throws(EditError) {
        try perform(.addText(try AddText(overlay, of: composition)))
    }

    public mutating func addMusic(_ track: MusicTrack) throws(EditError) {
        try perform(.addMusic(try AddMusic(track, of: composition)))
    }

    /// Undoes the last edit and returns it; nil when there is none.
    @discardableResult
    public mutating func undo() -> EditCommand? {
        (try? history.undo(on: &composition)) ?? nil
    }

    /// Redoes the last undone edit and returns it; nil when there is none.
    @discardableResult
    public mutating func redo() -> EditCommand? {
        (try? history.redo(on: &composition)) ?? nil
    }

    /// The edit commands change only values and never throw once validated.
    private mutating func perform(_ edit: EditCommand) throws(EditError) {
        do {
            try history.perform(edit, on: &composition)
        } catch {
            throw EditError(String(describing: error))
        }
    }
}
