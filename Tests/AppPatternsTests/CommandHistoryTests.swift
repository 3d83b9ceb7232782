import AppPatterns
import Foundation
import Testing

/// A document of words, edited by commands.
private struct Document {
    var words: [String] = []
    /// When set, any command touching the document throws (a receiver that refuses).
    var isLocked = false
}

private struct DocumentLocked: Error {}

/// Appends a word; undo takes it off again.
private struct AppendWord: Command, Codable, Equatable {
    var word: String

    func execute(on document: inout Document) throws {
        guard !document.isLocked else { throw DocumentLocked() }
        document.words.append(word)
    }

    func undo(on document: inout Document) throws {
        guard !document.isLocked else { throw DocumentLocked() }
        document.words.removeLast()
    }
}

@Suite struct CommandHistoryTests {
    /// Performs an AppendWord of each word.
    private func perform(_ words: [String], on document: inout Document, in history: inout CommandHistory<AppendWord>)
        throws
    {
        for word in words { try history.perform(AppendWord(word: word), on: &document) }
    }

    @Test func undoAndRedoGoInReverseAndForwardOrder() throws {
        // Given three appended words
        var document = Document()
        var history = CommandHistory<AppendWord>(limit: 10)
        try perform(["a", "b", "c"], on: &document, in: &history)
        // When two are undone
        let firstUndo = try history.undo(on: &document)
        let secondUndo = try history.undo(on: &document)
        // Then the newest went first, and the document lost both
        #expect(firstUndo?.word == "c")
        #expect(secondUndo?.word == "b")
        #expect(document.words == ["a"])
        #expect(history.undoStack.map(\.word) == ["a"])
        #expect(history.redoStack.map(\.word) == ["c", "b"])
        // When they are redone
        let firstRedo = try history.redo(on: &document)
        let secondRedo = try history.redo(on: &document)
        // Then the last undone comes back first, and the document is whole again
        #expect(firstRedo?.word == "b")
        #expect(secondRedo?.word == "c")
        #expect(document.words == ["a", "b", "c"])
        #expect(!history.canRedo)
        #expect(history.canUndo)
    }

    @Test func emptyStacksUndoAndRedoNothing() throws {
        var document = Document(words: ["kept"])
        var history = CommandHistory<AppendWord>(limit: 3)
        #expect(try history.undo(on: &document) == nil)
        #expect(try history.redo(on: &document) == nil)
        #expect(document.words == ["kept"])
        #expect(!history.canUndo && !history.canRedo)
    }

    @Test func theOldestCommandIsDroppedBeyondTheLimit() throws {
        // Given a history of at most 3 commands
        var document = Document()
        var history = CommandHistory<AppendWord>(limit: 3)
        // When 5 are performed
        try perform(["1", "2", "3", "4", "5"], on: &document, in: &history)
        // Then only the newest 3 can be undone
        #expect(history.undoStack.map(\.word) == ["3", "4", "5"])
        var undone: [String] = []
        while let command = try history.undo(on: &document) { undone.append(command.word) }
        #expect(undone == ["5", "4", "3"])
        #expect(document.words == ["1", "2"])
        #expect(history.redoStack.count == 3)
    }

    @Test func aZeroLimitKeepsNothing() throws {
        var document = Document()
        var history = CommandHistory<AppendWord>(limit: -1)
        try perform(["x"], on: &document, in: &history)
        #expect(history.limit == 0)
        #expect(document.words == ["x"])
        #expect(!history.canUndo)
    }

    @Test func aNewCommandClearsTheRedoStack() throws {
        // Given an undone command waiting to be redone
        var document = Document()
        var history = CommandHistory<AppendWord>(limit: 10)
        try perform(["a", "b"], on: &document, in: &history)
        try history.undo(on: &document)
        #expect(history.nextRedo?.word == "b")
        // When a new command is performed
        try perform(["z"], on: &document, in: &history)
        // Then nothing can be redone, and undo takes back the new command
        #expect(!history.canRedo)
        #expect(try history.redo(on: &document) == nil)
        #expect(history.nextUndo?.word == "z")
        #expect(document.words == ["a", "z"])
    }

    @Test func aFailingCommandLeavesTheStacksUnchanged() throws {
        // Given a history with something to undo and something to redo
        var document = Document()
        var history = CommandHistory<AppendWord>(limit: 10)
        try perform(["a", "b", "c"], on: &document, in: &history)
        try history.undo(on: &document)
        let before = history
        // When the receiver refuses every command
        document.isLocked = true
        // Then undo, redo and perform throw, and the history is the same as before
        #expect(throws: DocumentLocked.self) { try history.undo(on: &document) }
        #expect(throws: DocumentLocked.self) { try history.redo(on: &document) }
        #expect(throws: DocumentLocked.self) { try history.perform(AppendWord(word: "d"), on: &document) }
        #expect(history == before)
        #expect(document.words == ["a", "b"])
    }

    @Test func aHistorySurvivesEncodingAndDecoding() throws {
        // Given a history with both stacks in use
        var document = Document()
        var history = CommandHistory<AppendWord>(limit: 4)
        try perform(["a", "b", "c"], on: &document, in: &history)
        try history.undo(on: &document)
        // When it is saved as JSON and read back
        let data = try JSONEncoder().encode(history)
        var restored = try JSONDecoder().decode(CommandHistory<AppendWord>.self, from: data)
        // Then it is equal, and undo goes on where the original left off
        #expect(restored == history)
        #expect(restored.limit == 4)
        #expect(try restored.undo(on: &document)?.word == "b")
        #expect(document.words == ["a"])
    }

    @Test func aSavedHistoryLongerThanItsLimitKeepsTheNewest() throws {
        // Given JSON whose stacks are longer than its limit (edited by hand, or an older limit)
        let json = Data(
            #"{"limit":2,"undo":[{"word":"1"},{"word":"2"},{"word":"3"}],"redo":[{"word":"r"}]}"#.utf8)
        // When it is decoded
        let history = try JSONDecoder().decode(CommandHistory<AppendWord>.self, from: json)
        // Then the newest two are kept
        #expect(history.undoStack.map(\.word) == ["2", "3"])
        #expect(history.redoStack.map(\.word) == ["r"])
    }

    @Test func malformedSavedHistoryIsADecodingError() {
        let json = Data(#"{"limit":2,"undo":[{"text":"1"}]}"#.utf8)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(CommandHistory<AppendWord>.self, from: json)
        }
    }
}
