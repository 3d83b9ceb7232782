/// The HTML named character references that occur in Finnish, Swedish and English text: the
/// whole Latin-1 set plus typographic punctuation and a few Latin Extended letters. Data only.
enum HTMLEntityTable {
    /// Latin-1 names in code point order, U+00A0 (`nbsp`) to U+00FF (`yuml`).
    static let latin1Names: [String] = [
        "nbsp", "iexcl", "cent", "pound", "curren", "yen", "brvbar", "sect",
        "uml", "copy", "ordf", "laquo", "not", "shy", "reg", "macr",
        "deg", "plusmn", "sup2", "sup3", "acute", "micro", "para", "middot",
        "cedil", "sup1", "ordm", "raquo", "frac14", "frac12", "frac34", "iquest",
        "Agrave", "Aacute", "Acirc", "Atilde", "Auml", "Aring", "AElig", "Ccedil",
        "Egrave", "Eacute", "Ecirc", "Euml", "Igrave", "Iacute", "Icirc", "Iuml",
        "ETH", "Ntilde", "Ograve", "Oacute", "Ocirc", "Otilde", "Ouml", "times",
        "Oslash", "Ugrave", "Uacute", "Ucirc", "Uuml", "Yacute", "THORN", "szlig",
        "agrave", "aacute", "acirc", "atilde", "auml", "aring", "aelig", "ccedil",
        "egrave", "eacute", "ecirc", "euml", "igrave", "iacute", "icirc", "iuml",
        "eth", "ntilde", "ograve", "oacute", "ocirc", "otilde", "ouml", "divide",
        "oslash", "ugrave", "uacute", "ucirc", "uuml", "yacute", "thorn", "yuml",
    ]

    /// Everything outside the Latin-1 block.
    static let otherCodePoints: [String: UInt32] = [
        "quot": 0x22, "amp": 0x26, "apos": 0x27, "lt": 0x3C, "gt": 0x3E,
        "OElig": 0x152, "oelig": 0x153, "Scaron": 0x160, "scaron": 0x161, "Yuml": 0x178,
        "Zcaron": 0x17D, "zcaron": 0x17E, "fnof": 0x192, "circ": 0x2C6, "tilde": 0x2DC,
        "ensp": 0x2002, "emsp": 0x2003, "thinsp": 0x2009, "zwnj": 0x200C, "zwj": 0x200D,
        "lrm": 0x200E, "rlm": 0x200F, "ndash": 0x2013, "mdash": 0x2014, "lsquo": 0x2018,
        "rsquo": 0x2019, "sbquo": 0x201A, "ldquo": 0x201C, "rdquo": 0x201D, "bdquo": 0x201E,
        "dagger": 0x2020, "Dagger": 0x2021, "bull": 0x2022, "hellip": 0x2026, "permil": 0x2030,
        "prime": 0x2032, "Prime": 0x2033, "lsaquo": 0x2039, "rsaquo": 0x203A, "oline": 0x203E,
        "euro": 0x20AC, "trade": 0x2122, "minus": 0x2212,
    ]

    /// Name to character, both parts together.
    static let characters: [String: Unicode.Scalar] = {
        var table: [String: Unicode.Scalar] = [:]
        for (offset, name) in latin1Names.enumerated() {
            table[name] = Unicode.Scalar(UInt8(0xA0 + offset))
        }
        for (name, value) in otherCodePoints {
            if let scalar = Unicode.Scalar(value) { table[name] = scalar }
        }
        return table
    }()
}
