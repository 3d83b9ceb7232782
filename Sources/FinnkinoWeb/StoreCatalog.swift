import FinnkinoKit
import Synchronization

/// One FeedStore per content language, made on first use and shared by every request.
final class StoreCatalog: Sendable {
    private let make: @Sendable (ContentLanguage) throws -> FeedStore
    private let stores = Mutex<[ContentLanguage: FeedStore]>([:])

    init(make: @escaping @Sendable (ContentLanguage) throws -> FeedStore) {
        self.make = make
    }

    func store(for language: ContentLanguage) throws -> FeedStore {
        try stores.withLock { stores in
            if let store = stores[language] { return store }
            let store = try make(language)
            stores[language] = store
            return store
        }
    }

    /// Stops every store's feeds (for shutdown).
    func stopFeeds() async {
        let all = stores.withLock { Array($0.values) }
        for store in all { await store.stopFeeds() }
    }
}
