import CSV
import Foundation
import ZIPFoundation

/// Reads the watchlists people bring (layouts in `Tests/FinnkinoKitTests/Fixtures/watchlists/`):
///
/// - Letterboxd's export: its `watchlist.csv` (`Date,Name,Year,Letterboxd URI`), a list of its
///   `lists/` (a few lines about the list, a blank line, then `Position,Name,Year,URL,…`), or the
///   whole ZIP as downloaded (its `watchlist.csv` and `lists/*.csv`, nothing else). `watched.csv`
///   has the watchlist's header: only a name that says *watchlist* is read as one, and the files of
///   films seen are refused by name;
/// - IMDb's list export (`Const`, `Title`, `Year`, `Title Type`; several header variants, read by
///   name whatever their case);
/// - a plain text list: a title a line, optionally followed by its year (`Dune 2021`, `Dune (2021)`).
///
/// Columns are read by header name (RFC 4180 through CSV.swift), never by position. A file is taken
/// whole or not at all: one that is too large, not UTF-8, another CSV, or over ``maxEntries`` is an
/// error; a row that is no film (a series, a formula cell, an empty title, the same film again) is
/// left out and said.
public enum WatchlistFile {
    /// The largest file taken (a Letterboxd ZIP of thousands of films is well under 1 MB).
    public static let maxBytes = 5 * 1_048_576
    /// The most films one file gives.
    public static let maxEntries = 2_000
    /// The longest title kept.
    static let maxTitleLength = 300

