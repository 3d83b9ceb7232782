import FinnkinoKit
import FinnkinoPresentation
import FinnkinoStores
import Foundation
import Testing

/// The Devices screen without HTTP: listing, a code, joining with it, signing out.
@Suite struct DevicesViewModelTests {
    @Test func aCodeJoinsAnotherBrowserWhichThenSignsOut() throws {
        let persons = try SQLitePersonStore.inMemory()
        let (person, phone) = try persons.newPerson(device: "Phone")
        var onPhone = DevicesViewModel(persons: persons, person: person, session: phone, language: .en)
        try onPhone.newCodeRequested()
        let code = try #require(onPhone.outputs.code)
        // A browser that was nobody (made a person for this change) joins with the code
        let (stranger, laptop) = try persons.newPerson(device: "")
        var onLaptop = DevicesViewModel(persons: persons, person: stranger, session: laptop, language: .en)
        let outcome = try onLaptop.joinRequested(
            code.description, device: "Laptop", withinLimits: true, madeForThisChange: true)
        guard case .joined(let joined, let token) = outcome else {
            Issue.record("not joined: \(outcome)")
            return
        }
        #expect(joined == person && onLaptop.outputs.message == DeviceStrings.english.joined)
        #expect(try persons.person(of: laptop) == nil && persons.dates(of: stranger) == nil)
        // Both browsers are listed, this one marked
        var joinedLaptop = DevicesViewModel(persons: persons, person: person, session: token, language: .en)
        try joinedLaptop.load()
        #expect(Set(joinedLaptop.outputs.rows.map(\.name)) == ["Phone", "Laptop"])
        #expect(joinedLaptop.outputs.rows.filter(\.isCurrent).map(\.name) == ["Laptop"])
        // The phone signs the laptop out; then the laptop is gone
        let laptopID = try #require(joinedLaptop.outputs.rows.first { $0.isCurrent }?.id)
        let signingOutTheLaptop = try onPhone.signOutRequested(laptopID)
        #expect(signingOutTheLaptop == .signedOut)
        #expect(onPhone.outputs.message == DeviceStrings.english.signedOut)
        #expect(try persons.person(of: token) == nil)
        let signingOutAgain = try onPhone.signOutRequested(laptopID)
        #expect(signingOutAgain == .noSuchDevice)
        // And the phone signs itself out
        try onPhone.load()
        let phoneID = try #require(onPhone.outputs.rows.first?.id)
        let signingOutItself = try onPhone.signOutRequested(phoneID)
        #expect(signingOutItself == .signedOutThisBrowser)
    }

    @Test func aWrongCodeOrTooManyTriesJoinsNothing() throws {
        let persons = try SQLitePersonStore.inMemory()
        let (person, session) = try persons.newPerson(device: "Phone")
        var viewModel = DevicesViewModel(persons: persons, person: person, session: session, language: .fi)
        for typed in ["", "ABCD-EFGH", "<script>", String(repeating: "A", count: 5_000)] {
            let outcome = try viewModel.joinRequested(
                typed, device: "x", withinLimits: true, madeForThisChange: false)
            #expect(outcome == .wrongCode)
            #expect(viewModel.outputs.message == DeviceStrings.finnish.wrongCode)
        }
        try viewModel.newCodeRequested()
        let code = try #require(viewModel.outputs.code).description
        let outcome = try viewModel.joinRequested(code, device: "x", withinLimits: false, madeForThisChange: false)
        #expect(outcome == .tooManyTries)
        #expect(viewModel.outputs.message == DeviceStrings.finnish.tooManyTries)
        #expect(try persons.person(of: session) == person && persons.devices(of: person).count == 1)
    }

    @Test func joiningLeavesAtMostTheLimitOfDevices() throws {
        let persons = try SQLitePersonStore.inMemory()
        let (person, first) = try persons.newPerson(device: "Device 0")
        var viewModel = DevicesViewModel(persons: persons, person: person, session: first, language: .en)
        for index in 1...DevicesViewModel.maxDevices {
            try viewModel.newCodeRequested()
            let (other, session) = try persons.newPerson(device: "")
            var joining = DevicesViewModel(persons: persons, person: other, session: session, language: .en)
            let code = try #require(viewModel.outputs.code).description
            _ = try joining.joinRequested(code, device: "Device \(index)", withinLimits: true, madeForThisChange: true)
        }
        try viewModel.load()
        #expect(viewModel.outputs.rows.count == DevicesViewModel.maxDevices)
    }
}
