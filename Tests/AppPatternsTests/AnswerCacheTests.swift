import AppPatternsTesting
import Foundation
import Testing

@testable import AppPatterns

/// What is derived from an answer is made once per answer, made again for a new answer, and keeps
/// no answer alive; nor does a value that names its answer.
@Suite struct AnswerCacheTests {
    private let endpoint = LinesEndpoint()
    private let clock = ManualClock()

    private func ok(_ text: String) -> StubTransport.Reply { .status(200, body: Data(text.utf8)) }

    private func service(_ stub: StubTransport) -> WebService {
        WebService(
            transport: stub, cache: InMemoryPayloadCache(), reachability: Reachability(now: clock.dateSource),
            now: clock.dateSource)
    }

    @Test func aValueIsMadeOncePerAnswerAndAgainForANewOne() async throws {
        // Given a source answering "a", then "a\nb" after its cache period
        let service = service(StubTransport(replies: [ok("a"), ok("a\nb")]))
        let cache = AnswerCache<Int, Int>(countLimit: 8)
        var made = 0
        let count = { (lines: [String]) -> Int in
            made += 1
            return lines.count
        }
        // When the same answer is loaded twice, fresh from the decoded values and from the cache
        let first = try await service.load(endpoint, maxAge: 60)
        let again = try await service.load(endpoint, maxAge: 60)
        // Then both name one answer, and the value is made once
        #expect(first.answer != nil && first.answer == again.answer)
        #expect(cache.value(of: first, 0, make: count) == 1)
        #expect(cache.value(of: again, 0, make: count) == 1)
        #expect(made == 1)
        // And under another key it is made for that key
        #expect(cache.value(of: again, 1, make: count) == 1)
        #expect(made == 2)
        // When the cache period passes and the source answers new bytes
        clock.advance(by: .seconds(90))
        let second = try await service.load(endpoint, maxAge: 60)
        // Then that is another answer, and its value is made anew
        #expect(second.answer != first.answer)
        #expect(cache.value(of: second, 0, make: count) == 2)
        #expect(made == 3)
        // And a mapped value names its answer still
        #expect(second.map(\.count).answer == second.answer)
    }

    @Test func aValueThatNamesNoAnswerIsMadeEveryTime() {
        let cache = AnswerCache<Int, Int>(countLimit: 8)
        var made = 0
        let loaded = Loaded(value: ["a"], fetchedAt: Date(timeIntervalSince1970: 0))
        for _ in 0..<2 {
            _ = cache.value(of: loaded, 0) { lines in
                made += 1
                return lines.count
            }
        }
        #expect(made == 2)
        #expect(cache.count == 0)
    }

    @Test func anAnswerReplacedIsNotKeptAliveByWhatWasMadeOfIt() async throws {
        // Given values made of an answer that the web service then replaces with a new one
        let service = service(StubTransport(replies: [ok("a"), ok("a\nb")]))
        let cache = AnswerCache<Int, Int>(countLimit: 8)
        let kept: Loaded<Int>
        do {
            let first = try await service.load(endpoint, maxAge: 60)
            _ = cache.value(of: first, 0) { $0.count }
            kept = first.map(\.count)
        }
        #expect(cache.liveCount == 1)
        #expect(kept.answer?.isAlive == true)
        clock.advance(by: .seconds(90))
        let second = try await service.load(endpoint, maxAge: 60)
        _ = cache.value(of: second, 0) { $0.count }
        // Then the first answer is gone (the web service keeps the new one), though a value mapped
        // from it is still kept, and the cache holds only the entry of the second alive
        #expect(kept.answer != nil && kept.answer?.isAlive == false)
        #expect(cache.count == 2)
        #expect(cache.liveCount == 1)
    }

    @Test func callersThatMadeAValueAtOnceAllGoOnWithTheFirstKept() async throws {
        // Given an answer, and a value made while another caller made and kept its own (the
        // other caller runs inside the first one's make, as a request on the other core would)
        let service = service(StubTransport(replies: [ok("a")]))
        let cache = AnswerCache<Int, [Int]>(countLimit: 8)
        let loaded = try await service.load(endpoint, maxAge: 60)
        var inner: [Int] = []
        let outer = cache.value(of: loaded, 0) { _ in
            inner = cache.value(of: loaded, 0) { _ in [1] }
            return [2]
        }
        // Then both go on with the value kept first, and it is the one kept
        #expect(inner == [1])
        #expect(outer == [1])
        #expect(cache.value(of: loaded, 0) { _ in [3] } == [1])
    }
}