    /// The films of `data`, a file named `name` (its name decides between Letterboxd's files).
    public static func read(_ data: Data, named name: String) throws(WatchlistFileError) -> WatchlistRead {
        guard data.count <= maxBytes else { throw .tooLarge(limit: maxBytes) }
        var read: WatchlistRead
        if data.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
            read = try zip(data)
        } else {
            guard let text = String(validating: data, as: UTF8.self) else { throw .notUTF8 }
            read = try file(text, named: name)
        }
        read = deduplicated(read)
        guard !read.entries.isEmpty else { throw .empty }
        guard read.entries.count <= maxEntries else { throw .tooManyEntries(limit: maxEntries) }
        return read
    }

    // MARK: Files

    private static func file(_ text: String, named name: String) throws(WatchlistFileError) -> WatchlistRead {
        let text = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        let firstLine = text.prefix { $0 != "\n" && $0 != "\r" }
        if firstLine.hasPrefix("Letterboxd list export") { return try letterboxdList(text) }
        let header = csvHeader(String(firstLine))
        if let header, header.contains("letterboxd uri") {
            let base = baseName(name)
            if ["watched", "ratings", "diary", "reviews", "likes", "comments"].contains(where: { base.hasPrefix($0) })
                || header.contains("rating")
            {
                throw .watched(file: fileName(name))
            }
            guard base.hasPrefix("watchlist") else { throw .unnamedLetterboxd }
            return try rows(text, origin: .letterboxd)
        }
        if let header, header.contains("const"), header.contains("title") { return try rows(text, origin: .imdb) }
        // A CSV of anything else is refused, not read as a list of titles.
        if header != nil || (fileName(name).lowercased().hasSuffix(".csv") && firstLine.contains(",")) {
            throw .otherCSV(header: String(firstLine))
        }
        return plainText(text)
    }

    /// The header of a CSV's first line, lower-cased and trimmed; nil when the line is not one (a
    /// plain list's first title, which may hold a comma).
    private static func csvHeader(_ line: String) -> Set<String>? {
        guard line.contains(","), let cells = try? CSVReader(string: line).next(), cells.count >= 3 else { return nil }
        let names = Set(cells.map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
        // A title with commas is no header: a header names at least two columns of a table.
        let known: Set<String> = ["name", "title", "const", "year", "date", "letterboxd uri", "position", "url", "id"]
        return names.intersection(known).count >= 2 ? names : nil
    }

    /// A Letterboxd list: the list's own lines, a blank line, then its films.
    private static func letterboxdList(_ text: String) throws(WatchlistFileError) -> WatchlistRead {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let blank = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty })
        else { throw .empty }
        return try rows(lines[(blank + 1)...].joined(separator: "\n"), origin: .letterboxdList)
    }

    /// The films of a CSV with a header, read by column name.
    private static func rows(_ text: String, origin: WatchlistEntry.Origin) throws(WatchlistFileError) -> WatchlistRead
    {
        let reader: CSVReader
        do { reader = try CSVReader(string: text, hasHeaderRow: true) } catch { throw .empty }
        let names = (reader.headerRow ?? []).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        func column(_ wanted: String...) -> Int? { names.firstIndex { wanted.contains($0) } }
        let title = column("name", "title")
        let original = column("original title")
        let year = column("year")
        let const = column("const")
        let type = column("title type")
        guard let title else { throw .otherCSV(header: names.joined(separator: ",")) }
        var read = WatchlistRead()
        var row = 0
        while let cells = reader.next() {
            row += 1
            guard row <= maxEntries * 2 else { throw .tooManyEntries(limit: maxEntries) }
            func cell(_ index: Int?) -> String {
                guard let index, index < cells.count else { return "" }
                return cells[index].trimmingCharacters(in: .whitespacesAndNewlines)
            }
            if cells.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) { continue }
            let name = cell(title)
            if let type, !filmTypes.contains(cell(type).lowercased()) {
                read.skipped.append(.init(row: row, text: String(name.prefix(100)), reason: .notAFilm))
                continue
            }
            guard let kept = keptTitle(name) else {
                read.skipped.append(.init(row: row, text: String(name.prefix(100)), reason: .notATitle))
                continue
            }
            let originalTitle = keptTitle(cell(original)).flatMap { $0 == kept ? nil : $0 }
            let imdbID = cell(const).wholeMatch(of: /tt[0-9]{7,8}/).map { String($0.output) }
            read.entries.append(
                WatchlistEntry(
                    title: kept, originalTitle: originalTitle, year: Self.year(cell(year)), imdbID: imdbID,
                    origin: origin))
        }
        return read
    }

    /// IMDb's title types of a film, whatever the header's age (`movie`, `Movie`, `Feature Film`).
    private static let filmTypes: Set<String> = ["movie", "feature film", "film", ""]

    /// A title a line, optionally followed by its year, bare or in brackets; `#` starts a comment.
    private static func plainText(_ text: String) -> WatchlistRead {
        var read = WatchlistRead()
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = line.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            var title = line
            var year: Int?
            // `Dune (2021)`, or a bare year up to 2030 (`Blade Runner 2049` is a title)
            if let match = line.wholeMatch(of: /(.+?)\s*\(((?:18|19|20)[0-9]{2})\)/) {
                title = String(match.output.1)
                year = Self.year(String(match.output.2))
            } else if let match = line.wholeMatch(of: /(.+?)[\s,]+((?:18|19|20)[0-9]{2})/),
                let bare = Self.year(String(match.output.2)), bare <= 2030
            {
                title = String(match.output.1)
                year = bare
            }
            guard let kept = keptTitle(title) else {
                read.skipped.append(.init(row: index + 1, text: String(line.prefix(100)), reason: .notATitle))
                continue
            }
            read.entries.append(WatchlistEntry(title: kept, year: year, origin: .text))
        }
        return read
    }

    /// `title` as kept: trimmed, control characters left out; nil for an empty one, one too long,
    /// or a spreadsheet formula (`=`, `+`, `-`, `@` first), which no film is called.
    static func keptTitle(_ title: String) -> String? {
        let cleaned = String(
            String.UnicodeScalarView(title.unicodeScalars.filter { $0.properties.generalCategory != .control })
        ).trimmingCharacters(in: .whitespaces)
        guard !cleaned.isEmpty, cleaned.count <= maxTitleLength, let first = cleaned.first,
            !"=+-@".contains(first)
        else { return nil }
        return cleaned
    }

    private static func year(_ text: String) -> Int? {
        guard text.utf8.count == 4, let year = Int(text), (1870...2100).contains(year) else { return nil }
        return year
    }

    // MARK: Letterboxd's ZIP

    /// The ZIP's `watchlist.csv` and `lists/*.csv` (never `deleted/`), each read as its name says.
    private static func zip(_ data: Data) throws(WatchlistFileError) -> WatchlistRead {
        let archive: Archive
        do { archive = try Archive(data: data, accessMode: .read) } catch { throw .unreadableZIP }
        var read = WatchlistRead()
        var unpacked = 0
        var found = false
        for entry in archive where entry.type == .file {
            let parts = entry.path.split(separator: "/").map { $0.lowercased() }
            guard let last = parts.last, last.hasSuffix(".csv"), !parts.contains("deleted") else { continue }
            let isWatchlist = last == "watchlist.csv"
            let isList = parts.dropLast().last == "lists"
            guard isWatchlist || isList else { continue }
            found = true
            unpacked += Int(clamping: entry.uncompressedSize)
            guard unpacked <= maxBytes else { throw .tooLarge(limit: maxBytes) }
            var bytes = Data()
            do {
                _ = try archive.extract(entry, skipCRC32: false) { chunk in
                    bytes.append(chunk)
                    // The size the ZIP claims is not trusted: a bomb stops here.
                    if bytes.count > maxBytes { throw WatchlistFileError.tooLarge(limit: maxBytes) }
                }
            } catch let error as WatchlistFileError {
                throw error
            } catch {
                throw .unreadableZIP
            }
            guard let text = String(validating: bytes, as: UTF8.self) else { throw .notUTF8 }
            let part = try file(text, named: isWatchlist ? "watchlist.csv" : String(last))
            read.entries += part.entries
            read.skipped += part.skipped
        }
        guard found else { throw .noWatchlistInZIP }
        return read
    }

    // MARK: Helpers

    /// The same film twice (by IMDb ID, or by title and year) is kept once.
    private static func deduplicated(_ read: WatchlistRead) -> WatchlistRead {
        var seen = Set<String>()
        var result = WatchlistRead(skipped: read.skipped)
        for (index, entry) in read.entries.enumerated() {
            if seen.insert(entry.identity).inserted {
                result.entries.append(entry)
            } else {
                result.skipped.append(.init(row: index + 1, text: String(entry.title.prefix(100)), reason: .duplicate))
            }
        }
        return result
    }

    private static func fileName(_ path: String) -> String {
        String(path.split(separator: "/").last ?? Substring(path))
    }

    /// `watchlist (1).csv` → `watchlist (1)`, lower-cased.
    private static func baseName(_ path: String) -> String {
        let name = fileName(path).lowercased()
        return name.hasSuffix(".csv") ? String(name.dropLast(4)) : name
    }
}
