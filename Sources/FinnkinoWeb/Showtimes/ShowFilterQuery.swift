import FinnkinoKit

/// A Showtimes address's filter: `spoken=fi`, `subs=sv`, `format=3d`, `access=hoh` (or `sign`),
/// `from=18:00`, `until=23:30` (past midnight as `25:00`), `mine=1`. What is not one of these, or
/// not a value it takes, is left out: the page shows every show then, never an error.
extension ShowFilter {
    init(query: [String: String]) {
        self.init(
            spoken: query["spoken"].flatMap(Self.languageCode), subtitles: query["subs"].flatMap(Self.languageCode),
            picture: query["format"].flatMap(Picture.init(rawValue:)),
            accessibility: query["access"].flatMap(Accessibility.init(rawValue:)),
            startsFrom: query["from"].flatMap(Self.minutes), endsBy: query["until"].flatMap(Self.minutes),
            onlyMyTheatres: query["mine"] == "1")
    }

    /// The filter's part of an address's query, each set part as `&name=value` in a fixed order;
    /// empty for an empty filter.
    var query: String {
        var query = ""
        if let spoken { query += "&spoken=" + spoken }
        if let subtitles { query += "&subs=" + subtitles }
        if let picture { query += "&format=" + picture.rawValue }
        if let accessibility { query += "&access=" + accessibility.rawValue }
        if let startsFrom { query += "&from=" + Self.clock(startsFrom) }
        if let endsBy { query += "&until=" + Self.clock(endsBy) }
        if onlyMyTheatres { query += "&mine=1" }
        return query
    }
}
