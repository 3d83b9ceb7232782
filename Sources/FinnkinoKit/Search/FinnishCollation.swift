import Foundation

/// Alphabetical order as a Finnish reader expects it: case-insensitive, other diacritics ignored,
/// and Å, Ä, Ö after Z (in that order), so "Äiti" sorts after "Zorro".
public enum FinnishCollation {
    /// A byte key whose lexicographic order is the Finnish alphabetical order.
    public static func key(_ text: some StringProtocol) -> [UInt8] {
        var key: [UInt8] = []
        key.reserveCapacity(text.utf8.count)
        for character in text.lowercased() {
            // Most characters of most titles are ASCII: no folding needed.
            if let ascii = character.asciiValue {
                key.append(ascii)
                continue
            }
            switch character {
            case "å": key.append(0x7B)  // the three bytes after "z"
            case "ä", "æ": key.append(0x7C)
            case "ö", "ø": key.append(0x7D)
            default:
                let folded = String(character).folding(options: .diacriticInsensitive, locale: nil)
                key.append(contentsOf: folded.utf8)
            }
        }
        return key
    }

    /// The letter a title is filed under in an A-Z index: `A`...`Z`, `Å`, `Ä`, `Ö`, or `#` for
    /// titles that start with a digit or a symbol.
    public static func indexLetter(of text: some StringProtocol) -> String {
        guard let first = text.first(where: { !$0.isWhitespace }) else { return "#" }
        if let ascii = first.asciiValue {
            let upper = ascii & 0xDF  // ASCII letters differ from their capitals in this bit alone
            return upper >= 0x41 && upper <= 0x5A ? String(UnicodeScalar(upper)) : "#"
        }
        let upper = String(first).uppercased()
        if ["Å", "Ä", "Ö"].contains(upper) { return upper }
        let folded = upper.folding(options: .diacriticInsensitive, locale: nil)
        guard let scalar = folded.unicodeScalars.first, ("A"..."Z").contains(scalar) else { return "#" }
        return String(scalar)
    }
}
