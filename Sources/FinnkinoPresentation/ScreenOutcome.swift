/// What a screen could show: the one fact its page's status code is made from (200, 404 or 503),
/// set by the screen's view model where it meets the store's answer, never read back from its words.
public enum ScreenOutcome: Sendable, Hashable {
    /// What was asked for is shown (fresh, or saved from an earlier answer).
    case shown
    /// The source has no such thing: a movie, show or article of that ID.
    case notFound
    /// The source cannot be read (down, broken, or not configured) and nothing of it is saved:
    /// there is nothing to show until it answers again.
    case unavailable
}
