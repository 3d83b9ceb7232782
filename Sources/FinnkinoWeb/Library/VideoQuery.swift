/// A library video's query: `download=1` (any value) sends it as a file to save.
struct VideoQuery: ScreenQuery {
    var download: Bool

    init(download: Bool) { self.download = download }

    init(values: [String: String]) { download = values["download"] != nil }

    var parts: [(name: String, value: String)] { download ? [("download", "1")] : [] }
}
