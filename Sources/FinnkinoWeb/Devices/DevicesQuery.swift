import FinnkinoKit

/// The Devices page's query: `code=ABCD-EFGH`, a join code to fill in (what the QR code opens).
struct DevicesQuery: ScreenQuery {
    var code: JoinCode?

    init(code: JoinCode?) { self.code = code }

    init(values: [String: String]) { code = values["code"].flatMap { JoinCode(typed: $0) } }

    var parts: [(name: String, value: String)] { code.map { [("code", $0.description)] } ?? [] }
}
