import AppPatterns
import Testing

/// Yields until `condition` holds, a bounded number of times, so a broken expectation fails
/// instead of hanging. No sleeping.
public func yieldUntil(
    _ condition: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation
) async {
    for _ in 0..<100_000 where !condition() { await Task.yield() }
    #expect(condition(), sourceLocation: sourceLocation)
}

extension Subject {
    /// Waits for the first value (current or later) that satisfies `condition`.
    @discardableResult
    public func first(where condition: (Value) -> Bool) async -> Value? {
        for await value in values() where condition(value) { return value }
        return nil
    }
}
