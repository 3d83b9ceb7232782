import FinnkinoKit
import Foundation
import Hummingbird
import NIOConcurrencyHelpers
import ServiceLifecycle
import WebSupport

/// `/live`: server-sent events for one page. Subscribes to the subjects of the feeds the page shows
/// (starting their schedules while observed), re-renders the page's live fragment when one changes
/// and pushes it when it differs from what was last sent. The subscriptions end when the client
/// goes away, and when the server is asked to stop (a page left open must not hold up Ctrl-C).
///
/// It also observes the data source's reachability: the offline banner is pushed when the source
/// stops answering and taken away when it answers again, and then the page's feeds refresh.
struct LiveUpdates: Sendable {
    let app: AppDependencies
    let screens: LiveScreens

    /// The event stream for `screen`, written into `writer` until `closed` finishes (the client
    /// went away), the server shuts down, or the calling task is cancelled.
    func stream(
        _ screen: ScreenRequest, client: ClientState, writer: inout any ResponseBodyWriter,
        until closed: AsyncStream<Void>
    ) async throws {
        let store = try app.store(client)
        let live = try screens.live(screen, client: client)
        let feeds = live.feeds
        let (changes, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        // Observe before rendering what the page has, so that no change in between goes unsent.
        let observations = feeds.map { feed in feed.subscribe { continuation.yield() } }
        let statuses = store.reachability.values()
        let initiallyUnreachable = store.reachability.status.isUnreachable
        // What the page has is made before the shutdown handler below is in place, and may take
        // seconds (the first look at an area's programme decodes its 31 days): the stream ends at
        // once when the server is asked to stop meanwhile, and the rendering is left to finish
        // on its own (the debug server's SIGTERM waited 5 s for three of them: ServerKillTests).
        // (The feeds are not started yet, and the observations end with this call.)
        guard let first = try await Self.unlessShuttingDown({ try await live.fragment().html }) else { return }
        var last = first
        var lastBanner = app.connectivityNotice(client)
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await _ in closed {}
                continuation.finish()
            }
            for observation in observations {
                group.addTask { await observation() }
            }
            group.addTask {
                var wasUnreachable = initiallyUnreachable
                for await status in statuses {
                    guard status.isUnreachable != wasUnreachable else { continue }
                    wasUnreachable = status.isUnreachable
                    if !wasUnreachable {
                        for feed in feeds { _ = await feed.refresh() }
                    }
                    continuation.yield()
                }
            }
            for feed in feeds { feed.start() }
            await withGracefulShutdownHandler {
                do {
                    try await writer.write(ByteBuffer(string: "retry: 5000\n: subscribed\n\n"))
                    for await _ in changes {
                        let banner = app.connectivityNotice(client)
                        if banner != lastBanner {
                            lastBanner = banner
                            var html = HTMLWriter(capacity: 256)
                            PageLayout.connectivityBanner(banner, into: &html)
                            try await writer.write(
                                ByteBuffer(string: Self.event(id: PageLayout.connectivityID, html: html.html)))
                        }
                        let fragment = try await live.fragment()
                        guard fragment.html != last else { continue }
                        last = fragment.html
                        try await writer.write(
                            ByteBuffer(string: Self.event(id: fragment.id, html: fragment.html.markup)))
                    }
                } catch {
                    // The client went away while writing: end like a cancellation.
                }
            } onGracefulShutdown: {
                continuation.finish()
            }
            continuation.finish()
            group.cancelAll()
        }
        for feed in feeds { await feed.stopIfUnobserved() }
    }

    /// `operation`'s value, or nil as soon as the server is asked to stop (graceful shutdown),
    /// without waiting for `operation`, which then finishes or fails unheard in a task of its own.
    static func unlessShuttingDown<Value: Sendable>(
        _ operation: @escaping @Sendable () async throws -> Value
    ) async throws -> Value? {
        let outcome = FirstOutcome<Value>()
        let task = Task {
            do {
                outcome.settle(.success(.some(try await operation())))
            } catch {
                outcome.settle(.failure(error))
            }
        }
        return try await withGracefulShutdownHandler {
            try await withCheckedThrowingContinuation { outcome.await($0) }
        } onGracefulShutdown: {
            outcome.settle(.success(nil))
            task.cancel()
        }
    }

    /// A live fragment: the element's id and its inner HTML.
    struct Fragment: Encodable {
        var id: String
        var html: String
    }

    /// `event: fragment` with the fragment as one line of JSON.
    static func event(id: String, html: String) -> String {
        "event: fragment\ndata: " + JSONAnswer.text(Fragment(id: id, html: html)) + "\n\n"
    }
}

/// The first of two outcomes (a value, or the server stopping), handed to the one who awaits it
/// once, whichever comes first and whenever the waiting begins.
private final class FirstOutcome<Value: Sendable>: Sendable {
    private struct State {
        var outcome: Result<Value?, any Error>?
        var waiting: CheckedContinuation<Value?, any Error>?
    }

    private let state = NIOLockedValueBox(State())

    func settle(_ result: Result<Value?, any Error>) {
        let waiting = state.withLockedValue { state -> CheckedContinuation<Value?, any Error>? in
            guard state.outcome == nil else { return nil }
            state.outcome = result
            defer { state.waiting = nil }
            return state.waiting
        }
        waiting?.resume(with: result)
    }

    func await(_ continuation: CheckedContinuation<Value?, any Error>) {
        let outcome = state.withLockedValue { state -> Result<Value?, any Error>? in
            if state.outcome == nil { state.waiting = continuation }
            return state.outcome
        }
        if let outcome { continuation.resume(with: outcome) }
    }
}
