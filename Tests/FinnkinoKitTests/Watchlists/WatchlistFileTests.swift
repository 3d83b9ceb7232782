import Foundation
import Testing
import ZIPFoundation

@testable import FinnkinoKit

/// The watchlist files people bring, read by header name: the samples of every layout
/// (`Fixtures/watchlists/`, copied from the project's anchors: invented titles, real layouts), and
/// bad input, each refused whole with a reason: watched films, another CSV, a large file, too many
/// rows, invalid UTF-8, formula cells.
@Suite struct WatchlistFileTests {
    static func sample(_ path: String) throws -> Data {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/watchlists/\(path)", withExtension: nil))
        return try Data(contentsOf: url)
    }

    static func read(_ path: String, as name: String? = nil) throws -> WatchlistRead {
        try WatchlistFile.read(sample(path), named: name ?? path)
    }

    static func error(_ data: Data, named name: String) -> WatchlistFileError? {
        do {
            _ = try WatchlistFile.read(data, named: name)
            return nil
        } catch {
            return error
        }
    }

    // MARK: Letterboxd

    @Test func letterboxdsWatchlistIsReadByItsColumns() throws {
        let read = try Self.read("letterboxd-export/watchlist.csv")
        #expect(
            read.entries == [
                WatchlistEntry(title: "The Lighthouse Keeper's Daughter", year: 2026, origin: .letterboxd),
                WatchlistEntry(title: "Snow, Salt and Silence", year: 2025, origin: .letterboxd),
                WatchlistEntry(title: "Kesäyön valot", year: nil, origin: .letterboxd),
            ])
        #expect(read.skipped.isEmpty)
        // Renamed by a download, it is still the watchlist
        #expect(try Self.read("letterboxd-export/watchlist.csv", as: "Downloads/watchlist (1).csv").entries.count == 3)
    }

    @Test func watchedFilmsAreNeverTakenForTheWatchlist() throws {
        // watched.csv has the watchlist's header (and a byte-order mark): its name says what it is
        let watched = try Self.sample("letterboxd-export/watched.csv")
        #expect(Self.error(watched, named: "watched.csv") == .watched(file: "watched.csv"))
        #expect(Self.error(try Self.sample("letterboxd-export/ratings.csv"), named: "ratings.csv") != nil)
        // Under a name that says nothing, the layout alone decides nothing
        #expect(Self.error(watched, named: "export.csv") == .unnamedLetterboxd)
        #expect(
            Self.error(try Self.sample("letterboxd-export/watchlist.csv"), named: "films.csv") == .unnamedLetterboxd)
    }

    @Test func aLetterboxdListIsReadAfterItsOwnLines() throws {
        let read = try Self.read("letterboxd-export/lists/nordic-winter.csv")
        #expect(read.entries.map(\.title) == ["Snow, Salt and Silence", "Kesäyön valot"])
        #expect(read.entries.map(\.year) == [2025, 2026] && read.entries.allSatisfy { $0.origin == .letterboxdList })
    }

    static func zip(_ files: [String: Data]) throws -> Data {
        let archive = try Archive(data: Data(), accessMode: .create)
        for (path, data) in files.sorted(by: { $0.key < $1.key }) {
            try archive.addEntry(
                with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate
            ) { position, size in data.subdata(in: Int(position)..<Int(position) + size) }
        }
        return try #require(archive.data)
    }

    @Test func theWholeExportIsItsWatchlistAndListsOnly() throws {
        let folder = "letterboxd-someone-2026-11-28-10-00-utc/"
        let data = try Self.zip([
            folder + "watchlist.csv": try Self.sample("letterboxd-export/watchlist.csv"),
            folder + "watched.csv": try Self.sample("letterboxd-export/watched.csv"),
            folder + "ratings.csv": try Self.sample("letterboxd-export/ratings.csv"),
            folder + "lists/nordic-winter.csv": try Self.sample("letterboxd-export/lists/nordic-winter.csv"),
            folder + "deleted/lists/old.csv": try Self.sample("letterboxd-export/lists/nordic-winter.csv"),
        ])
        let read = try WatchlistFile.read(data, named: "letterboxd-someone.zip")
        // The watchlist's three and the list's one new film (its other is the watchlist's already)
        #expect(
            read.entries.map(\.title).sorted()
                == [
                    "Kesäyön valot", "Kesäyön valot", "Snow, Salt and Silence", "The Lighthouse Keeper's Daughter",
                ].sorted())
        #expect(!read.entries.contains { $0.title == "A Film Already Seen" })
        #expect(read.skipped.map(\.reason) == [.duplicate])
        // A ZIP with neither, and one that is not a ZIP past its first bytes
        let other = try Self.zip(["notes.txt": Data("Dune 2021".utf8)])
        #expect(Self.error(other, named: "x.zip") == .noWatchlistInZIP)
        #expect(Self.error(Data([0x50, 0x4B, 0x03, 0x04, 1, 2, 3]), named: "x.zip") == .unreadableZIP)
    }

    // MARK: IMDb

    @Test func imdbsListIsReadByNameWhateverItsHeadersAge() throws {
        let modern = try Self.read("imdb-list.csv")
        // The TV series is no film a cinema shows
        #expect(
            modern.entries == [
                WatchlistEntry(title: "The Harbour Clock", year: 2026, imdbID: "tt98765401", origin: .imdb)
            ])
        #expect(modern.skipped.map(\.reason) == [.notAFilm] && modern.skipped[0].text == "A Quiet Series")
        let older = try Self.read("imdb-list-older.csv")
        #expect(
            older.entries == [
                WatchlistEntry(title: "Northern Lights Over Oulu", year: 2026, imdbID: "tt98765403", origin: .imdb)
            ])
    }

    // MARK: Plain text

    @Test func aPlainListIsATitleALineWithItsYearOrNot() throws {
        let text = """
            # films for the winter
            Dune: Part Two (2024)
            Perfect Days, 2023
            Kesäyön valot
            Dune: Part Two 2024

            =HYPERLINK("http://evil.example","click")
            <script>alert(1)</script> 1999
            """
        let read = try WatchlistFile.read(Data(text.utf8), named: "films.txt")
        #expect(
            read.entries.map(\.title) == [
                "Dune: Part Two", "Perfect Days", "Kesäyön valot", "<script>alert(1)</script>",
            ])
        #expect(read.entries.map(\.year) == [2024, 2023, nil, 1999])
        // The formula is no title; the same film again is said once
        #expect(Set(read.skipped.map(\.reason)) == [.notATitle, .duplicate])
    }

    // MARK: Bad input

    @Test func anotherCSVIsRefused() {
        let csv = Data("Account,Amount,Date\nrent,900,2026-11-01\n".utf8)
        #expect(Self.error(csv, named: "bank.csv") == .otherCSV(header: "Account,Amount,Date"))
        #expect(Self.error(Data("a,b,c\n1,2,3\n".utf8), named: "data.csv") == .otherCSV(header: "a,b,c"))
    }

    @Test func aLargeFileTooManyRowsAndInvalidUTF8AreRefusedWhole() throws {
        let large = Data(repeating: 0x41, count: WatchlistFile.maxBytes + 1)
        #expect(Self.error(large, named: "watchlist.csv") == .tooLarge(limit: WatchlistFile.maxBytes))
        // 100,000 rows (under the size limit) are more films than a file may give
        var rows = "Date,Name,Year,Letterboxd URI\n"
        for index in 0..<100_000 { rows += "2026-01-01,F\(index),2026,u\n" }
        #expect(
            Self.error(Data(rows.utf8), named: "watchlist.csv") == .tooManyEntries(limit: WatchlistFile.maxEntries))
        #expect(Self.error(Data([0x44, 0x75, 0x6E, 0xFF, 0x65]), named: "films.txt") == .notUTF8)
        #expect(Self.error(Data(), named: "watchlist.csv") == .empty)
        #expect(Self.error(Data("Date,Name,Year,Letterboxd URI\n".utf8), named: "watchlist.csv") == .empty)
        // A ZIP whose watchlist unpacks beyond the limit stops there
        let bomb = try Self.zip([
            "watchlist.csv": Data(("Date,Name,Year,Letterboxd URI\n" + String(repeating: " ", count: 6_000_000)).utf8)
        ])
        #expect(bomb.count < WatchlistFile.maxBytes)
        #expect(Self.error(bomb, named: "export.zip") == .tooLarge(limit: WatchlistFile.maxBytes))
    }

    @Test func everyRefusalSaysWhyInWords() {
        let errors: [WatchlistFileError] = [
            .tooLarge(limit: WatchlistFile.maxBytes), .tooManyEntries(limit: 2000), .notUTF8,
            .watched(file: "watched.csv"),
            .unnamedLetterboxd, .otherCSV(header: "a,b"), .empty, .unreadableZIP, .noWatchlistInZIP,
        ]
        #expect(Set(errors.map(\.description)).count == errors.count)
        #expect(
            WatchlistFileError.tooLarge(limit: WatchlistFile.maxBytes).description == "the file is larger than 5 MB")
    }
}
