import AppPatterns
import ArgumentParser
import FinnkinoKit
import FinnkinoPresentation
import FinnkinoStores
import Foundation
import Storage

/// `finnkino bookmarks [list|add ID|remove ID…|undo|redo]`: the movies the user keeps, shared with
/// the web app (the same file in the data directory, with the same undo history).
struct BookmarksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bookmarks", abstract: "List, add and remove bookmarked movies; undo and redo changes.",
        subcommands: [List.self, Add.self, Remove.self, Undo.self, Redo.self], defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the bookmarks, newest first.")

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let bookmarks = try global.openBookmarks().all()
            let output = Output(global)
            if output.isJSON { return try await output.list(bookmarks) }
            guard !bookmarks.isEmpty else {
                return output.text("No bookmarks. Add one with `finnkino bookmarks add ID`.")
            }
            var table = TextColumns([
                .init(title: "ID", alignRight: true), .init(title: "Title", flexible: true), .init(title: "Added"),
            ])
            for bookmark in bookmarks {
                table.append([
                    String(bookmark.movieID), bookmark.title,
                    Terminal.format.date(HelsinkiTime.localDate(of: bookmark.addedAt)),
                ])
            }
            output.text(
                "Bookmarks: \(bookmarks.count) movie\(bookmarks.count == 1 ? "" : "s")\n\n" + table.render())
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: "Bookmark a movie (its ID from `finnkino movies`).")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The movie's ID.")
        var id: Int

        func run() async throws {
            let movie = try await global.makeStore().movie(id: id)
            let bookmark = Bookmark(movie, addedAt: Date())
            let added = try global.openBookmarks().add(bookmark)
            try BookmarkReport(action: added ? "add" : "none", bookmarks: added ? [bookmark] : []).write(
                global,
                text: added
                    ? UIStrings.english.bookmarkAdded(movie.title)
                    : "\(movie.title) (\(movie.id)) is already bookmarked."
            )
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove", abstract: "Remove bookmarks (one undo brings them all back).")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The movies' IDs.")
        var ids: [Int]

        func validate() throws {
            if ids.isEmpty { throw ValidationError("name at least one movie ID to remove") }
        }

        func run() async throws {
            let removed = try global.openBookmarks().remove(movieIDs: ids)
            let missing = ids.filter { id in !removed.contains { $0.movieID == id } }
            guard !removed.isEmpty else {
                throw CommandFailure(
                    "no bookmark has the ID \(missing.map(String.init).joined(separator: ", ")) (see `finnkino bookmarks`)"
                )
            }
            if !missing.isEmpty {
                "note: not bookmarked, left alone: \(missing.map(String.init).joined(separator: ", "))"
                    .writeToStandardError()
            }
            try BookmarkReport(action: "remove", bookmarks: removed).write(
                global,
                text: removed.count == 1
                    ? UIStrings.english.removedOne(removed[0].title)
                    : UIStrings.english.removedMany(String(removed.count)))
        }
    }

    struct Undo: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "undo", abstract: "Undo the last change (made here or in the web app).")

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            var actions = try global.bookmarkActions()
            actions.undoSelected()
            try BookmarkReport.write(actions.outputs, prefix: "undo", global)
        }
    }

    struct Redo: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "redo", abstract: "Redo the last undone change.")

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            var actions = try global.bookmarkActions()
            actions.redoSelected()
            try BookmarkReport.write(actions.outputs, prefix: "redo", global)
        }
    }
}

/// What a bookmark command did, as `--json` prints it: `{"action": "remove", "bookmarks": […]}`.
/// Actions: `add`, `remove`, `undo add`, `undo remove`, `redo add`, `redo remove`, `none`.
struct BookmarkReport: Encodable {
    var action: String
    var bookmarks: [Bookmark]

    init(action: String, bookmarks: [Bookmark]) {
        self.action = action
        self.bookmarks = bookmarks
    }

    init(undone command: BookmarkCommand?, prefix: String) {
        switch command {
        case .add(let add): self.init(action: prefix + " add", bookmarks: [add.bookmark])
        case .remove(let remove): self.init(action: prefix + " remove", bookmarks: remove.bookmarks)
        case nil: self.init(action: "none", bookmarks: [])
        }
    }

    /// What an undo or redo did (`prefix`), in the web app's words; a failure is the command's.
    static func write(_ outputs: BookmarkActionsViewModel.Outputs, prefix: String, _ global: GlobalOptions) throws {
        if outputs.failed { throw CommandFailure(outputs.message ?? "the bookmarks could not be changed") }
        try BookmarkReport(undone: outputs.change, prefix: prefix).write(global, text: outputs.message ?? "")
    }

    /// Prints this report as JSON, or `text` wrapped to 80 columns.
    func write(_ global: GlobalOptions, text: String) throws {
        let output = Output(global)
        if output.isJSON { try output.encoded(self) } else { output.text(Terminal.wrap(text)) }
    }
}

extension GlobalOptions {
    /// The bookmarks in the data directory (`bookmarks.sqlite`).
    func openBookmarks() throws -> BookmarkStore {
        try SQLiteBookmarkStore(dataDirectory: DataDirectory.resolve(appName: "finnkino", override: dataDir))
    }

    /// What the web app's pages do to the bookmarks (undo, redo), in its words.
    func bookmarkActions() throws -> BookmarkActionsViewModel {
        BookmarkActionsViewModel(store: try makeStore(), bookmarks: try openBookmarks(), language: .en)
    }
}
