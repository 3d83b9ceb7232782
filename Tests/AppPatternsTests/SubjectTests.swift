import AppPatterns
import TestSupport
import Testing

@Suite(.timeLimit(.minutes(3))) struct SubjectTests {
    @Test func anObserverGetsTheCurrentValueThenEveryChangeInOrder() async {
        // Given a subject holding 0 and an observer
        let subject = Subject(0)
        var iterator = subject.values().makeAsyncIterator()
        // When three values are sent
        subject.send(1)
        subject.send(2)
        subject.update { $0 += 10 }
        // Then the observer sees the value current at subscription, then each change in order
        var seen: [Int] = []
        for _ in 0..<4 { if let value = await iterator.next() { seen.append(value) } }
        #expect(seen == [0, 1, 2, 12])
        #expect(subject.value == 12)
    }

    @Test func manyObserversEachGetEveryValue() async {
        // Given five observers of one subject
        let subject = Subject("a")
        let streams = (0..<5).map { _ in subject.values() }
        #expect(subject.observerCount == 5)
        // When two values are sent
        subject.send("b")
        subject.send("c")
        // Then every observer received all three values in the same order
        for stream in streams {
            var seen: [String] = []
            for await value in stream {
                seen.append(value)
                if seen.count == 3 { break }
            }
            #expect(seen == ["a", "b", "c"])
        }
    }

    @Test func aLateObserverStartsWithTheValueCurrentAtSubscription() async {
        // Given a subject that changed before anyone observed it
        let subject = Subject(1)
        subject.send(2)
        subject.send(3)
        // When an observer subscribes
        var iterator = subject.values().makeAsyncIterator()
        // Then its first value is the latest, not the initial one
        #expect(await iterator.next() == 3)
    }

    @Test func concurrentSendersAreSeenInOneOrderByEveryObserver() async {
        // Given two observers
        let subject = Subject(0)
        let first = subject.values()
        let second = subject.values()
        // When 200 values are sent from many tasks at once
        await withTaskGroup(of: Void.self) { group in
            for value in 1...200 { group.addTask { subject.send(value) } }
        }
        // Then both observers saw the same 201 values in the same order
        func collect(_ stream: AsyncStream<Int>) async -> [Int] {
            var seen: [Int] = []
            for await value in stream {
                seen.append(value)
                if seen.count == 201 { break }
            }
            return seen
        }
        let a = await collect(first)
        let b = await collect(second)
        #expect(a.count == 201)
        #expect(a == b)
        #expect(Set(a) == Set(0...200))
    }

    @Test func breakingOutOfTheLoopUnsubscribes() async {
        // Given an observer iterating in a loop
        let subject = Subject(0)
        for await value in subject.values() where value == 0 {
            #expect(subject.observerCount == 1)
            // When the consumer stops iterating
            break
        }
        // Then nobody observes any more
        #expect(subject.observerCount == 0)
    }

    @Test func droppingTheStreamUnsubscribes() {
        // Given observations that are created and dropped without being iterated
        let subject = Subject(0)
        do {
            let stream = subject.values()
            _ = stream
            #expect(subject.observerCount == 1)
        }
        // Then the count is back to zero
        #expect(subject.observerCount == 0)
    }

    @Test func cancellingTheObservingTaskUnsubscribes() async {
        // Given a task that observes forever
        let subject = Subject(0)
        let started = Subject(false)
        let task = Task {
            var count = 0
            for await _ in subject.values() {
                count += 1
                started.send(true)
            }
            return count
        }
        for await value in started.values() where value { break }
        #expect(subject.observerCount == 1)
        // When the task is cancelled
        task.cancel()
        let received = await task.value
        // Then the observation ended and the count is zero
        #expect(received >= 1)
        #expect(subject.observerCount == 0)
    }

    @Test func aSlowObserverCanKeepOnlyTheNewestValue() async {
        // Given an observer that keeps only the newest value
        let subject = Subject(0)
        var iterator = subject.values(bufferingPolicy: .bufferingNewest(1)).makeAsyncIterator()
        // When several values are sent before it reads
        for value in 1...5 { subject.send(value) }
        // Then it reads only the latest
        #expect(await iterator.next() == 5)
    }
}

@Suite(.timeLimit(.minutes(3))) struct SubjectReplaceTests {
    @Test func aNilReplacementNotifiesNobody() async {
        // Given an observer of a subject holding 1
        let subject = Subject(1)
        var iterator = subject.values().makeAsyncIterator()
        #expect(await iterator.next() == 1)
        // When a replacement declines (nil), then one replaces with 2
        #expect(!subject.replace { _ in nil })
        #expect(subject.replace { $0 + 1 })
        // Then the observer's next value is 2: the declined one sent nothing
        #expect(await iterator.next() == 2)
        #expect(subject.value == 2)
    }

    @Test func observationsEndWhenTheSubjectIsGone() async {
        // Given an observation of a subject that is then released
        var subject: Subject<Int>? = Subject(4)
        let stream = subject?.values()
        subject = nil
        // When the observation is iterated
        var seen: [Int] = []
        if let stream { for await value in stream { seen.append(value) } }
        // Then it delivered the value it had and ended
        #expect(subject == nil)
        #expect(seen == [4])
    }
}

@Suite struct SubjectConcurrencyTests {
    @Test func observersOpenedAndCancelledWhileAnotherTaskUpdatesNeverDeadlock() async {
        // Given a subject changed without pause by one task
        let subject = Subject(0)
        let updates = Task.detached {
            var sent = 0
            while !Task.isCancelled {
                subject.update { $0 += 1 }
                sent += 1
                if sent % 64 == 0 { await Task.yield() }
            }
        }
        // When 20,000 observers start, get a value and are cancelled at once, four at a time
        let finished = await failingOnDeadlock("Subject observer churn", within: .seconds(60)) {
            await withTaskGroup(of: Void.self) { group in
                for index in 0..<20_000 {
                    if index >= 4 { await group.next() }
                    group.addTask {
                        let observer = Task {
                            for await _ in subject.values(bufferingPolicy: .bufferingNewest(1)) {}
                        }
                        await Task.yield()
                        observer.cancel()
                        await observer.value
                    }
                }
            }
            return true
        }
        updates.cancel()
        await updates.value
        // Then all of it finished (a deadlock ends the run) and no observation is left behind
        #expect(finished)
        #expect(subject.observerCount == 0)
        #expect(subject.value > 0)
    }
}
