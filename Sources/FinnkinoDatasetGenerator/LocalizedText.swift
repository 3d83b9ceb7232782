/// A text in the dataset's languages. Swedish is served from the Finnish files (see README).
struct LocalizedText: Hashable {
    var fi: String
    var en: String

    init(_ fi: String, _ en: String) {
        self.fi = fi
        self.en = en
    }

    init(same text: String) {
        self.init(text, text)
    }

    subscript(language: DatasetLanguage) -> String {
        switch language {
        case .fi: fi
        case .en: en
        }
    }
}

/// The languages the generator writes files for.
enum DatasetLanguage: String, CaseIterable {
    case fi, en
}
