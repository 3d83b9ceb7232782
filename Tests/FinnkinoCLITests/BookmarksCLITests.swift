import FinnkinoKit
import FinnkinoPresentation
import FinnkinoStores
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `finnkino bookmarks` end to end: every step is a separate run of the binary on one data folder,
/// as a person would use it between (or alongside) runs of the web app.
@Suite struct BookmarksCLITests {
    /// A data folder shared by the runs of one test.
    struct DataFolder {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("finnkino-bookmarks-\(UUID().uuidString)")

        func run(_ arguments: [String]) async throws -> CommandLineRun {
            try await CommandLineRun.finnkino(["bookmarks"] + arguments, dataDir: url)
        }

        /// The bookmarks as `bookmarks list --json` prints them.
        func listed() async throws -> [[String: Any]] {
            let result = try await run(["list", "--json"])
            try #require(result.exitCode == 0, "\(result.stderr)")
            return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        }

        func remove() { try? FileManager.default.removeItem(at: url) }
    }

    /// Movies of the bundled list: (ID, title).
    func movies(_ count: Int) async throws -> [(id: Int, title: String)] {
        let result = try await CommandLineRun.finnkino(["movies", "--json"])
        try #require(result.exitCode == 0, "\(result.stderr)")
        let movies = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let pairs = movies.compactMap { movie in
            (movie["id"] as? Int).flatMap { id in (movie["title"] as? String).map { (id: id, title: $0) } }
        }
        try #require(pairs.count >= count)
        return Array(pairs.prefix(count))
    }

