import AppPatterns

extension FeedStore {
    /// Whether the data source answers (Observer): fed by every request the store sends, and by
    /// ``watchSource(every:clock:)`` while it does not.
    public var reachability: Reachability { webService.reachability }

    /// Watches the source: while it is unreachable, probes it every `interval` with a small request
    /// (the area list, past the cache) until it answers; the feeds' updaters, paused meanwhile,
    /// resume then. Runs until the returned task is cancelled.
    public func watchSource(every interval: Duration, clock: any Clock<Duration> = ContinuousClock()) -> Task<
        Void, Never
    > {
        let reachability = webService.reachability
        let transport = webService.transport
        let probe = TheatreAreasEndpoint(language: language).request
        return Task {
            for await status in reachability.values() {
                if status.isUnreachable {
                    reachability.startProbing(every: interval, clock: clock) { _ = try await transport.send(probe) }
                } else {
                    await reachability.stopProbing()
                }
            }
            await reachability.stopProbing()
        }
    }
}
