import FinnkinoKit
import FinnkinoPresentation
import FinnkinoStores
import Foundation
import Testing

/// The API tokens of the Devices page: made with a name and shown once, listed by name with when
/// made and last used, refused without a name or past ten, revoked by their person only.
@Suite struct APITokensViewModelTests {
    let store = SQLiteAPITokens()
    let alice = PersonID(rawValue: 7)
    let made = Date(timeIntervalSince1970: 1_795_000_000)  // 18.11.2026

    func viewModel(_ person: PersonID, _ language: UILanguage = .en) -> APITokensViewModel {
        APITokensViewModel(tokens: store, person: person, language: language, now: { made })
    }

    @Test func aTokenIsShownOnceThenListedByItsName() throws {
        var page = viewModel(alice)
        try page.makeRequested(named: "Home Assistant")
        let secret = try #require(page.outputs.newSecret)
        #expect(APITokenSecret(text: secret) != nil && page.outputs.message == nil)
        // The next page lists it by name and dates, without the secret
        var next = viewModel(alice)
        try next.load()
        #expect(next.outputs.newSecret == nil)
        #expect(next.outputs.rows.map(\.name) == ["Home Assistant"])
        #expect(next.outputs.rows[0].facts == "Made 18.11.2026 · Not used yet")
        // Used: its last use is listed in the page's language
        _ = try store.person(holding: try #require(APITokenSecret(text: secret)), now: made.addingTimeInterval(86_400))
        var finnish = viewModel(alice, .fi)
        try finnish.load()
        #expect(finnish.outputs.rows[0].facts == "Tehty 18.11.2026 · Käytetty viimeksi 19.11.2026")
    }

    @Test func aBlankNameOrAnEleventhTokenIsRefusedWithWhy() throws {
        var page = viewModel(alice)
        try page.makeRequested(named: " \t ")
        #expect(page.outputs.newSecret == nil && page.outputs.message == UILanguage.en.devices.tokenNameRequired)
        for index in 0..<APITokenLimits.perPerson { try page.makeRequested(named: "t\(index)") }
        try page.load()
        #expect(!page.outputs.canMakeMore)
        var refused = viewModel(alice)
        try refused.makeRequested(named: "one more")
        #expect(refused.outputs.newSecret == nil && refused.outputs.message == UILanguage.en.devices.tooManyTokens)
    }

    @Test func onlyItsPersonRevokesAToken() throws {
        var page = viewModel(alice)
        try page.makeRequested(named: "e-ink")
        try page.load()
        let id = try #require(page.outputs.rows.first?.id)
        var someoneElse = viewModel(PersonID(rawValue: 8))
        #expect(try !someoneElse.revokeRequested(id))
        #expect(try page.revokeRequested(id) && page.outputs.message == UILanguage.en.devices.tokenRevoked)
        try page.load()
        #expect(page.outputs.rows.isEmpty && page.outputs.canMakeMore)
    }
}
