import FinnkinoPresentation
import Testing

/// The one rule of which area a page shows: asked, else remembered, else the home area.
@Suite struct AreaChoiceTests {
    @Test func parametersAreAnAreaOrAllAndNothingElse() {
        #expect(AreaChoice(parameter: "1041") == .area(1041))
        #expect(AreaChoice(parameter: "all") == .allOfFinland)
        for bad in ["", "ALL", "0", "-3", "1000000", "12a", "9999999999999999999999"] {
            #expect(AreaChoice(parameter: bad) == nil, "\(bad)")
        }
        #expect(AreaChoice.area(1041).parameter == "1041")
        #expect(AreaChoice.allOfFinland.parameter == "all")
        #expect(AreaChoice.notChosen.parameter == nil)
        #expect(AreaChoice(nil) == .allOfFinland && AreaChoice(1014) == .area(1014))
    }

    @Test func theRequestThenTheRememberedThenTheHomeArea() {
        let asked = AreaChoice.resolve(asked: .area(1014), remembered: .allOfFinland, homeArea: 1041)
        #expect(asked.choice == .area(1014) && asked.listArea == 1014 && asked.showsArea == 1014)
        let remembered = AreaChoice.resolve(asked: nil, remembered: .area(1015), homeArea: 1041)
        #expect(remembered.listArea == 1015 && remembered.showsArea == 1015)
        let home = AreaChoice.resolve(asked: nil, remembered: nil, homeArea: 1041)
        #expect(home.choice == .area(1041) && home.listArea == 1041 && home.showsArea == 1041)
        let nothing = AreaChoice.resolve(asked: nil, remembered: nil, homeArea: nil)
        #expect(nothing.choice == .notChosen && nothing.listArea == AreaChoice.helsinki)
        #expect(nothing.showsArea == AreaChoice.helsinki)
    }

    @Test func allOfFinlandListsEverythingAndShowsTheHomeArea() {
        let all = AreaChoice.resolve(asked: nil, remembered: .allOfFinland, homeArea: 1041)
        #expect(all.listArea == nil)
        #expect(all.showsArea == 1041)
        let allWithoutHome = AreaChoice.resolve(asked: .allOfFinland, remembered: .area(1015), homeArea: nil)
        #expect(allWithoutHome.listArea == nil && allWithoutHome.showsArea == AreaChoice.helsinki)
    }
}
