import Foundation
import Testing

@testable import FinnkinoKit
@testable import FinnkinoPresentation

/// The "watch together" list's rules on the bundled programme: shared movies only, best first (the
/// most members', then the soonest show), each show in every member's area, their own theatres
/// and an evening when asked, and only nicknames of the members.
@Suite struct TogetherViewModelTests {
    let start = PresentationFixtures.morning
    let anna = PersonID(rawValue: 1)
    let ben = PersonID(rawValue: 2)
    let cleo = PersonID(rawValue: 3)

    func group(_ members: [TogetherMember]) -> TogetherGroup {
        TogetherGroup(
            id: 1, code: TogetherCode.random(), owner: anna, createdAt: start,
            expiresAt: start.addingTimeInterval(TogetherLimits.lifetime), members: members)
    }

    func load(_ group: TogetherGroup, follows: [PersonID: [Int]]) async throws -> TogetherViewModel.Outputs {
        var viewModel = TogetherViewModel(
            store: try PresentationFixtures.bundledStore(), language: .en, now: { [start] in start })
        viewModel.groupChanged(group, viewer: anna)
        viewModel.followedMoviesRead { person in
            Dictionary(uniqueKeysWithValues: (follows[person] ?? []).map { ($0, "Movie \($0)") })
        }
        await viewModel.load()
        return viewModel.outputs
    }

    @Test func theSharedMoviesBestFirstWithShowsThatSuitEveryone() async throws {
        let store = try PresentationFixtures.bundledStore()
        let programme = try await store.programme(area: 1002, from: PresentationFixtures.today).value
            .filter { $0.start >= start }
        // Three movies of Helsinki's programme, by their first show
        let firsts = Dictionary(grouping: programme, by: \.eventID).mapValues { $0.map(\.start).min()! }
        let byFirst = firsts.sorted { ($0.value, $0.key) < ($1.value, $1.key) }.map(\.key)
        let (early, late, everyone) = (byFirst[0], byFirst[5], byFirst[9])
        let members = [
            TogetherMember(person: anna, nickname: "Anna", joinedAt: start, area: 1002),
            TogetherMember(person: ben, nickname: "Ben", joinedAt: start, area: 1014),
            TogetherMember(person: cleo, nickname: "Cleo", joinedAt: start, area: 1002),
        ]
        // `everyone` by all three, `late` and `early` by two (the later first in their lists), one movie by Ben alone
        let follows = [anna: [everyone, late, early], ben: [everyone, late, byFirst[2]], cleo: [everyone, early]]
        let outputs = try await load(group(members), follows: follows)
        #expect(outputs.nicknames == ["Anna (you)", "Ben", "Cleo"])
        #expect(outputs.isOwner && outputs.me?.nickname == "Anna")
        #expect(outputs.movies.map(\.id) == [everyone, early, late])
        #expect(outputs.movies.map(\.wantedBy) == ["3/3 want it", "2/3 want it", "2/3 want it"])
        // Each show is Helsinki's (in Ben's capital region too), upcoming, within seven days, by start
        let helsinki = Set(programme.map(\.id))
        for movie in outputs.movies {
            #expect(!movie.shows.isEmpty && movie.shows.count <= TogetherViewModel.showsPerMovie)
            #expect(movie.shows.allSatisfy { helsinki.contains($0.id) })
            #expect(movie.shows.allSatisfy { $0.date <= PresentationFixtures.today.adding(days: 6) })
        }
        // With Cleo's own theatre and Ben's evenings: only shows there, from 17:00
        var constrained = members
        constrained[1].eveningsOnly = true
        let tennispalatsi = try #require(TheatreLocations.all.first { $0.name == "Tennispalatsi" }).areaID
        constrained[2].theatres = [tennispalatsi]
        let evenings = try await load(group(constrained), follows: follows)
        let shows = evenings.movies.flatMap(\.shows)
        #expect(!shows.isEmpty)
        #expect(shows.allSatisfy { $0.theatre.hasPrefix("Tennispalatsi") })
        let byID = Dictionary(uniqueKeysWithValues: programme.map { ($0.id, $0) })
        for show in shows {
            let listed = try #require(byID[show.id])
            #expect(HelsinkiTime.wallClockMinutes(of: listed.start, from: show.date) >= TogetherLimits.eveningFrom)
        }
    }

    @Test func aloneNothingSharedAndNoTheatreInEveryonesArea() async throws {
        let anna = TogetherMember(person: anna, nickname: "Anna", joinedAt: start, area: 1002)
        let alone = try await load(group([anna]), follows: [self.anna: [1, 2]])
        #expect(alone.movies.isEmpty && alone.emptyMessage == TogetherStrings.english.alone)
        let ben = TogetherMember(person: ben, nickname: "Ben", joinedAt: start, area: 1002)
        let apart = try await load(group([anna, ben]), follows: [self.anna: [1], self.ben: [2]])
        #expect(apart.movies.isEmpty && apart.emptyMessage == TogetherStrings.english.nothingShared)
        // Tampere and Helsinki share no theatre: the shared movie is listed with no show
        let store = try PresentationFixtures.bundledStore()
        let movie = try #require(try await store.programme(area: 1002, from: PresentationFixtures.today).value.first)
            .eventID
        var tampere = ben
        tampere.area = 1021
        let far = try await load(group([anna, tampere]), follows: [self.anna: [movie], self.ben: [movie]])
        #expect(far.movies.map(\.id) == [movie] && far.movies[0].shows.isEmpty)
        #expect(far.emptyMessage == TogetherStrings.english.noShows)
    }
}
