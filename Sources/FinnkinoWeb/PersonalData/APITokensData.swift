import FinnkinoKit
import Foundation

/// The person's personal API tokens: listed (name, made, last used; never a secret, which the
/// server does not have), and erased with them.
struct APITokensData: PersonalData {
    let tokens: any APITokens

    var stores: [any PersonalStore] { [tokens] }

    func export(of person: PersonID, into document: inout PersonDataDocument) throws {
        document.add("apiTokens", try tokens.tokens(of: person))
    }

    func erase(_ person: PersonID) async throws { try tokens.erase(person) }
}