    @Test func addListRemoveUndoAndRedoInSeparateRuns() async throws {
        let folder = DataFolder()
        defer { folder.remove() }
        let movies = try await movies(2)
        let (first, second) = (movies[0], movies[1])
        // Given two movies bookmarked in two runs
        let added = try await folder.run(["add", String(first.id)])
        #expect(added.exitCode == 0, "\(added.stderr)")
        #expect(added.stdout.contains("Bookmarked \(first.title)"))
        #expect(try await folder.run(["add", String(second.id)]).exitCode == 0)
        // When they are listed (the default action)
        let list = try await folder.run([])
        // Then the newest is first, in 80 columns
        #expect(list.exitCode == 0, "\(list.stderr)")
        #expect(list.stdout.hasPrefix("Bookmarks: 2 movies"))
        let firstAt = try #require(list.stdout.range(of: first.title))
        let secondAt = try #require(list.stdout.range(of: second.title))
        #expect(secondAt.lowerBound < firstAt.lowerBound)
        #expect(list.fitsEightyColumns)
        let before = try await folder.listed()
        // When both are removed in one run, then the removal is undone in the next
        let removed = try await folder.run(["remove", String(first.id), String(second.id)])
        #expect(removed.exitCode == 0, "\(removed.stderr)")
        #expect(removed.stdout.hasPrefix("Removed "))
        #expect(try await folder.listed().isEmpty)
        let undone = try await folder.run(["undo"])
        #expect(undone.exitCode == 0, "\(undone.stderr)")
        #expect(undone.stdout.hasPrefix("Undone: "))
        // Then both are back with their dates, in their order
        let after = try await folder.listed()
        #expect(after.map { $0["movieID"] as? Int } == [second.id, first.id])
        #expect(after.map { $0["addedAt"] as? String } == before.map { $0["addedAt"] as? String })
        // When the removal is redone, then undone twice more
        let redone = try await folder.run(["redo", "--json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(redone.stdout.utf8)) as? [String: Any])
        #expect(report["action"] as? String == "redo remove")
        #expect(try await folder.listed().isEmpty)
        #expect(try await folder.run(["undo"]).exitCode == 0)
        let undoAdd = try await folder.run(["undo"])
        // Then the second bookmark's addition was undone last, leaving the first (said in the web
        // app's words, which the command line shares since issue 38: "Undone: Bookmarked …")
        #expect(undoAdd.stdout.contains(UIStrings.english.undone(UIStrings.english.bookmarkAdded(second.title))))
        #expect(try await folder.listed().map { $0["movieID"] as? Int } == [first.id])
    }

    @Test func whatTheProgramWritesIsItsOwnersAlone() async throws {
        let folder = DataFolder()
        defer { folder.remove() }
        let movie = try #require(try await movies(1).first)
        // When the program makes its data folder and a database in it
        #expect(try await folder.run(["add", String(movie.id)]).exitCode == 0)
        // Then nobody else on the machine can read them (umask 077), whatever this shell's umask
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        #expect(files.contains("bookmarks.sqlite"))
        for name in files {
            let mode =
                try FileManager.default.attributesOfItem(atPath: folder.url.appendingPathComponent(name).path)[
                    .posixPermissions] as? Int
            #expect(mode.map { $0 & 0o077 } == 0, "\(name)")
        }
        let folderMode = try FileManager.default.attributesOfItem(atPath: folder.url.path)[.posixPermissions] as? Int
        #expect(folderMode.map { $0 & 0o077 } == 0)
    }

    @Test func addingTwiceAndUndoingNothingAreNotErrors() async throws {
        let folder = DataFolder()
        defer { folder.remove() }
        let movie = try #require(try await movies(1).first)
        #expect(try await folder.run(["add", String(movie.id)]).exitCode == 0)
        let again = try await folder.run(["add", String(movie.id)])
        #expect(again.exitCode == 0)
        #expect(again.stdout.contains("already bookmarked"))
        #expect(try await folder.run(["undo"]).exitCode == 0)
        let nothing = try await folder.run(["undo"])
        #expect(nothing.exitCode == 0)
        #expect(nothing.stdout == "Nothing to undo.\n")
        #expect(
            try await folder.run(["redo"]).stdout.contains(
                UIStrings.english.redone(UIStrings.english.bookmarkAdded(movie.title))))
        #expect(try await folder.run(["redo"]).stdout == "Nothing to redo.\n")
    }

    @Test func badInputGetsOneClearLineAndExitOne() async throws {
        let folder = DataFolder()
        defer { folder.remove() }
        // An ID no movie has
        let unknown = try await folder.run(["add", "1"])
        #expect(unknown.exitCode == 1)
        #expect(unknown.stderr == "Error: no movie has the ID 1 (see `finnkino movies`)\n")
        #expect(try await folder.listed().isEmpty)
        // Removing what is not bookmarked
        let missing = try await folder.run(["remove", "42"])
        #expect(missing.exitCode == 1)
        #expect(missing.stderr.hasPrefix("Error: no bookmark has the ID 42"))
        #expect(missing.stderr.split(separator: "\n").count == 1)
        // Not a number
        let notANumber = try await folder.run(["add", "dyyni"])
        #expect(notANumber.exitCode != 0)
        #expect(notANumber.stderr.contains("dyyni"))
    }

    @Test func aCorruptBookmarksFileIsReportedNotCrashedOn() async throws {
        // Given a bookmarks file that is not a database
        let folder = DataFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        let file = folder.url.appendingPathComponent(SQLiteBookmarkStore.fileName)
        try Data(repeating: 0x5A, count: 8192).write(to: file)
        // When the bookmarks are listed
        let result = try await folder.run([])
        // Then one line names the file and the run fails with 1, and the file is kept
        #expect(result.exitCode == 1)
        #expect(result.stderr.hasPrefix("Error: the bookmarks file \(file.path) cannot be read"))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(try Data(contentsOf: file) == Data(repeating: 0x5A, count: 8192))
    }

    /// A `finnkino bookmarks add` run that the test kills.
    final class Victim: Sendable {
        let process = Process()
        let exit: AsyncStream<Process.TerminationReason>
        private let continuation: AsyncStream<Process.TerminationReason>.Continuation

        init(movieID: Int, dataDir: URL) throws {
            (exit, continuation) = AsyncStream.makeStream(of: Process.TerminationReason.self)
            process.executableURL = CommandLineRun.executable
            process.arguments = ["bookmarks", "add", String(movieID), "--data-dir", dataDir.path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            let continuation = self.continuation
            process.terminationHandler = { process in
                continuation.yield(process.terminationReason)
                continuation.finish()
            }
            try process.run()
        }

        /// Sends SIGKILL (if it is still running) and waits for the end; true when the signal ended it.
        func kill() async -> Bool {
            _ = Glibc.kill(process.processIdentifier, SIGKILL)
            for await reason in exit { return reason == .uncaughtSignal }
            return false
        }
    }

    @Test func acknowledgedAddsSurviveAnotherRunBeingKilled() async throws {
        // Given a data folder with the database in use
        let folder = DataFolder()
        defer { folder.remove() }
        let movies = try await movies(12)
        let acknowledgedIDs = movies.prefix(8).map(\.id)
        let victimIDs = movies.suffix(4).map(\.id)
        var acknowledged: [Int] = []
        var killedBySignal = 0
        // When eight adds run one after the other, each acknowledged by exit 0, while other adds are
        // started alongside and killed with SIGKILL at different points
        for (step, id) in acknowledgedIDs.enumerated() {
            let victim = step % 2 == 0 ? try Victim(movieID: victimIDs[step / 2], dataDir: folder.url) : nil
            if step % 4 == 0, let victim { killedBySignal += await victim.kill() ? 1 : 0 }
            let result = try await folder.run(["add", String(id)])
            #expect(result.exitCode == 0, "\(result.stderr)")
            if result.exitCode == 0 { acknowledged.append(id) }
            if let victim, step % 4 != 0 { killedBySignal += await victim.kill() ? 1 : 0 }
        }
        // Then every acknowledged bookmark is there, and the database opens and checks cleanly
        let listed = Set(try await folder.listed().compactMap { $0["movieID"] as? Int })
        #expect(acknowledged.count == acknowledgedIDs.count)
        #expect(Set(acknowledged).isSubset(of: listed))
        #expect(listed.isSubset(of: Set(acknowledgedIDs + victimIDs)))
        let store = try SQLiteBookmarkStore(dataDirectory: folder.url)
        try store.verifyIntegrity()
        #expect(Set(store.all().map(\.movieID)) == listed)
        // And undo still works on what the killed runs left: the last change can be undone
        #expect(store.canUndo)
        print("kill -9 test: \(killedBySignal) of \(victimIDs.count) concurrent runs ended by SIGKILL")
    }
}
