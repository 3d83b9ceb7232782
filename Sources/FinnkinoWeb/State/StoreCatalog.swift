import FinnkinoKit
import NIOConcurrencyHelpers

/// One FeedStore per content language, made on first use and shared by every request; each
/// watches its source (probing it while it does not answer, every `probeInterval`).
final class StoreCatalog: Sendable {
    private let make: @Sendable (ContentLanguage) throws -> FeedStore
    private let probeInterval: Duration
    private let stores = NIOLockedValueBox<[ContentLanguage: (store: FeedStore, watcher: Task<Void, Never>)]>([:])

    init(probeInterval: Duration, make: @escaping @Sendable (ContentLanguage) throws -> FeedStore) {
        self.make = make
        self.probeInterval = probeInterval
    }

    deinit {
        stores.withLockedValue { stores in for entry in stores.values { entry.watcher.cancel() } }
    }

    func store(for language: ContentLanguage) throws -> FeedStore {
        try stores.withLockedValue { stores in
            if let entry = stores[language] { return entry.store }
            let store = try make(language)
            stores[language] = (store, store.watchSource(every: probeInterval))
            return store
        }
    }

    /// Stops every store's feeds (for shutdown).
    func stopFeeds() async {
        let all = stores.withLockedValue { Array($0.values) }
        for entry in all { await entry.store.stopFeeds() }
    }
}
