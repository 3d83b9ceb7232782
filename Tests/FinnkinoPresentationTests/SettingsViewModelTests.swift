import FinnkinoKit
import FinnkinoPresentation
import Foundation
import NIOConcurrencyHelpers
import Testing

/// The settings without HTTP: language, own theatres, location, and what bad input leaves.
@Suite struct SettingsViewModelTests {
    /// A view model whose place and location say whether they were asked for.
    private final class Person: Sendable {
        let place = MemoryPlace()
        let location = LocationService()
        let asked = NIOLockedValueBox(0)

        func settings(_ language: UILanguage = .en) -> SettingsViewModel {
            SettingsViewModel(
                place: {
                    self.asked.withLockedValue { $0 += 1 }
                    return self.place
                },
                location: {
                    self.asked.withLockedValue { $0 += 1 }
                    return self.location
                }, language: language)
        }
    }

    @Test func aLanguageIsKeptAndAnythingElseRefused() {
        let person = Person()
        var settings = person.settings()
        let chosen = settings.languageChosen("sv")
        #expect(chosen == .sv && person.place.place.language == .sv)
        for bad in ["", "de", "FI", "fi;", "<script>"] {
            let refused = settings.languageChosen(bad)
            #expect(refused == nil, "\(bad)")
        }
        #expect(person.place.place.language == .sv)
    }

    @Test func onlyKnownTheatresAreKeptOnceEachInOrder() {
        let person = Person()
        var settings = person.settings()
        settings.theatresChosen(["1038", "x", "1039", "1038", "99999", "-1", ""])
        #expect(person.place.place.myTheatres == [1038, 1039])
        #expect(settings.outputs.message == ShowStrings.english.myTheatresSaved)
        settings.theatresChosen([])
        #expect(person.place.place.myTheatres == [])
    }

    @Test func aLocationIsUsedAndForgottenAndNonsenseKeepsNothing() {
        let person = Person()
        var settings = person.settings()
        // Not a place: the person's place and location are not even asked for
        let atlantis = settings.locationTyped("Atlantis", fromBrowser: false)
        #expect(!atlantis && settings.outputs.message == UIStrings.english.unknownLocation("Atlantis"))
        let offTheMap = settings.locationTyped("91,200", fromBrowser: true)
        #expect(!offTheMap && person.asked.withLockedValue { $0 } == 0)
        let tampere = settings.locationTyped("Tampere", fromBrowser: false)
        #expect(tampere && settings.outputs.message == nil && person.location.location != nil)
        let browser = settings.locationTyped("60.17,24.94", fromBrowser: true)
        #expect(browser)
        guard case .browser = person.location.source else {
            Issue.record("the browser's position is not the source: \(person.location.source)")
            return
        }
        settings.locationForgotten()
        #expect(person.location.source == .none && person.location.location == nil)
    }
}
