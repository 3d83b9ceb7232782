/// An upload's query: `name=clip.mov`, the file's name on the person's device (only its extension
/// is kept).
struct UploadQuery: ScreenQuery {
    var name: String

    init(name: String) { self.name = name }

    init(values: [String: String]) { name = values["name"] ?? "video" }

    var parts: [(name: String, value: String)] { [("name", name)] }
}
